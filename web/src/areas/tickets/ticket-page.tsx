import { Alert, Anchor, Badge, Button, Group, Image, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { followupTicket, TICKET_LIMITS } from '#shared/catalogue/tickets.ts';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatTimestamp } from '../../i18n/format.ts';
import { dataIsJson, subjectOf, ticketQueries, useFollowupTicketMutation, useResolveTicketMutation } from './queries.ts';
import { isApiError } from '../../api/client.ts';

/** What a user typed may hold a word longer than the screen (a pasted link): it wraps rather than running off the page. */
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

const URGENCY_COLOR: Record<number, string> = { 1: 'gray', 2: 'yellow', 3: 'red' };

/**
 * /tickets/$id: resolve or reopen, the ticket's fields, its optional picture, follow-ups and the
 * follow-up box while open. The ticket is reloaded after every action, also on failure (part 1 §4).
 */
export function TicketPage() {
  const { t, i18n } = useTranslation();
  // The route lets only an id of digits in (router.tsx, PARAM_PATTERNS).
  const { id } = useParams({ strict: false }) as { id: string };
  const ticketId = Number(id);
  const query = useQuery(ticketQueries.detail(ticketId));
  const [message, setMessage] = useState('');
  const toggle = useResolveTicketMutation(ticketId);
  const followup = useFollowupTicketMutation(ticketId, { onSuccess: () => setMessage('') });
  // The operation's own rule for a follow-up (not blank, not too long), as the server checks it.
  const sendable = followupTicket.input.shape.message.safeParse(message).success;

  const back = (
    <Anchor component={Link} to="/tickets">
      ← {t('tickets.back_to_list')}
    </Anchor>
  );
  if (query.isPending) return <DelayedLoader label={t('common.loading')} />;
  const ticket = query.data?.data;
  if (!ticket) {
    return (
      <Stack align="flex-start">
        {back}
        <Title order={1}>{t('route.ticket')}</Title>
        {/* Not found (or not the caller's) only when the server said so; any other failure says it could not be loaded. */}
        <Text>{t(query.isError && !isApiError(query.error, 404) && !isApiError(query.error, 403) ? 'tickets.load_failed' : 'tickets.not_found')}</Text>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sendable) followup.mutate(message);
  };

  return (
    <Stack maw={800}>
      {back}
      <Group justify="space-between" align="flex-start">
        <Title order={1} style={BREAK_ANYWHERE}>
          {subjectOf(ticket, t)}
        </Title>
        <Button
          variant={ticket.resolved ? 'default' : 'filled'}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(!ticket.resolved)}
        >
          {ticket.resolved ? t('tickets.reopen') : t('tickets.resolve')}
        </Button>
      </Group>
      <Group gap="xs">
        <Badge color={ticket.resolved ? 'gray' : 'green'} variant="light">
          {ticket.resolved ? t('tickets.status_resolved') : t('tickets.status_open')}
        </Badge>
        <Badge color={URGENCY_COLOR[ticket.urgency]}>{t(`tickets.urgency.${ticket.urgency}`)}</Badge>
        <Badge variant="outline">{t(`tickets.problem.${ticket.problem_type}`)}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('tickets.created_on', { date: formatTimestamp(ticket.created_at, i18n.language) })} ·{' '}
        {t('tickets.created_by', { name: `${ticket.creator.firstname} ${ticket.creator.lastname}` })}
      </Text>
      {ticket.description && <Text style={{ whiteSpace: 'pre-wrap', ...BREAK_ANYWHERE }}>{ticket.description}</Text>}
      {dataIsJson(ticket.data) && ticket.picture_thumbnail_url && (
        <Image src={ticket.picture_thumbnail_url} alt={t('tickets.picture_alt')} w={320} h="auto" radius="sm" />
      )}

      <Title order={2} size="h3">
        {t('tickets.followups')}
      </Title>
      {ticket.followups.length === 0 ? (
        <Text c="dimmed">{t('tickets.no_followups')}</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0 }} aria-label={t('tickets.followups')}>
          {ticket.followups.map((f) => (
            <Paper key={f.id} withBorder p="sm" component="li">
              <Text size="sm" fw={600}>
                {f.creator.firstname} {f.creator.lastname} · <span style={{ fontWeight: 400 }}>{formatTimestamp(f.created_at, i18n.language)}</span>
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', ...BREAK_ANYWHERE }}>{f.message}</Text>
            </Paper>
          ))}
        </Stack>
      )}

      {ticket.resolved ? (
        <Alert color="gray" role="note">
          {t('tickets.resolved_notice')}
        </Alert>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea label={t('tickets.add_followup')} rows={3} maxLength={TICKET_LIMITS.followup} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
            <Group>
              <Button type="submit" loading={followup.isPending} disabled={!sendable}>
                {t('tickets.send_followup')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
