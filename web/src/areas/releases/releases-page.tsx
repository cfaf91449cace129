import { Alert, Anchor, Button, Card, FileInput, Group, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RELEASE_APPS, releaseVersion, type ReleaseApp, type ReleaseView } from '#shared/catalogue/releases.ts';
import { isApiError } from '../../api/client.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDateTime, formatNumber, formatSize } from '../../i18n/format.ts';
import { said, words, type Said } from '../../i18n/said.ts';
import { UploadFailed, releaseQueries, useAddReleaseMutation, useToggleReleaseMutation } from './queries.ts';
import { RELEASE_MAX_GIB, releaseFileProblem } from './release-file.ts';

/**
 * /releases (part 3 screen 13): one panel per app listing its versions, newest first, each with its
 * public/private toggle and the CDN link of its file; a version is added with its file, which goes
 * straight to the media bucket.
 */
export function ReleasesPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('route.releases')}</Title>
      <Text>{t('releases.intro')}</Text>
      {RELEASE_APPS.map((app) => (
        <AppPanel key={app} app={app} />
      ))}
    </Stack>
  );
}

function AppPanel({ app }: { app: ReleaseApp }) {
  const { t } = useTranslation();
  const list = useQuery(releaseQueries.ofApp(app));
  const releases = list.data?.app.releases ?? [];
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={`app-${app}`} data-app={app}>
      <Title order={2} id={`app-${app}`} fz="xl" mb="sm">
        {app}
      </Title>
      {list.isError ? (
        <Alert color="red">{t('releases.load_error', { app })}</Alert>
      ) : list.isPending ? (
        <DelayedLoader />
      ) : releases.length === 0 ? (
        <Text c="dimmed">{t('releases.none')}</Text>
      ) : (
        <ReleaseList releases={releases} />
      )}
      <AddRelease app={app} />
    </Paper>
  );
}

function PublicToggle({ release }: { release: ReleaseView }) {
  const { t } = useTranslation();
  const toggle = useToggleReleaseMutation();
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap={2}>
      <Switch
        checked={release.public}
        disabled={!release.uploaded || toggle.isPending}
        aria-label={t('releases.toggle_label', { version: release.version })}
        label={release.public ? t('releases.public_state') : t('releases.private_state')}
        onChange={(e) => toggle.mutate({ app: release.app, id: release.id, public: e.currentTarget.checked }, { onError: () => setFailed(true), onSuccess: () => setFailed(false) })}
      />
      {failed && (
        <Text fz="xs" c="red.8" role="alert">
          {t('releases.error')}
        </Text>
      )}
    </Stack>
  );
}

function FileLink({ release }: { release: ReleaseView }) {
  const { t } = useTranslation();
  return release.cdn_url ? (
    <Anchor href={release.cdn_url} fz="sm" style={{ wordBreak: 'break-all' }}>
      {t('releases.download')} {release.filename}
    </Anchor>
  ) : (
    <Stack gap={0}>
      <Text fz="sm" c="dimmed">
        {t('releases.not_uploaded')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('releases.not_uploaded_hint')}
      </Text>
    </Stack>
  );
}

function ReleaseList({ releases }: { releases: readonly ReleaseView[] }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (phone)
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {releases.map((r) => (
          <Card component="li" key={r.id} withBorder padding="xs" data-version={r.version}>
            <Text fw={700}>{r.version}</Text>
            <Text fz="sm">
              {formatSize(r.size, i18n.language)} · {formatDateTime(r.created_at, i18n.language)}
            </Text>
            <FileLink release={r} />
            <PublicToggle release={r} />
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('releases.version')}</Table.Th>
          <Table.Th>{t('releases.size')}</Table.Th>
          <Table.Th>{t('releases.added')}</Table.Th>
          <Table.Th>{t('releases.url')}</Table.Th>
          <Table.Th>{t('releases.public')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {releases.map((r) => (
          <Table.Tr key={r.id} data-version={r.version}>
            <Table.Td fw={700}>{r.version}</Table.Td>
            <Table.Td>{formatSize(r.size, i18n.language)}</Table.Td>
            <Table.Td>{formatDateTime(r.created_at, i18n.language)}</Table.Td>
            <Table.Td>
              <FileLink release={r} />
            </Table.Td>
            <Table.Td>
              <PublicToggle release={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AddRelease({ app }: { app: ReleaseApp }) {
  const { t, i18n } = useTranslation();
  const add = useAddReleaseMutation();
  const [version, setVersion] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ version?: Said; file?: Said; form?: Said }>({});
  const [done, setDone] = useState<Said | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const next: typeof errors = {};
    if (!version.trim()) next.version = said('releases.version_required');
    else if (!releaseVersion.safeParse(version).success) next.version = said('releases.version_invalid');
    const problem = releaseFileProblem(file);
    if (problem) next.file = { compose: (t, language) => t(`releases.${problem}`, { max: formatNumber(RELEASE_MAX_GIB, language) }) };
    setErrors(next);
    if (next.version || next.file || !file) return;
    const wanted = version.trim();
    add.mutate(
      { app, version: wanted, file },
      {
        onSuccess: () => {
          setDone(said('releases.added_done', { version: wanted }));
          setVersion('');
          setFile(null);
        },
        onError: (error) =>
          setErrors({
            form: isApiError(error, 409)
              ? said('releases.duplicate', { version: wanted })
              : error instanceof UploadFailed
                ? said('releases.upload_failed', { version: wanted })
                : said('releases.error'),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${t('releases.add_title')} — ${app}`}>
      <Title order={3} fz="md" mt="md" mb="xs">
        {t('releases.add_title')}
      </Title>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput label={t('releases.version')} value={version} onChange={(e) => setVersion(e.currentTarget.value)} error={errors.version && words(t, i18n.language, errors.version)} w={{ base: '100%', xs: 160 }} />
        <FileInput label={t('releases.choose_file')} value={file} onChange={setFile} error={errors.file && words(t, i18n.language, errors.file)} clearable w={{ base: '100%', xs: 260 }} />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={add.isPending}>
          {t('releases.add')}
        </Button>
      </Group>
      {errors.form && (
        <Alert color="red" mt="xs" role="alert">
          {words(t, i18n.language, errors.form)}
        </Alert>
      )}
      {done && (
        <Alert color="green" mt="xs" role="status">
          {words(t, i18n.language, done)}
        </Alert>
      )}
    </form>
  );
}
