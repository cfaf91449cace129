import { Alert, Button, Card, Group, NavLink, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_MESSAGES, shootingFromTech } from '#shared/catalogue/schedule.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatClock, formatDate, formatDuration, formatDayShort, formatKm } from '../../i18n/format.ts';
import { useSessionUser } from '../session/use-session.ts';
import { scheduleQueries } from './queries.ts';
import { downloadReportPdf } from './report-pdf.ts';
import { DayPickerInput } from '../../components/day-picker-input.tsx';
import { unitLabel } from '#shared/rules/unit-label.ts';

/**
 * /shootReports 'Rapport des captures' (part 2 §2, §6, §9): two dates (today and tomorrow by
 * default), the count of captures and a PDF; administrators pick a technician from the list on
 * the left and see total distance, average and total time. A technician reads their own only
 * (the server decides): docs/decisions/0166.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const admin = user !== undefined && isAdminLevel(user.role);
  const technicians = useQuery({ ...scheduleQueries.technicians(), enabled: admin });
  const [techId, setTechId] = useState<number | undefined>(undefined);
  const listed = technicians.data?.photographers ?? [];
  const chosen = admin ? (techId ?? (listed.find((p) => !p.suspended) ?? listed[0])?.id) : undefined;
  return (
    <Stack>
      <Title order={1}>{t('route.shootReports')}</Title>
      {admin && technicians.isError ? (
        // ADR 0560: a technician list that failed is said, not left as a blank page.
        <Alert color="red" role="alert">
          {t('reports.technicians_load_error')}
        </Alert>
      ) : admin ? (
        <SimpleGrid cols={{ base: 1, md: 4 }}>
          <Card withBorder component="nav" aria-label={t('reports.technicians')} p={0}>
            {technicians.data?.photographers.map((p) => (
              <NavLink key={p.id} component="button" label={p.suspended ? t('reports.suspended_name', { name: `${p.firstname} ${p.lastname}` }) : `${p.firstname} ${p.lastname}`} active={p.id === chosen} onClick={() => setTechId(p.id)} aria-current={p.id === chosen ? 'true' : undefined} />
            ))}
          </Card>
          <div style={{ gridColumn: 'span 3' }}>{chosen !== undefined && <Report techId={chosen} admin />}</div>
        </SimpleGrid>
      ) : (
        user && <Report techId={undefined} admin={false} />
      )}
    </Stack>
  );
}

function Report({ techId, admin }: { techId: number | undefined; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const today = localDateOf(Date.now());
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(addDays(today, 1));
  const check = shootingFromTech.input.safeParse({ tech_id: techId, start_date: start, end_date: end });
  const query = useQuery({ ...scheduleQueries.report(techId, start, end), enabled: check.success });
  const periodError = check.success ? undefined : check.error.issues.some((i) => i.message === SCHEDULE_MESSAGES.reportOrder) ? t('reports.order') : t('reports.too_long');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!query.data) return;
    const r = query.data;
    setDownloading(true);
    try {
      await downloadReportPdf({
        title: t('route.shootReports'),
        subtitle: `${r.tech.firstname} ${r.tech.lastname} — ${t('reports.period', { from: formatDate(r.start_date, lng), to: formatDate(r.end_date, lng) })}`,
        columns: [t('reports.col.address'), t('reports.col.date'), t('reports.col.start'), t('reports.col.end'), t('reports.col.total')],
        rows: r.rows.map((row) => [[row.address, unitLabel(row.app), row.city].filter(Boolean).join(', '), formatDate(row.scheduleddate, lng), formatClock(row.start, lng), formatClock(row.end, lng), formatDuration(row.duration_s, lng)] as const),
        total: t('reports.total_time', { time: formatDuration(r.total_capture_s, lng) }),
        fileName: t('reports.file_name', { from: r.start_date, to: r.end_date }),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack>
      <Group align="flex-end">
        <DayPickerInput label={t('reports.start')} value={start} onChange={(value) => value && setStart(value)} w={160} />
        <DayPickerInput label={t('reports.end')} value={end} onChange={(value) => value && setEnd(value)} w={160} error={periodError} />
      </Group>
      {!check.success ? null : query.isPending ? (
        <DelayedLoader label={t('common.loading')} />
      ) : query.isError ? (
        <Text role="alert">{t('reports.load_error')}</Text>
      ) : (
        <>
          <Text aria-live="polite">{t('reports.count', { count: query.data.count })}</Text>
          {admin && (
            <Group>
              <Text>{t('reports.total_distance', { km: formatKm(query.data.total_distance_km, lng) })}</Text>
              <Text>{t('reports.average_time', { time: formatDuration(query.data.average_capture_s, lng) })}</Text>
              <Text>{t('reports.total_time', { time: formatDuration(query.data.total_capture_s, lng) })}</Text>
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {formatDayShort(query.data.start_date, lng)} – {formatDayShort(query.data.end_date, lng)}
          </Text>
          <Button w="fit-content" onClick={() => void download()} loading={downloading}>
            {t('reports.download')}
          </Button>
        </>
      )}
    </Stack>
  );
}
