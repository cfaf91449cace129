import { Alert, Button, Group, List, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../i18n/format.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { videoQueries } from './queries.ts';

/** The job monitor's log dialog: every line of every run of one job, oldest first. */
export function VideoLogDialog({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const logs = useQuery({ ...videoQueries.logs(jobId ?? 0), enabled: jobId !== null });
  return (
    <Modal opened={jobId !== null} onClose={onClose} title={t('videos.logs_title', { id: jobId })} size="lg">
      {logs.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : logs.isError ? (
        <Alert color="red" role="alert">
          {t('videos.error')}
        </Alert>
      ) : logs.data.logs.length === 0 ? (
        <Text>{t('videos.no_logs')}</Text>
      ) : (
        <List spacing={4} size="sm" listStyleType="none" aria-label={t('videos.logs_title', { id: jobId })}>
          {logs.data.logs.map((line, i) => (
            <List.Item key={i}>
              <Text span c="dimmed" size="sm">
                {formatTimestamp(line.timestamp, i18n.language)}
              </Text>{' '}
              <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.message}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('videos.close')}</Button>
      </Group>
    </Modal>
  );
}
