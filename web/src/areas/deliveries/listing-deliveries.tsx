import { Anchor, Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryListingRow } from '#shared/catalogue/deliveries.ts';
import { Role } from '#shared/roles.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatCompactTimestamp, formatTimestamp } from '../../i18n/format.ts';
import { PagerControls, useCursorPages } from './pager.tsx';
import { deliveryQueries } from './queries.ts';
import { unitLabel } from '#shared/rules/unit-label.ts';

const ROW_HEIGHT = 42;
// The last column fits the longest date at the body's 16 px ('2026-12-28, 12:59 p.m.' is 190 px) with its padding.
const COLUMNS = '90px minmax(220px, 2fr) minmax(120px, 1fr) minmax(160px, 1fr) 224px';
const CELLS = ['id', 'address', 'city', 'broker', 'updated'] as const;

/**
 * On a phone (under 48em) each row is a small card of three lines, nothing cut off and no sideways
 * scrolling (issue 10): the address; the city and the update date; the broker and the number.
 */
const PHONE_QUERY = '(max-width: 48em)';
const PHONE_ROW_HEIGHT = 76;
const PHONE_GRID = { gridTemplateColumns: 'minmax(0, 1fr) auto', gridTemplateAreas: '"address address" "city updated" "broker id"', alignContent: 'center', rowGap: 2 } as const;

/**
 * /deliveries for non-technicians (part 1 §2.10): a page of listings (15, 25, 50, 100, 1000 or
 * 10000 rows; default 15), virtualized so that 10,000 rows scroll smoothly. Role 10 opens the
 * public delivery page in a new tab, so does the broker (docs/decisions/0064); others the review page.
 * For role 10 and brokers, a listing without a delivery link is not clickable and says its state.
 */
export function ListingDeliveries({ role }: { role: number }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const query = useQuery(deliveryQueries.listings(pages.pageSize, pages.cursor));
  const rows = query.data?.data ?? [];
  const next = query.data?.next;
  // Part 1 §2.10: role 10 opens the public page, the others the review page; those the review page refuses (brokers, ADR 0064, and sales) the public page too.
  const opensPublicPage = role === Role.social_medias || role === Role.broker || role === Role.sales;

  return (
    <Box>
      <PagerControls pages={pages} next={next} busy={query.isPlaceholderData} />
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <Text>{t('deliveries.no_listings')}</Text>
      ) : (
        <VirtualTable rows={rows} opensPublicPage={opensPublicPage} />
      )}
    </Box>
  );
}

function VirtualTable({ rows, opensPublicPage }: { rows: DeliveryListingRow[]; opensPublicPage: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const rowHeight = phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 8 });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const grid = phone ? PHONE_GRID : { gridTemplateColumns: COLUMNS };
  const cellStyle = { padding: '0 8px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  const cell = (name: (typeof CELLS)[number]) => (phone ? { ...cellStyle, gridArea: name, ...(name === 'address' ? { fontWeight: 500 } : {}) } : cellStyle);

  const open = (row: DeliveryListingRow) => {
    if (opensPublicPage) {
      if (row.distribution_token) window.open(`/delivery/${encodeURIComponent(row.distribution_token)}`, '_blank', 'noopener');
    } else void navigate({ to: '/tech_review/$listingId', params: { listingId: String(row.id) } });
  };

  return (
    <Box role="table" aria-label={t('route.deliveries')} aria-rowcount={rows.length + 1} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
      <Box role="rowgroup">
        <Box role="row" style={{ display: 'grid', ...grid, height: rowHeight, alignItems: 'center', fontWeight: 600, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          {CELLS.map((name) => (
            <Box role="columnheader" key={name} style={cell(name)}>
              {t(`deliveries.col_${name}`)}
            </Box>
          ))}
        </Box>
      </Box>
      <Box ref={scroller} data-testid="deliveries-scroller" style={{ height: `min(${rows.length * rowHeight}px, 65vh)`, overflow: 'auto' }}>
        <Box role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            // A listing the public page cannot show yet (no delivery link) opens nothing: it says its state instead.
            const opens = !opensPublicPage || row.distribution_token !== null;
            // The apartment as the /shooting list writes it (several units of one building are told apart); the city has its own column.
            const address = [row.address, unitLabel(row.app)].filter(Boolean).join(', ');
            return (
              <Box
                role="row"
                aria-rowindex={item.index + 2}
                key={row.id}
                onClick={opens ? () => open(row) : undefined}
                data-opens={opens}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: rowHeight,
                  transform: `translateY(${item.start}px)`,
                  display: 'grid',
                  ...grid,
                  alignItems: 'center',
                  cursor: opens ? 'pointer' : 'default',
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                <Box role="cell" style={cell('id')}>
                  {row.id}
                </Box>
                <Box role="cell" style={cell('address')}>
                  {opensPublicPage ? (
                    row.distribution_token ? (
                      <Anchor href={`/delivery/${encodeURIComponent(row.distribution_token)}`} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
                        {address}
                      </Anchor>
                    ) : (
                      <span title={`${address} · ${t(`deliveries.row_state.${row.state}`, { defaultValue: t('deliveries.row_state.other') })}`}>
                        {address}{' '}
                        <Text component="span" size="sm" fs="italic" data-testid="row-state">
                          · {t(`deliveries.row_state.${row.state}`, { defaultValue: t('deliveries.row_state.other') })}
                        </Text>
                      </span>
                    )
                  ) : (
                    <Anchor component={Link} to={`/tech_review/${row.id}`} onClick={(e: MouseEvent) => e.stopPropagation()}>
                      {address}
                    </Anchor>
                  )}
                </Box>
                <Box role="cell" style={cell('city')}>
                  {row.city}
                </Box>
                <Box role="cell" style={cell('broker')}>
                  {row.broker.firstname} {row.broker.lastname}
                </Box>
                <Box role="cell" style={cell('updated')}>
                  <time dateTime={row.updated_at} title={formatTimestamp(row.updated_at, i18n.language)}>
                    {formatCompactTimestamp(row.updated_at, i18n.language)}
                  </time>
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
