import { Alert, Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getListing } from '#shared/catalogue/listings.ts';
import { REVIEW_TABS, type ReviewQueueItem } from '#shared/catalogue/review.ts';
import { pathOf } from '#shared/routes.ts';
import { mayCall } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay, formatNumber } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { elapsedColour, reviewQueries } from './queries.ts';

/** The listing admin dialog (part 3 screen 1, 'opened from a row in search, audit or review'), loaded when first opened. */
const ListingDialog = lazy(() => import('../listings/listing-dialog.tsx').then((m) => ({ default: m.ListingDialog })));

/**
 * /tech_review (part 3 screen 4): four tabs with their counts, by the listing's last shooting
 * (§4); each item links to /tech_review/{listing_id}, shows its elapsed days in colour (§9) and
 * opens the listing admin dialog for the roles that may read it.
 */
export function ReviewQueuePage() {
  const { t, i18n } = useTranslation();
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
                {t(`review.tab.${tab}`, { count: formatNumber(queue.data[tab].length, i18n.language) })}
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
  const opens = mayCall(getListing, useSessionUser()?.role);
  const [open, setOpen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  // The dialog may have saved the listing (its address, its city): the queue is read again when it closes, its row then shows the new values.
  const close = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: reviewQueries.queue().queryKey });
  };
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
            {opens && <Table.Th>{t('review.col.actions')}</Table.Th>}
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
              {opens && (
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" aria-label={t('review.listing_details_of', { address: item.address })} onClick={() => setOpen(item.listing_id)}>
                    {t('review.listing_details')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open !== null && (
        <Suspense fallback={<DelayedLoader label={t('common.loading')} />}>
          <ListingDialog listingId={open} onClose={close} />
        </Suspense>
      )}
    </Table.ScrollContainer>
  );
}
