import { Alert, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoCreationStatus } from '#shared/enums.ts';
import { addVideoToQueue, type VideoJobView } from '#shared/catalogue/videos.ts';
import { mayCall } from '../../api/client.ts';
import { useSessionUser } from '../session/use-session.ts';
import { OutcomeAlert, type Outcome } from '../../app/outcome-alert.tsx';
import { said } from '../../i18n/said.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatTimestamp } from '../../i18n/format.ts';
import { brokerName } from './broker-name.ts';
import { videoQueries, useResetVideoJobMutation } from './queries.ts';
import { templateName } from './template-name.ts';
import { VideoLogDialog } from './video-log-dialog.tsx';
import { VideoStatusBadge } from './video-status.tsx';

/**
 * /video_dashboard (part 3 screen 12 "Video job monitor"): the jobs, newest first (older ones a page
 * at a time on demand), with their status in the §4 colours, their workflow execution (job_id),
 * their main, current and secondary brokers by name, timestamps and where they ran; a log dialog,
 * and reset for a job whose status is not 2 (it goes back in the queue and runs again). The table
 * scrolls within its own box on a narrow screen, not the page.
 */
export function VideoDashboardPage() {
  const { t } = useTranslation();
  const jobs = useInfiniteQuery(videoQueries.jobs());
  const rows = jobs.data?.pages.flatMap((page) => page.jobs) ?? [];
  const reset = useResetVideoJobMutation();
  const [logsOf, setLogsOf] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resetJob = (job: VideoJobView) =>
    reset.mutate(job.id, {
      onSuccess: () => setOutcome({ ok: true, text: said('videos.reset_done', { id: job.id }) }),
      onError: () => setOutcome({ ok: false, text: said('videos.error') }),
    });

  return (
    <Stack>
      <Title order={1}>{t('route.video_dashboard')}</Title>
      <OutcomeAlert outcome={outcome} />
      {jobs.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : jobs.isError ? (
        <Alert color="red" role="alert">
          {t('videos.error')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text>{t('videos.no_jobs')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1000}>
            <Table striped verticalSpacing="xs" aria-label={t('route.video_dashboard')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('videos.col.job')}</Table.Th>
                  <Table.Th>{t('videos.col.status')}</Table.Th>
                  <Table.Th>{t('videos.col.job_id')}</Table.Th>
                  <Table.Th>{t('videos.col.main_broker')}</Table.Th>
                  <Table.Th>{t('videos.col.current_broker')}</Table.Th>
                  <Table.Th>{t('videos.col.secondary_broker')}</Table.Th>
                  <Table.Th>{t('videos.col.times')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('videos.col.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((job) => (
                  <JobRow key={job.id} job={job} onLogs={() => setLogsOf(job.id)} onReset={() => resetJob(job)} resetting={reset.isPending && reset.variables === job.id} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {jobs.hasNextPage && (
            <Button variant="default" onClick={() => void jobs.fetchNextPage()} loading={jobs.isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
              {t('videos.more_jobs')}
            </Button>
          )}
        </>
      )}
      <VideoLogDialog jobId={logsOf} onClose={() => setLogsOf(null)} />
    </Stack>
  );
}

function JobRow({ job, onLogs, onReset, resetting }: { job: VideoJobView; onLogs: () => void; onReset: () => void; resetting: boolean }) {
  const { t, i18n } = useTranslation();
  // A requested job has never run: starting it is queueing it, an admin's (part 3 §4).
  const mayQueue = mayCall(addVideoToQueue, useSessionUser()?.role);
  const when = (at: string | null) => (at ? formatTimestamp(at, i18n.language) : '—');
  return (
    <Table.Tr data-job={job.id}>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={600}>
          {t('videos.job', { id: job.id })} · {templateName(t, 'videos.template_names', { name: job.template_name })}
        </Text>
        <Text size="sm">{t('videos.listing', { id: job.listing_id, address: job.address })}</Text>
        {job.vm && (
          <Text size="xs" c="dimmed">
            {t('videos.ran_on', { vm: job.vm })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <VideoStatusBadge status={job.status} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '10rem' }}>
        <Text size="xs">{job.job_id ?? '—'}</Text>
      </Table.Td>
      {[job.main_broker_id, job.current_broker_id, job.secondary_broker_id].map((id, column) => (
        // A name's words stay whole (phones' tables may break words anywhere): the table scrolls in its box instead.
        <Table.Td key={column} style={{ overflowWrap: 'normal', hyphens: 'manual' }}>
          <Text size="sm">{id === null ? '—' : brokerName(job.brokers, id)}</Text>
        </Table.Td>
      ))}
      <Table.Td>
        <Text size="xs">{t('videos.requested_at', { at: when(job.requested_at) })}</Text>
        <Text size="xs">{t('videos.run_start_at', { at: when(job.run_start_at) })}</Text>
        <Text size="xs">{t('videos.uploaded_at', { at: when(job.video_uploaded_at) })}</Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Button size="xs" variant="light" onClick={onLogs} aria-label={t('videos.logs_of', { id: job.id })}>
            {t('videos.logs')}
          </Button>
          {job.status !== VideoCreationStatus.success && (job.status !== VideoCreationStatus.requested || mayQueue) && (
            <Button size="xs" variant="outline" color="red" onClick={onReset} loading={resetting} aria-label={t('videos.reset_of', { id: job.id })}>
              {t('videos.reset')}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
