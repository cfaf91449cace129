import { Alert, Anchor, Box, Button, Card, Container, Group, Image, Modal, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveFeedback, NO_MLS_PICTURE, type DeliveryPicture } from '#shared/catalogue/deliveries.ts';
import { isApiError } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { UnavailablePage } from '../../app/unavailable-page.tsx';
import { useVisitRecorder } from '../../app/visit-recorder.ts';
import { DeliveryVideos } from './delivery-videos.tsx';
import { isUnbranded } from '../../app/branding.ts';
import { deliveryQueries, tourPath, useDownloadAllMutation, useDownloadMlsMutation, useLeaveFeedbackMutation } from './queries.ts';
import { ShareLinks } from './share-links.tsx';

/**
 * /delivery/$token (part 1 §2.9): public, outside the app layout. The listing's pictures that have a
 * thumbnail in a grid (xl 5, lg 4, md 3, sm 2, else 1), single download, download-all ZIP, optional
 * save-to-file-sharing, the MLS-ready ZIP (ADR 0250), the branded and unbranded links to copy, and
 * feedback that becomes a ticket the picture then links to.
 * Opened through the unbranded link (`?branding=none`, ADR 0251) it is the page for the MLS: no broker
 * (name, photo, contact), no company name, no videos (their titles carry the broker), no links to share,
 * no feedback (the broker's conversation with the company); its virtual-tour link opens the unbranded viewer.
 */
