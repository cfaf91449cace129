import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { templateName } from '../videos/template-name.ts';
import { deliveryQueries } from './queries.ts';

/** The listing's automated videos on the delivery page (ADR 0240): shown only once uploaded; nothing otherwise. */
export function DeliveryVideos({ token }: { token: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(deliveryQueries.videos(token));
  const videos = query.data?.videos ?? [];
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="xs">
        {t('deliveries.videos_title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {videos.map((video) => {
          const name = templateName(t, 'deliveries.template_names', { name: video.template_name });
          return (
            <Stack key={video.id} gap={4} data-video={video.id}>
              <video controls preload="metadata" src={video.gcs_path_mp4} style={{ width: '100%' }} aria-label={t('deliveries.video_label', { name })} />
              <Text size="sm">{name}</Text>
              {video.instagram_video && (
                <Anchor href={video.instagram_video} target="_blank" rel="noreferrer" size="sm">
                  {t('deliveries.video_instagram')}
                </Anchor>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
