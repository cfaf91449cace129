import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from '#shared/zod.ts';
import { ACCEPTED_FILE_TYPES, MIN_PART_SIZE, type RemoteFile } from '#shared/catalogue/rij.ts';
import { INJECTOR_RETENTION_DAYS } from '#shared/data/design.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { useRouteTitleKey } from '../../app/page-title.ts';
import { formatDayShort, formatNumber, formatSize, formatSpeed, formatTimestamp, localToday, relativeTime } from '../../i18n/format.ts';
import { fetchDownloadLink, injectorQueries, webInjectorApi } from './queries.ts';
import { useUploadQueue, type QueuedFile } from './use-upload-queue.ts';
import { failureText, isRemovable, isSendable, sortChoice } from './queue-rules.ts';
import { DayPickerInput } from '../../components/day-picker-input.tsx';

/**
 * A setting for tests and tuning: `?multipartThreshold=<bytes>` (at least 5 MiB) sends files
 * above that size by multipart upload instead of the default 32 MiB (ADR 0042).
 */
const searchSettings = z.object({ multipartThreshold: z.coerce.number().int().min(MIN_PART_SIZE).optional().catch(undefined) });

/** Deletion is never further than 90 days away (a clock slightly behind the server's would say 90). */
const RETENTION_MS = INJECTOR_RETENTION_DAYS * 86_400_000;

const DROPZONE_ACCEPT = Object.fromEntries(ACCEPTED_FILE_TYPES.map((type) => [type, type.includes('tar') ? ['.tar'] : ['.zip']]));

