import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_LIST_NEWEST, type TicketSummary } from '#shared/catalogue/tickets.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatNumber, formatTimestamp } from '../../i18n/format.ts';
import { subjectOf, ticketQueries, URGENCY_TINT } from './queries.ts';

/** /tickets: open tickets in server order tinted by urgency, then closed ones greyed (part 1 §2.8). */
export function TicketsPage() {
  const { t, i18n } = useTranslation();
  const query = useQuery(ticketQueries.list());
  // Load failures stop silently and the list shows empty (part 1 §8).
  const tickets = query.data?.data ?? [];
  const open = tickets.filter((ticket) => !ticket.resolved);
  const closed = tickets.filter((ticket) => ticket.resolved);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('route.tickets')}</Title>
        <Button component={Link} to="/tickets/add">
          {t('tickets.new')}
        </Button>
      </Group>
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : tickets.length === 0 ? (
        <Text>{t('tickets.none')}</Text>
      ) : (
        <>
          <TicketGroup title={t('tickets.open_group')} tickets={open} closed={false} language={i18n.language} />
          <TicketGroup title={t('tickets.closed_group')} tickets={closed} closed language={i18n.language} />
          {query.data?.older_closed_hidden && (
            <Text c="dimmed" size="sm">
              {t('tickets.older_closed_hidden', { formatted: formatNumber(TICKET_LIST_NEWEST, i18n.language) })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function TicketGroup({ title, tickets, closed, language }: { title: string; tickets: TicketSummary[]; closed: boolean; language: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const open = (id: number) => void navigate({ to: '/tickets/$id', params: { id: String(id) } });
  return (
    <section aria-label={title}>
      <Title order={2} size="h3" mb="xs">
        {title} ({formatNumber(tickets.length, i18n.language)})
      </Title>
      {tickets.length > 0 && (
        <Table highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('tickets.col_subject')}</Table.Th>
              <Table.Th>{t('tickets.col_urgency')}</Table.Th>
              <Table.Th>{t('tickets.col_problem')}</Table.Th>
              <Table.Th>{t('tickets.col_created')}</Table.Th>
              <Table.Th>{t('tickets.col_creator')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tickets.map((ticket) => (
              <Table.Tr
                key={ticket.id}
                data-urgency={ticket.urgency}
                data-resolved={closed}
                tabIndex={0}
                style={{
                  cursor: 'pointer',
                  background: closed ? 'var(--mantine-color-gray-1)' : URGENCY_TINT[ticket.urgency],
                  color: closed ? 'var(--mantine-color-dimmed)' : undefined,
                }}
                onClick={() => open(ticket.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') open(ticket.id);
                }}
              >
                <Table.Td>{subjectOf(ticket, t)}</Table.Td>
                <Table.Td>{t(`tickets.urgency.${ticket.urgency}`)}</Table.Td>
                <Table.Td>{t(`tickets.problem.${ticket.problem_type}`)}</Table.Td>
                <Table.Td>{formatTimestamp(ticket.created_at, language)}</Table.Td>
                <Table.Td>
                  {ticket.creator.firstname} {ticket.creator.lastname}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
