import { ActionIcon, Alert, Box, Container, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourPicture } from '#shared/catalogue/listings.ts';
import { isApiError } from '../../api/client.ts';
import { isUnbranded } from '../../app/branding.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { UnavailablePage } from '../../app/unavailable-page.tsx';
import { useVisitRecorder } from '../../app/visit-recorder.ts';
import { formatNumber } from '../../i18n/format.ts';
import { visitQueries } from './queries.ts';

/**
 * /visit/$listingId (docs/decisions/0255): the public virtual-tour viewer of a published listing,
 * outside the app layout. One picture at a time (previous / next, arrow keys, a thumbnails strip,
 * 'n / total'); `?branding=none` (the unbranded delivery link's flag, ADR 0251) hides the broker's and the company's names (MLS rules). The visit is
 * recorded as on the delivery page: the stage holds one element per picture, only the current one
 * shown, so a picture counts as viewed once it was on screen.
 */
export function VisitPage() {
  const { t } = useTranslation();
  const { listingId = '' } = useParams({ strict: false }) as { listingId?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const unbranded = isUnbranded(search);
  const query = useQuery(visitQueries.tour(Number(listingId), unbranded));
  const stage = useRef<HTMLDivElement>(null);
  const pictures = query.data?.listing.pictures ?? [];
  useVisitRecorder(query.data && pictures.length > 0 ? query.data.listing.id : undefined, pictures.length, stage);

  if (query.isPending) return <DelayedLoader label={t('common.loading')} />;
  if (query.isError) return <TourUnavailable unknown={isApiError(query.error, 404) || isApiError(query.error, 400)} onRetry={() => void query.refetch()} />;
  const { listing } = query.data;

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <div>
          {!unbranded && (
            <Text size="sm" c="dimmed">
              {t('visit.brand')}
            </Text>
          )}
          <Title order={1}>
            {listing.address}
            {listing.app ? `, ${listing.app}` : ''}
          </Title>
          <Text c="dimmed">
            {listing.city} {listing.postalcode}
            {listing.broker ? ` · ${t('visit.broker_line', { name: `${listing.broker.firstname} ${listing.broker.lastname}` })}` : ''}
          </Text>
        </div>
        {pictures.length === 0 ? (
          <Alert color="blue" role="status">
            {t('visit.no_pictures')}
          </Alert>
        ) : (
          <Viewer pictures={pictures} stage={stage} />
        )}
      </Stack>
    </Container>
  );
}

function Viewer({ pictures, stage }: { pictures: TourPicture[]; stage: RefObject<HTMLDivElement | null> }) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState(0);
  const total = pictures.length;
  const go = (delta: number) => setCurrent((n) => (n + delta + total) % total);
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') setCurrent((n) => (n + 1) % total);
      else if (event.key === 'ArrowLeft') setCurrent((n) => (n - 1 + total) % total);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);

  // Keep the current thumbnail in view inside the strip (never scrolls the page itself).
  useEffect(() => {
    const box = strip.current;
    const thumb = box?.children[current] as HTMLElement | undefined;
    if (box && thumb) box.scrollTo({ left: thumb.offsetLeft - (box.clientWidth - thumb.clientWidth) / 2, behavior: 'smooth' });
  }, [current]);

  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Stack gap="sm" component="section" aria-label={t('visit.viewer')}>
      <Box pos="relative" bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <div ref={stage} data-testid="visit-stage" style={{ aspectRatio: '3 / 2', maxHeight: '75vh', width: '100%' }}>
          {pictures.map((picture, index) => (
            <img
              key={picture.id}
              src={picture.url}
              alt={t('visit.picture_alt', { number: n(index + 1), total: n(total) })}
              hidden={index !== current}
              loading={Math.abs(index - current) <= 1 ? 'eager' : 'lazy'}
              style={{ width: '100%', height: '100%', objectFit: 'contain', display: index === current ? 'block' : 'none' }}
            />
          ))}
        </div>
        <ActionIcon size="xl" radius="xl" variant="white" color="dark" aria-label={t('visit.previous')} onClick={() => go(-1)} pos="absolute" left={8} top="50%" style={{ transform: 'translateY(-50%)' }}>
          <span aria-hidden>‹</span>
        </ActionIcon>
        <ActionIcon size="xl" radius="xl" variant="white" color="dark" aria-label={t('visit.next')} onClick={() => go(1)} pos="absolute" right={8} top="50%" style={{ transform: 'translateY(-50%)' }}>
          <span aria-hidden>›</span>
        </ActionIcon>
      </Box>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {t('visit.keyboard_help')}
        </Text>
        <Text fw={600} ml="auto" aria-live="polite" data-testid="visit-counter" style={{ whiteSpace: 'nowrap' }}>
          {t('visit.counter', { number: n(current + 1), total: n(total) })}
        </Text>
      </Group>
      <nav aria-label={t('visit.thumbnails')}>
        <div ref={strip} style={{ display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 4 }}>
          {pictures.map((picture, index) => (
            <UnstyledButton
              key={picture.id}
              onClick={() => setCurrent(index)}
              aria-label={t('visit.show_picture', { number: n(index + 1) })}
              aria-current={index === current ? 'true' : undefined}
              style={{
                flex: '0 0 auto',
                borderRadius: 'var(--mantine-radius-sm)',
                outline: index === current ? '3px solid var(--mantine-primary-color-filled)' : 'none',
                outlineOffset: -3,
                overflow: 'hidden',
              }}
            >
              <img src={picture.thumbnail_url} alt="" loading="lazy" width={96} height={64} style={{ display: 'block', objectFit: 'cover', opacity: index === current ? 1 : 0.75 }} />
            </UnstyledButton>
          ))}
        </div>
      </nav>
    </Stack>
  );
}

/** An unknown or unpublished tour (404, or a malformed id: 400), or a failed load: a page of its own that says what to do. */
function TourUnavailable({ unknown, onRetry }: { unknown: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <UnavailablePage
      title={unknown ? t('visit.not_available') : t('visit.load_failed')}
      text={unknown ? t('visit.not_available_help') : t('visit.load_failed_help')}
      retry={unknown ? undefined : { label: t('visit.retry'), onClick: onRetry }}
    />
  );
}
