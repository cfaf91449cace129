import { ActionIcon, Anchor, Box, Button, Card, CopyButton, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TechDeliveryShooting } from '#shared/catalogue/deliveries.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay, formatNumber } from '../../i18n/format.ts';
import { PagerControls, useCursorPages } from './pager.tsx';
import { deliveryPageUrl, deliveryQueries } from './queries.ts';

/** /deliveries for technicians (4, 5, 8): their own shootings with pictures, a lightbox and a sharable link (part 1 §2.10). */
export function TechDeliveries() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const query = useQuery(deliveryQueries.techShootings(pages.pageSize, pages.cursor));
  const [lightbox, setLightbox] = useState<{ row: TechDeliveryShooting; index: number } | null>(null);
  const rows = query.data?.data ?? [];
  const next = query.data?.next;

  return (
    <Stack>
      <PagerControls pages={pages} next={next} busy={query.isPlaceholderData} />
      {query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : rows.length === 0 ? (
        // A page cut short (the search ran out of time) points on; a later page can end on shootings without pictures: nothing more, not nothing.
        <Text>{t(next ? 'deliveries.more_further' : pages.cursor === undefined ? 'deliveries.no_shootings' : 'deliveries.no_more_shootings')}</Text>
      ) : (
        rows.map((row) => <ShootingCard key={row.shooting.id} row={row} onOpen={(index) => setLightbox({ row, index })} />)
      )}
      {lightbox && <Lightbox row={lightbox.row} index={lightbox.index} onMove={(index) => setLightbox({ ...lightbox, index })} onClose={() => setLightbox(null)} />}
    </Stack>
  );
}

function ShootingCard({ row, onOpen }: { row: TechDeliveryShooting; onOpen: (index: number) => void }) {
  const { t, i18n } = useTranslation();
  const link = deliveryPageUrl(row.listing.distribution_token);
  return (
    <Card withBorder component="section" aria-label={`${row.listing.address}, ${row.listing.city}`}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h4">
            {row.listing.address}, {row.listing.city}
          </Title>
          <Text size="sm" c="dimmed">
            {t('deliveries.shooting_of', { date: formatDay(row.shooting.scheduleddate, i18n.language) })} · {t('deliveries.picture_count', { count: row.pictures.length, formatted: formatNumber(row.pictures.length, i18n.language) })}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <TextInput label={t('deliveries.share_link')} value={link} readOnly w={360} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('deliveries.copied') : t('deliveries.copy')}
              </Button>
            )}
          </CopyButton>
          <Anchor href={link} target="_blank" rel="noopener" size="sm" pb={8}>
            ↗
          </Anchor>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4, md: 6, lg: 8 }} spacing="xs">
        {row.pictures.map((picture, index) => (
          <UnstyledButton key={picture.id} onClick={() => onOpen(index)} aria-label={t('deliveries.picture_alt', { number: index + 1 })}>
            <Image src={picture.thumbnail_url} alt={t('deliveries.picture_alt', { number: index + 1 })} radius="sm" style={{ aspectRatio: '3 / 2' }} fit="cover" />
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Lightbox({ row, index, onMove, onClose }: { row: TechDeliveryShooting; index: number; onMove: (index: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const total = row.pictures.length;
  const picture = row.pictures[index]!;
  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      centered
      title={t('deliveries.lightbox_title', { address: row.listing.address, number: index + 1, total })}
      closeButtonProps={{ 'aria-label': t('deliveries.lightbox_close') }}
    >
      <Box
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft' && index > 0) onMove(index - 1);
          if (e.key === 'ArrowRight' && index < total - 1) onMove(index + 1);
        }}
      >
        <Image src={picture.distrib_url} alt={t('deliveries.picture_alt', { number: index + 1 })} fit="contain" mah="75vh" />
        <Group justify="space-between" mt="sm">
          <ActionIcon variant="default" size="lg" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t('deliveries.lightbox_previous')}>
            ‹
          </ActionIcon>
          <ActionIcon variant="default" size="lg" disabled={index === total - 1} onClick={() => onMove(index + 1)} aria-label={t('deliveries.lightbox_next')}>
            ›
          </ActionIcon>
        </Group>
      </Box>
    </Modal>
  );
}
