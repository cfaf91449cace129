import '@mantine/dates/styles.css';
import { ActionIcon, Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShootingView } from '#shared/catalogue/shootings.ts';
import { isCalendarDate } from '#shared/rules/business-time.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { formatDay } from '../../i18n/format.ts';
import { plannerQueries, shiftDay, today, unassignedOf, useAssignMutation, useDispatchMutation, useRecalculateMutation, useUnassignMutation } from './queries.ts';
import { TechCard, techName } from './tech-card.tsx';
import { UnassignedList } from './unassigned-list.tsx';
import { PlannerDayTools } from './map-modal.tsx';

/** Part 2 §9: a date change is applied after an 800 ms pause. */
export const DATE_DEBOUNCE_MS = 800;

interface Feedback {
  ok: boolean;
  text: string;
}

/**
 * /shooting for roles 1, 2, 5, 8: part 2 'Shooting planner' ('Planification des captures'), first
 * version. Not built yet (docs/decisions/0070-planner-first-version.md): map, day-lock toggle,
 * drag and drop, route links, copy addresses, invoices, depots and unavailabilities on the cards.
 */
export function PlannerPage() {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  // The calendar's 'manage shoots' link opens the planner on its day (the date in route state).
  const stateDate = useRouterState({ select: (r) => (r.location.state as { date?: unknown }).date });
  const [picked, setPicked] = useState(() => (typeof stateDate === 'string' && isCalendarDate(stateDate) ? stateDate : today()));
  const [date] = useDebouncedValue(picked, DATE_DEBOUNCE_MS);
  const [force, setForce] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [unserved, setUnserved] = useState<ReadonlyMap<number, string>>(new Map());

  const shootingsQuery = useQuery(plannerQueries.shootings(date));
  const figuresQuery = useQuery(plannerQueries.figures(date));
  const shootings = useMemo(() => shootingsQuery.data ?? [], [shootingsQuery.data]);
  // Technicians with shootings first, then by name.
  const techs = useMemo(
    () => [...(figuresQuery.data?.techs ?? [])].sort((a, b) => b.shooting_count - a.shooting_count || techName(a).localeCompare(techName(b))),
    [figuresQuery.data],
  );
  const byId = useMemo(() => new Map(shootings.map((s) => [s.id, s])), [shootings]);
  const unassigned = useMemo(() => unassignedOf(shootings, techs), [shootings, techs]);

  const changeDate = (next: string) => {
    setPicked(next);
    setFeedback(null);
    setUnserved(new Map());
  };
  const refresh = useRecalculateMutation(date, { onError: () => setFeedback({ ok: false, text: t('planner.refresh_error') }) });

  const dispatching = useDispatchMutation(date, {
    onSuccess: (answer) => {
      setUnserved(new Map(answer.unserved.map((u) => [u.shootingId, u.reason])));
      setFeedback(
        answer.userDispatched === 0
          ? { ok: false, text: t('planner.dispatch_none') }
          : { ok: answer.shootingDispatched === answer.shootingRequested, text: t('planner.dispatch_partial', { n: answer.shootingDispatched, m: answer.shootingRequested }) },
      );
    },
    onError: () => setFeedback({ ok: false, text: t('planner.dispatch_error') }),
  });

  const lockedAlert = () => showAlert({ title: t('planner.locked_title'), text: t('planner.locked_alert') });

  const assigning = useAssignMutation(date, {
    onSuccess: (answer) => {
      if (answer.success) setFeedback({ ok: true, text: t('planner.assign_success') });
      else if (answer.reason === 'locked') void lockedAlert();
      else setFeedback({ ok: false, text: t('planner.assign_conflict') });
    },
    onError: () => setFeedback({ ok: false, text: t('planner.assign_error') }),
  });

  const unassigning = useUnassignMutation(date, {
    onSuccess: (answer) => setFeedback(answer.success ? { ok: true, text: t('planner.unassign_success') } : { ok: false, text: t('planner.unassign_error') }),
    onError: () => setFeedback({ ok: false, text: t('planner.unassign_error') }),
  });

  const onAssign = (shooting: ShootingView, techId: number) => {
    setFeedback(null);
    // Part 2 'Assignment by drag and drop': a locked technician is refused unless force assign is on.
    if (!force && techs.find((tech) => tech.tech_id === techId)?.locked) {
      void lockedAlert();
      return;
    }
    assigning.mutate({ shootingId: shooting.id, techId, force });
  };

  const busy = dispatching.isPending || assigning.isPending || unassigning.isPending || refresh.isPending;
  const loading = shootingsQuery.isPending || figuresQuery.isPending;
  const failed = shootingsQuery.isError || figuresQuery.isError;

  return (
    <Stack gap="md">
      <Title order={1}>{t('planner.title')}</Title>

      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <ActionIcon variant="default" size="lg" aria-label={t('planner.previous_day')} onClick={() => changeDate(shiftDay(picked, -1))}>
            ‹
          </ActionIcon>
          <DatePickerInput label={t('planner.date')} value={picked} onChange={(value) => value && changeDate(value)} valueFormat="YYYY-MM-DD" w={160} />
          <ActionIcon variant="default" size="lg" aria-label={t('planner.next_day')} onClick={() => changeDate(shiftDay(picked, 1))}>
            ›
          </ActionIcon>
        </Group>
        <Group gap="md">
          <PlannerDayTools date={date} shootings={shootings} />
          <Switch label={t('planner.force_assign')} checked={force} onChange={(e) => setForce(e.currentTarget.checked)} />
          <Button variant="default" loading={refresh.isPending} disabled={busy} onClick={() => refresh.mutate()}>
            {t('planner.refresh')}
          </Button>
        </Group>
      </Group>

      <Text fw={500} data-testid="planner-summary">
        {t('planner.summary', { count: shootingsQuery.data?.length ?? 0, date: formatDay(date, i18n.language) })}
      </Text>

      {feedback && (
        <Alert color={feedback.ok ? 'green' : 'orange'} withCloseButton onClose={() => setFeedback(null)}>
          {feedback.text}
        </Alert>
      )}

      {failed ? (
        <Alert color="red">{t('planner.load_error')}</Alert>
      ) : loading ? (
        <DelayedLoader label={t('common.loading')} />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('planner.techs_title')}
              </Title>
              {techs.length === 0 ? (
                <Text>{t('planner.no_tech')}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, lg: 2 }}>
                  {techs.map((tech) => (
                    <TechCard key={tech.tech_id} tech={tech} shootings={byId} busy={busy} onUnassign={(s) => unassigning.mutate(s.id)} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="sm">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('planner.unassigned_title')}
                </Title>
                <UnassignedList key={date} shootings={unassigned} techs={techs} unserved={unserved} busy={busy} onDispatch={(ids) => dispatching.mutate(ids)} onAssign={onAssign} />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
