import { Alert, Anchor, Button, Card, Checkbox, Group, Image, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoCreationStatus } from '#shared/enums.ts';
import { addVideoToQueue, createVideo, type VideoBroker, type VideoView } from '#shared/catalogue/videos.ts';
import { mayCall } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatTimestamp } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { brokerName } from './broker-name.ts';
import { useAddVideoToQueueMutation, useCreateVideoMutation, videoQueries } from './queries.ts';
import { templateName } from './template-name.ts';

/**
 * The review screen's automated-videos panel (part 3 screen 5; §4 "Video"): create a video of the
 * listing with a chosen template, fronted by the listing's broker (the default, sent as null) or a
 * broker of their team (§3 "Automated video" broker_team_member_id), then each video by status —
 * requested (errors shown; staff may queue it), enqueued (last queue time), success (playable, with
 * its Instagram version); other statuses render nothing. Creation failure: alert 'Error' (§8); a queueing that fails: 'Quelque
 * chose s'est mal passé' (§8, job pages).
 */
export function AutomatedVideosPanel({ listingId }: { listingId: number }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const role = useSessionUser()?.role;
  const titleId = useId();
  const templates = useQuery(videoQueries.templates());
  const videos = useQuery(videoQueries.listing(listingId));
  const create = useCreateVideoMutation();
  const [templateId, setTemplateId] = useState('');
  const [photoVisible, setPhotoVisible] = useState(true);
  /** The broker fronting the video: '' for the listing's broker, else a team member's id. */
  const [frontingId, setFrontingId] = useState('');
  const [missingTemplate, setMissingTemplate] = useState(false);
  const chosen = templates.data?.templates.find((tpl) => String(tpl.id) === templateId);

  const submit = () => {
    if (!templateId) {
      setMissingTemplate(true);
      return;
    }
    create.mutate(
      { listingId, templateId: Number(templateId), is_broker_photo_visible: photoVisible, broker_team_member_id: frontingId ? Number(frontingId) : null },
      { onError: () => void showAlert({ title: t('videos.create_failed_title'), text: t('videos.create_failed') }) },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('videos.panel_title')}
        </Title>
        {mayCall(createVideo, role) && (
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('videos.template')}
              value={templateId}
              onChange={(e) => {
                setTemplateId(e.currentTarget.value);
                setMissingTemplate(false);
              }}
              data={[{ value: '', label: t('videos.choose_template') }, ...(templates.data?.templates ?? []).map((tpl) => ({ value: String(tpl.id), label: templateName(t, 'videos.template_names', { id: tpl.id, name: tpl.template_name }) }))]}
              error={missingTemplate ? t('videos.template_required') : undefined}
              style={{ flex: '1 1 12rem' }}
            />
            {videos.data && <FrontingBrokerSelect brokers={videos.data.team_brokers} value={frontingId} onChange={setFrontingId} />}
            <Checkbox label={t('videos.broker_photo')} checked={photoVisible} onChange={(e) => setPhotoVisible(e.currentTarget.checked)} mb={8} />
            <Button onClick={submit} loading={create.isPending}>
              {t('videos.create')}
            </Button>
          </Group>
        )}
        {chosen?.thumbnail_url && (
          <Image src={chosen.thumbnail_url} alt={t('videos.template_preview', { name: templateName(t, 'videos.template_names', { id: chosen.id, name: chosen.template_name }) })} w={192} maw="100%" radius="sm" style={{ aspectRatio: '16 / 9' }} />
        )}
        {videos.isPending ? (
          <DelayedLoader label={t('common.loading')} />
        ) : videos.isError ? (
          <Alert color="red" role="alert">
            {t('videos.error')}
          </Alert>
        ) : videos.data.videos.length === 0 ? (
          <Text c="dimmed">{t('videos.none')}</Text>
        ) : (
          <Stack gap="sm">
            {videos.data.videos.map((video) => (
              <ListingVideo key={video.id} video={video} mayQueue={mayCall(addVideoToQueue, role)} onQueueFailed={() => void showAlert({ title: t('videos.create_failed_title'), text: t('videos.error') })} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Who fronts a new video: the listing's broker (first of `brokers`, value '') or another broker of their team (value: their id). */
function FrontingBrokerSelect({ brokers, value, onChange }: { brokers: readonly VideoBroker[]; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [own, ...team] = brokers;
  return (
    <NativeSelect
      label={t('videos.fronting_broker')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        ...(own ? [{ value: '', label: t('videos.listing_broker', { name: brokerName(brokers, own.id) }) }] : []),
        ...team.map((b) => ({ value: String(b.id), label: brokerName(brokers, b.id) })),
      ]}
      style={{ flex: '1 1 12rem' }}
    />
  );
}

/**
 * One video by its status (part 3 §4); a failed video renders nothing here (the job monitor shows it
 * in red, with Reset). A queueing that fails says so ('Quelque chose s'est mal passé', part 3 §8) in
 * a dialog of the panel's (`onQueueFailed`): the video it was about may then be one that renders nothing.
 */
function ListingVideo({ video, mayQueue, onQueueFailed }: { video: VideoView; mayQueue: boolean; onQueueFailed: () => void }) {
  const { t, i18n } = useTranslation();
  const queue = useAddVideoToQueueMutation();
  const heading = (
    <Text fw={600} size="sm">
      {t('videos.video_of', { id: video.id, template: templateName(t, 'videos.template_names', { id: video.template_id, name: video.template_name }) })}
    </Text>
  );
  if (video.status === VideoCreationStatus.requested) {
    return (
      <Stack gap={4} data-video={video.id} data-status={video.status}>
        {heading}
        <Text size="sm">{t('videos.requested_on', { at: formatTimestamp(video.requested_at, i18n.language) })}</Text>
        {video.errors.map((error, i) => (
          <Text key={i} size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {error}
          </Text>
        ))}
        {mayQueue && (
          <Group>
            <Button size="xs" onClick={() => queue.mutate(video.id, { onError: onQueueFailed })} loading={queue.isPending}>
              {t('videos.add_to_queue')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (video.status === VideoCreationStatus.enqueued) {
    const last = video.queued_at.at(-1);
    return (
      <Stack gap={4} data-video={video.id} data-status={video.status}>
        {heading}
        <Text size="sm">{t('videos.enqueued_since', { at: last ? formatTimestamp(last, i18n.language) : '—' })}</Text>
      </Stack>
    );
  }
  if (video.status === VideoCreationStatus.success && video.gcs_path_mp4) {
    return (
      <Stack gap={4} data-video={video.id} data-status={video.status}>
        {heading}
        <video controls preload="metadata" src={video.gcs_path_mp4} style={{ width: '100%', maxWidth: 640 }} aria-label={t('videos.player', { id: video.id })} />
        {video.instagram_video && (
          <Anchor href={video.instagram_video} target="_blank" rel="noreferrer" size="sm">
            {t('videos.instagram')}
          </Anchor>
        )}
      </Stack>
    );
  }
  return null;
}