export function DeliveryPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const query = useQuery(deliveryQueries.byToken(token));
  const [feedbackFor, setFeedbackFor] = useState<{ picture: DeliveryPicture; number: number } | null>(null);
  const unbranded = isUnbranded(useSearch({ strict: false }) as Record<string, unknown>);
  const zip = useDownloadAllMutation(token);
  const mls = useDownloadMlsMutation(token);
  const grid = useRef<HTMLDivElement>(null);
  useVisitRecorder(query.data?.listing.id, query.data?.listing.pictures.length ?? 0, grid);

  const [sent, setSent] = useState<{ ticketId: number; number: number } | null>(null);
  const mlsHintId = useId();

  if (query.isPending) return <DelayedLoader label={t('common.loading')} />;
  // A reload that fails (a refocus, the reload after a feedback) keeps the pictures already shown.
  if (!query.data) {
    const unknown = isApiError(query.error, 404) || isApiError(query.error, 400);
    return <DeliveryNotFound unknown={unknown} onRetry={() => void query.refetch()} />;
  }
  const { listing, file_sharing } = query.data;
  const pictures = listing.pictures;

  const downloadAll = () =>
    zip.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
    });
  const downloadMls = () =>
    mls.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
    });
  const saveToSharing = () =>
    zip.mutate(undefined, {
      onSuccess: ({ url, filename }) => {
        const target = file_sharing!.save_url_template.replace('{url}', encodeURIComponent(url)).replace('{name}', encodeURIComponent(filename));
        window.open(target, '_blank', 'noopener');
      },
    });

  return (
    <Container size="xl" py="lg">
      <Stack>
        <div>
          <Title order={1}>
            {listing.address}
            {listing.app ? `, ${listing.app}` : ''}
          </Title>
          <Text c="dimmed">
            {listing.city} {listing.postalcode}
            {!unbranded && ` · ${t('deliveries.broker_line', { name: `${listing.broker.firstname} ${listing.broker.lastname}` })}`}
          </Text>
          {listing.tour_published && (
            <Anchor href={tourPath(listing.id, { unbranded })} target="_blank" rel="noopener">
              {t('deliveries.virtual_tour')}
            </Anchor>
          )}
        </div>
        {!unbranded && <DeliveryVideos token={token} />}
        {pictures.length === 0 ? (
          <Alert color="blue" role="status">
            {t('deliveries.not_ready')} {t('deliveries.not_ready_more')}
          </Alert>
        ) : (
          <>
            {!listing.is_final && (
              <Alert color="yellow" role="status">
                {t('deliveries.not_final')}
              </Alert>
            )}
            <Group>
              <Button onClick={downloadAll} loading={zip.isPending}>
                {t('deliveries.download_all')}
              </Button>
              <Button variant="light" onClick={downloadMls} loading={mls.isPending} aria-describedby={mlsHintId}>
                {t('deliveries.download_mls')}
              </Button>
              {file_sharing && (
                <Button variant="default" onClick={saveToSharing} disabled={zip.isPending}>
                  {t('deliveries.save_to_sharing')}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed" id={mlsHintId} mt={-8}>
              {t('deliveries.download_mls_hint')}
            </Text>
            {zip.isError && (
              <Alert color="red" role="alert">
                {t('deliveries.zip_failed')}
              </Alert>
            )}
            {mls.isError && (
              <Alert color="red" role="alert">
                {isApiError(mls.error, 422) && mls.error.message === NO_MLS_PICTURE ? t('deliveries.mls_none') : t('deliveries.mls_failed')}
              </Alert>
            )}
            {sent && (
              <Alert color="green" role="status" withCloseButton closeButtonLabel={t('deliveries.feedback_cancel')} onClose={() => setSent(null)} title={t('deliveries.feedback_sent_title')}>
                {t('deliveries.feedback_sent', { number: sent.number })}{' '}
                <Anchor component={Link} to={`/tickets/${sent.ticketId}`}>
                  {t('deliveries.see_ticket', { id: sent.ticketId })}
                </Anchor>
              </Alert>
            )}
            <SimpleGrid ref={grid} cols={{ base: 1, sm: 2, md: 3, lg: 4, xl: 5 }} spacing="md" data-testid="delivery-grid">
              {pictures.map((picture, position) => (
                <PictureCard key={picture.id} picture={picture} number={position + 1} onFeedback={unbranded ? undefined : () => setFeedbackFor({ picture, number: position + 1 })} />
              ))}
            </SimpleGrid>
          </>
        )}
        {!unbranded && <ShareLinks token={token} />}
      </Stack>
      {feedbackFor && (
        <FeedbackDialog
          token={token}
          picture={feedbackFor.picture}
          number={feedbackFor.number}
          onClose={() => setFeedbackFor(null)}
          onSent={(ticketId) => {
            setSent({ ticketId, number: feedbackFor.number });
            setFeedbackFor(null);
          }}
        />
      )}
    </Container>
  );
}

/**
 * An unknown or broken delivery link: a page of its own that says what happened and what to do
 * (check the link received, or log in to find the deliveries), never a bare box.
 */
function DeliveryNotFound({ unknown, onRetry }: { unknown: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <UnavailablePage
      title={unknown ? t('deliveries.cannot_find') : t('deliveries.load_failed_title')}
      text={unknown ? t('deliveries.cannot_find_help') : t('deliveries.load_failed_help')}
      retry={unknown ? undefined : { label: t('deliveries.retry'), onClick: onRetry }}
    >
      <Button component={Link} to="/deliveries" variant={unknown ? 'filled' : 'default'}>
        {t('deliveries.go_to_deliveries')}
      </Button>
    </UnavailablePage>
  );
}

/** A delivered picture, `number` on the page (1 first); without `onFeedback` (the unbranded page) it offers no feedback. */
function PictureCard({ picture, number, onFeedback }: { picture: DeliveryPicture; number: number; onFeedback?: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs" radius="md" component="figure" m={0} aria-label={t('deliveries.picture_alt', { number })}>
      <Card.Section>
        <Anchor href={picture.distrib_url} target="_blank" rel="noopener">
          <Image src={picture.thumbnail_url} alt={t('deliveries.picture_alt', { number })} fit="cover" style={{ aspectRatio: '3 / 2' }} />
        </Anchor>
      </Card.Section>
      <Group justify="space-between" mt="xs" gap={4}>
        <Anchor href={picture.download_url} download={picture.filename} size="sm">
          {t('deliveries.download')}
        </Anchor>
        {!onFeedback ? null : picture.feedback_ticket_id ? (
          <Anchor component={Link} to={`/tickets/${picture.feedback_ticket_id}`} size="sm">
            {t('deliveries.see_ticket', { id: picture.feedback_ticket_id })}
          </Anchor>
        ) : (
          <Button size="compact-sm" variant="subtle" onClick={onFeedback}>
            {t('deliveries.leave_feedback')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function FeedbackDialog({ token, picture, number, onClose, onSent }: { token: string; picture: DeliveryPicture; number: number; onClose: () => void; onSent: (ticketId: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useLeaveFeedbackMutation(token, picture, { onSent });
  // The operation's own rule for the text (not blank, not too long), as the server checks it.
  const sendable = leaveFeedback.input.shape.text.safeParse(text).success;
  return (
    <Modal opened onClose={onClose} title={t('deliveries.feedback_title', { number })} centered>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (sendable) send.mutate(text);
        }}
      >
        <Stack>
          <Image src={picture.thumbnail_url} alt="" h={120} w="auto" fit="contain" />
          <Textarea label={t('deliveries.feedback_label')} rows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('deliveries.feedback_cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!sendable}>
              {t('deliveries.feedback_send')}
            </Button>
          </Group>
        </Stack>
      </Box>
    </Modal>
  );
}
