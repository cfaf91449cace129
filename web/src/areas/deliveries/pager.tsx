import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DELIVERY_PAGE_SIZE, DELIVERY_PAGE_SIZES } from '#shared/catalogue/deliveries.ts';
import { formatNumber } from '../../i18n/format.ts';

/** Cursor paging of the /deliveries lists: page size (part 1 §9) and the cursors of the pages seen. */
export function useCursorPages() {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_DELIVERY_PAGE_SIZE);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    pageSize,
    cursor: cursors[cursors.length - 1],
    resize: (size: number) => {
      setPageSize(size);
      setCursors([undefined]);
    },
    hasPrevious: cursors.length > 1,
    previous: () => setCursors((c) => c.slice(0, -1)),
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
  };
}

/** Page-size select (15, 25, 50, 100, 1000, 10000) and previous / next buttons. */
export function PagerControls({ pages, next, busy = false }: { pages: ReturnType<typeof useCursorPages>; next: string | undefined; busy?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" mb="sm">
      <NativeSelect
        label={t('deliveries.page_size')}
        value={String(pages.pageSize)}
        onChange={(e) => pages.resize(Number(e.currentTarget.value))}
        data={DELIVERY_PAGE_SIZES.map((n) => ({ value: String(n), label: formatNumber(n, i18n.language) }))}
        w={160}
      />
      <Group gap="xs">
        <Button variant="default" disabled={!pages.hasPrevious} onClick={pages.previous}>
          {t('deliveries.previous')}
        </Button>
        <Button variant="default" disabled={!next || busy} onClick={() => next && pages.next(next)}>
          {t('deliveries.next')}
        </Button>
      </Group>
    </Group>
  );
}
