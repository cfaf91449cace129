import { Alert, Anchor, Badge, Group, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { REVIEW_TABS, type ReviewQueueItem } from '#shared/catalogue/review.ts';
import { pathOf } from '#shared/routes.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay } from '../../i18n/format.ts';
import { elapsedColour, reviewQueries } from './queries.ts';

/**
 * /tech_review (part 3 screen 4): four tabs with their counts, by the listing's last shooting
 * (§4); each item links to /tech_review/{listing_id} and shows its elapsed days in colour (§9).
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const queue = useQuery(reviewQueries.queue());
  return (
    <Stack>
      <Title order={1}>{t('route.tech_review')}</Title>
      {queue.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : queue.isError ? (
        <Alert color="red" role="alert">
          {t('review.queue_failed')}
        </Alert>
      ) : (
        <Tabs defaultValue="under_review" keepMounted={false}>
          <Tabs.List>
            {REVIEW_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`review.tab.${tab}`, { count: queue.data[tab].length })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {REVIEW_TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              <QueueTable items={queue.data[tab]} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

function QueueTable({ items }: { items: ReviewQueueItem[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <Text>{t('review.queue_empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('review.col.address')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('review.col.broker')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('review.col.shooting')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('review.col.elapsed')}</VisuallyHidden>
              <span aria-hidden>{t('review.col.elapsed_short')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.listing_id}>
              <Table.Td>
                <Anchor component={Link} to={pathOf('tech_review_listing').replace('$listingId', String(item.listing_id))}>
                  {item.address}, {item.city}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {item.broker.firstname} {item.broker.lastname}
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDay(item.scheduleddate, i18n.language)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={elapsedColour(item.elapsed_days)} variant="filled">
                    {t('review.elapsed', { count: item.elapsed_days })}
                  </Badge>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