/** Part 2, "Remote file injection (/remote_injector)". */
export function RemoteInjectorPage() {
  const { t, i18n } = useTranslation();
  const titleKey = useRouteTitleKey();
  const showAlert = useAlert();
  const queryClient = useQueryClient();
  const { multipartThreshold } = searchSettings.parse(useSearch({ strict: false }) ?? {});
  const [date, setDate] = useState(localToday);
  const [rejected, setRejected] = useState<string[]>([]);
  const files = useQuery(injectorQueries.files(date));

  // A sent file is filed under the sender's today, or under the day its resumed upload began: the
  // list turns to that day, so the file just sent is in it (ADR 0605).
  const onStored = useCallback(
    (filedUnder: string) => {
      setDate(filedUnder);
      void queryClient.invalidateQueries({ queryKey: injectorQueries.all() });
    },
    [queryClient],
  );
  const queue = useUploadQueue({ api: webInjectorApi, multipartThreshold, date: localToday, onStored });

  // Leaving during an upload asks first: in-app navigation (router blocker) and closing or
  // reloading the tab (the browser's own beforeunload prompt).
  useBlocker({
    shouldBlockFn: async () => {
      if (!queue.uploadingRef.current) return false;
      const leave = await showAlert({ title: t('injector.leave_title'), text: t('injector.leave_confirm'), cancel: true });
      return !leave;
    },
    enableBeforeUnload: () => queue.uploadingRef.current,
  });

  const download = async (file: RemoteFile) => {
    try {
      const { url } = await fetchDownloadLink(file.name, file.date);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    } catch {
      await showAlert({ title: t('injector.download_error_title'), text: t('injector.download_error') });
    }
  };

  const waiting = queue.items.some(isSendable);

  return (
    <Stack gap="md">
      <Title order={1}>{titleKey ? t(titleKey) : ''}</Title>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h4">
              {t('injector.files_title')}
            </Title>
            <DayPickerInput label={t('injector.date')} value={date} onChange={(value) => value && setDate(value)} w={180} />
          </Group>
          {files.isError ? (
            <Alert color="red">{t('injector.load_error')}</Alert>
          ) : files.data && files.data.length === 0 ? (
            <Text c="dimmed">{t('injector.no_files')}</Text>
          ) : (
            <CloudFiles files={files.data ?? []} locale={i18n.language} onDownload={download} />
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('injector.add_title')}
          </Title>
          <Dropzone
            // One choice taken whole: react-dropzone calls onReject, then onDrop, so a message cleared
            // by onDrop lost the names of a mixed choice's refused files. onDrop is required, and idle.
            onDropAny={(accepted, rejections) => {
              const { queued, refused } = sortChoice(accepted, rejections);
              setRejected(refused);
              if (queued.length > 0) queue.add(queued);
            }}
            onDrop={() => undefined}
            accept={DROPZONE_ACCEPT}
            multiple
            disabled={queue.uploading}
            inputProps={{ 'aria-label': t('injector.dropzone') }}
          >
            <Stack gap={4} align="center" py="lg" style={{ pointerEvents: 'none' }}>
              <Text size="lg">{t('injector.dropzone')}</Text>
              <Text size="sm" c="dimmed">
                {t('injector.dropzone_hint')}
              </Text>
            </Stack>
          </Dropzone>
          {rejected.length > 0 && <Alert color="orange">{t('injector.rejected', { names: rejected.join(', ') })}</Alert>}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('injector.add_title')}>
            {queue.items.map((item) => (
              <QueuedRow key={item.id} item={item} locale={i18n.language} onRemove={() => queue.remove(item.id)} onCancel={() => queue.cancel(item.id)} onShowDay={setDate} />
            ))}
          </Stack>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {queue.uploading || queue.speed > 0 ? t('injector.speed', { speed: formatSpeed(queue.speed, i18n.language) }) : ''}
            </Text>
            <Button onClick={() => void queue.start()} disabled={!waiting || queue.uploading} loading={queue.uploading}>
              {t('injector.upload')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function CloudFiles({ files, locale, onDownload }: { files: RemoteFile[]; locale: string; onDownload: (file: RemoteFile) => Promise<void> }) {
  const { t } = useTranslation();
  // Re-rendered every minute; the clock is read at each render (a fresh list shows fresh times).
  useNow(60_000);
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('injector.name')}</Table.Th>
            <Table.Th>{t('injector.size')}</Table.Th>
            <Table.Th>{t('injector.updated')}</Table.Th>
            <Table.Th>{t('injector.deletion')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('injector.download')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={`${file.user_id}/${file.name}`}>
              <Table.Td>{file.name}</Table.Td>
              <Table.Td>{formatSize(file.size, locale)}</Table.Td>
              <Table.Td>
                <time dateTime={file.updated} title={formatTimestamp(file.updated, locale)}>
                  {/* An update ahead of this computer's clock is taken as now. */}
                  {relativeTime(Math.min(Date.parse(file.updated), now), now, locale)}
                </time>
              </Table.Td>
              <Table.Td>
                <time dateTime={file.deletes_at} title={formatTimestamp(file.deletes_at, locale)}>
                  {t('injector.deleted', { when: relativeTime(Math.min(Date.parse(file.deletes_at), now + RETENTION_MS), now, locale) })}
                </time>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => void onDownload(file)} aria-label={`${t('injector.download')} ${file.name}`}>
                  {t('injector.download')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function QueuedRow({ item, locale, onRemove, onCancel, onShowDay }: { item: QueuedFile; locale: string; onRemove: () => void; onCancel: () => void; onShowDay: (day: string) => void }) {
  const { t } = useTranslation();
  const failed = item.status === 'error';
  const total = item.file.size;
  return (
    <li data-status={item.status} aria-label={item.name}>
      <Paper withBorder p="xs" style={failed ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={500} c={failed ? 'red' : undefined} truncate>
            {item.name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c={failed ? 'red' : 'dimmed'}>
              {item.status === 'waiting' && t('injector.waiting')}
              {item.status === 'done' && t('injector.done')}
              {item.status === 'uploading' &&
                t('injector.progress', { loaded: formatSize(item.loaded, locale), total: formatSize(total, locale), percent: formatNumber(Math.floor(item.percent) / 100, locale, { style: 'percent' }) })}
            </Text>
            {item.status === 'done' && item.filedUnder && (
              <Anchor component="button" type="button" size="sm" onClick={() => onShowDay(item.filedUnder!)}>
                {t('injector.filed_under', { day: formatDayShort(item.filedUnder, locale) })}
              </Anchor>
            )}
            {/* Once every byte is stored the upload is finished whatever happens: no Cancel that would not cancel. */}
            {item.status === 'uploading' && !item.finishing && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={onCancel}>
                {t('injector.cancel')}
              </Button>
            )}
            {isRemovable(item) && (
              <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={t('injector.remove', { name: item.name })}>
                ×
              </ActionIcon>
            )}
          </Group>
        </Group>
        {failed && (
          // On its own line: the server's reason can be a sentence or two.
          <Text size="sm" c="red" mt={4}>
            {failureText(t, item)}
            {item.refused && ` ${t('injector.not_sent_again')}`}
          </Text>
        )}
        <Progress value={item.status === 'done' ? 100 : item.percent} color={failed ? 'red' : item.status === 'done' ? 'green' : undefined} mt={6} size="sm" aria-label={item.name} />
      </Paper>
    </li>
  );
}
