import { ActionIcon, Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDndMonitor, useSensor, useSensors, type Active, type DragEndEvent, type DragStartEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { billShooting, generateShootingInvoice } from '#shared/catalogue/shootings.ts';
import { PLANNER_MESSAGES, type PlannerShooting, type ScheduledTech } from '#shared/catalogue/planner.ts';
import { isApiError, mayCall } from '../../api/client.ts';
import { useAlert } from '../../app/alert-provider.tsx';
import { DelayedLoader } from '../../app/delayed-loader.tsx';
import { sendShootingReminderToPhotographers } from '#shared/catalogue/calendar.ts';
import { formatDay, formatList } from '../../i18n/format.ts';
import { said, words, type Said } from '../../i18n/said.ts';
import { localDateOf } from '#shared/rules/business-time.ts';
import { useSessionUser } from '../session/use-session.ts';
import { BoardTextContext } from './board-text.ts';
import { boardAnnouncements, boardCollisions, dropTarget, SILENT, toneFor, zoneKeyboardCoordinates, type ZoneReader } from './board-dnd.ts';
import classes from './board.module.css';
import {
  addressOf,
  openingDay,
  plannerQueries,
  shiftDay,
  unassignedOnBoard,
  useAbandonMutation,
  useAssignMutation,
  useBillableMutation,
  useDispatchMutation,
  useFlagRemovalMutation,
  useInvoiceOpenMutation,
  useLockMutation,
  useRecalculateMutation,
  useRemindMutation,
  useUnassignMutation,
} from './queries.ts';
import { BoardBusy } from './shooting-card.tsx';
import { BoardDragSource } from './drag-source.tsx';
import { dropId, TechCard, techName, type DropTone } from './tech-card.tsx';
import { UNASSIGNED_ZONE, UnassignedList } from './unassigned-list.tsx';
import { PlannerDayTools } from './map-modal.tsx';
import { VIRTUAL_FROM } from './near-view.tsx';
import { openInvoice } from './shooting-dialog-invoice.ts';
import { DayPickerInput } from '../../components/day-picker-input.tsx';

/** Part 2 §9: a date change is applied after an 800 ms pause. */
export const DATE_DEBOUNCE_MS = 800;

const NO_SHOOTINGS: readonly PlannerShooting[] = [];

interface Feedback {
  ok: boolean;
  text: Said;
}

/**
 * /shooting for roles 1, 2, 5, 8: part 2 'Shooting planner' ('Planification des captures'), the
 * board of docs/decisions/0170-planner-board.md: technicians available that day on the left (drop
 * zones), unassigned shootings on the right; drag and drop by mouse, touch or keyboard.
 */
export function PlannerPage() {
  const { t, i18n } = useTranslation();
  const showAlert = useAlert();
  const user = useSessionUser();
  // The calendar's 'manage shoots' link opens the planner on its day (the date in route state).
  const stateDate = useRouterState({ select: (r) => (r.location.state as { date?: unknown }).date });
  const [picked, setPicked] = useState(() => openingDay({ date: stateDate }));
  const [date] = useDebouncedValue(picked, DATE_DEBOUNCE_MS);
  const [force, setForce] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [unserved, setUnserved] = useState<ReadonlyMap<number, string>>(new Map());
  const [dragged, setDragged] = useState<PlannerShooting | null>(null);
  // The board's parts read the texts from here, not one useTranslation each (board-text.ts).
  const boardText = useMemo(() => ({ t, language: i18n.language }), [t, i18n.language]);

  const boardQuery = useQuery(plannerQueries.board(date));
  const figuresQuery = useQuery(plannerQueries.figures(date));
  const shootings = useMemo(() => boardQuery.data?.shootings ?? [], [boardQuery.data]);
  const figures = useMemo(() => new Map((figuresQuery.data?.techs ?? []).map((f) => [f.tech_id, f])), [figuresQuery.data]);
  // Per technician, their shootings in route order (the figures' order; any other after it).
  const held = useMemo(() => {
    const out = new Map<number, PlannerShooting[]>();
    for (const s of shootings) if (s.tech_id !== null) out.set(s.tech_id, [...(out.get(s.tech_id) ?? []), s]);
    for (const [techId, list] of out) {
      const order = figures.get(techId)?.route ?? [];
      const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length);
      list.sort((a, b) => rank(a.id) - rank(b.id));
    }
    return out;
  }, [shootings, figures]);
  // Technicians with shootings first, then by name.
  const techs = useMemo(
    () => [...(boardQuery.data?.scheduledTechs ?? [])].sort((a, b) => (held.get(b.id)?.length ?? 0) - (held.get(a.id)?.length ?? 0) || techName(a).localeCompare(techName(b))),
    [boardQuery.data, held],
  );
  const unassigned = useMemo(() => unassignedOnBoard(shootings, techs), [shootings, techs]);
  // A busy day's board is built as it scrolls into view (docs/decisions/0310).
  const lazy = shootings.length >= VIRTUAL_FROM;

  const changeDate = (next: string) => {
    setPicked(next);
    setFeedback(null);
    setUnserved(new Map());
  };
  const fail = (key: string) => () => setFeedback({ ok: false, text: said(key) });
  const refresh = useRecalculateMutation(date, { onError: fail('planner.refresh_error') });

  const dispatching = useDispatchMutation(date, {
    onSuccess: (answer) => {
      setUnserved(new Map(answer.unserved.map((u) => [u.shootingId, u.reason])));
      setFeedback(
        answer.userDispatched === 0
          ? { ok: false, text: said('planner.dispatch_none') }
          : { ok: answer.shootingDispatched === answer.shootingRequested, text: said('planner.dispatch_partial', { n: answer.shootingDispatched, m: answer.shootingRequested }) },
      );
    },
    onError: fail('planner.dispatch_error'),
  });

  const lockedAlert = useCallback(() => void showAlert({ title: t('planner.locked_title'), text: t('planner.locked_alert') }), [showAlert, t]);

  const assigning = useAssignMutation(date, {
    onSuccess: (answer) => {
      if (answer.success) setFeedback({ ok: true, text: said('planner.assign_success') });
      else if (answer.reason === 'locked') lockedAlert();
      else setFeedback({ ok: false, text: said('planner.assign_conflict') });
    },
    onError: (error) => setFeedback({ ok: false, text: said(isApiError(error, 409) ? 'planner.change_error' : 'planner.assign_error') }),
  });
  const unassigning = useUnassignMutation(date, {
    onSuccess: (answer) => setFeedback(answer.success ? { ok: true, text: said('planner.unassign_success') } : { ok: false, text: said('planner.unassign_error') }),
    onError: (error) => setFeedback({ ok: false, text: said(isApiError(error, 409) ? 'planner.change_error' : 'planner.unassign_error') }),
  });
  const locking = useLockMutation(date, {
    // A locked day confirms its pending shootings at their route's times (ADR 0540): say how many.
    onSuccess: (answer) =>
      setFeedback({
        ok: true,
        text: answer.locked ? { compose: (t) => [t('planner.lock_success'), answer.confirmed ? t('planner.lock_confirmed', { count: answer.confirmed }) : ''].join(' ').trim() } : said('planner.unlock_success'),
      }),
    // Only a refused unlock says the day cannot be unlocked (part 2 §8); any other failure, a lock's included, says the lock did not change.
    onError: (error) => setFeedback({ ok: false, text: said(isApiError(error, 409) && error.message === PLANNER_MESSAGES.unlockFailed ? 'planner.unlock_failed' : 'planner.lock_error') }),
  });
  const flagRemoval = useFlagRemovalMutation(date, {
    onSuccess: (answer) => setFeedback(answer.success ? { ok: true, text: said('planner.flag_reset_success') } : { ok: false, text: said('planner.flag_reset_failure') }),
    onError: fail('planner.flag_reset_failure'),
  });
  const abandoning = useAbandonMutation(date, {
    onSuccess: () => setFeedback({ ok: true, text: said('planner.abandon_success') }),
    onError: fail('planner.change_error'),
  });
  const billing = useBillableMutation(date, {
    onSuccess: (answer) => setFeedback({ ok: true, text: said(answer.data.billable ? 'planner.billable_success' : 'planner.unbillable_success') }),
    onError: fail('planner.change_error'),
  });

  const invoicing = useInvoiceOpenMutation(date, {
    onSuccess: (answer) => {
      void openInvoice(answer.invoice, t, i18n.language);
      setFeedback({ ok: true, text: said('shootingDialog.invoice_ready', { id: answer.invoice.invoice_id }) });
    },
    onError: fail('shootingDialog.invoice_error'),
  });

  // The answer names its day: it may come back after the planner moved to another one.
  const reminding = useRemindMutation({
    onSuccess: ({ date: day, sent, failed }) => {
      const compose = (t: TFunction, language: string) => {
        const names = formatList(
          failed.map((f) => t(`planner.remind_failure.${f.reason}`, { name: techName(f) })),
          language,
        );
        const dayText = formatDay(day, language);
        const text = [sent.length ? t('planner.remind_sent', { count: sent.length, date: dayText }) : '', failed.length ? t('planner.remind_failed', { names }) : ''].filter(Boolean).join(' ');
        return text || t('planner.remind_none', { date: dayText });
      };
      setFeedback({ ok: failed.length === 0, text: { compose } });
    },
    onError: fail('planner.remind_error'),
  });
  const onRemind = async () => {
    if (await showAlert({ title: t('planner.remind'), text: t('planner.remind_confirm', { date: formatDay(date, i18n.language) }), cancel: true })) reminding.mutate(date);
  };

  const busy = [dispatching, assigning, unassigning, refresh, locking, flagRemoval, abandoning, billing].some((m) => m.isPending);

  // A mutation's result is a new object at each render; its `mutate` is stable.
  const { mutate: unassign } = unassigning;
  const { mutate: resetFlag } = flagRemoval;
  const { mutate: abandon } = abandoning;
  const { mutate: bill } = billing;
  const { mutate: lock } = locking;
  const onUnassign = useCallback((s: PlannerShooting) => unassign(s), [unassign]);
  const onResetFlag = useCallback((s: PlannerShooting) => resetFlag(s), [resetFlag]);
  const onAbandon = useCallback(
    async (s: PlannerShooting) => {
      if (await showAlert({ title: t('planner.abandon'), text: t('planner.abandon_confirm', { address: addressOf(s) }), cancel: true })) abandon(s);
    },
    [abandon, showAlert, t],
  );
  const onToggleBillable = useCallback(
    async (s: PlannerShooting) => {
      const key = s.billable ? 'planner.unbillable_confirm' : 'planner.billable_confirm';
      if (await showAlert({ title: t(s.billable ? 'planner.make_unbillable' : 'planner.make_billable'), text: t(key, { address: addressOf(s) }), cancel: true })) bill(s);
    },
    [bill, showAlert, t],
  );
  const { mutate: dispatch } = dispatching;
  const onDispatch = useCallback((ids: number[]) => dispatch(ids), [dispatch]);
  const { mutate: invoice } = invoicing;
  const onInvoice = useCallback((s: PlannerShooting) => invoice(s.id), [invoice]);
  const onLock = useCallback((tech: ScheduledTech, locked: boolean) => lock({ techId: tech.id, locked }), [lock]);
  const onCopy = useCallback(
    (tech: ScheduledTech, addresses: string[]) => {
      navigator.clipboard.writeText(addresses.join('\n')).then(
        () => setFeedback({ ok: true, text: said('planner.copied', { name: techName(tech) }) }),
        () => setFeedback({ ok: false, text: said('planner.copy_error') }),
      );
    },
    [],
  );
  // Stable between renders: the cards are memoized (a drag re-renders the page at each step).
  const mayBill = mayCall(billShooting, user?.role);
  const actions = useMemo(
    () => ({
      onUnassign,
      onResetFlag,
      onAbandon: (s: PlannerShooting) => void onAbandon(s),
      ...(mayBill ? { onToggleBillable: (s: PlannerShooting) => void onToggleBillable(s) } : {}),
    }),
    [onUnassign, onResetFlag, onAbandon, onToggleBillable, mayBill],
  );

  // Drag and drop (part 2 §4 'Assignment by drag and drop'), keyboard included (board-dnd.ts).
  const zoneOrder = useMemo(() => [...techs.map(dropId), UNASSIGNED_ZONE], [techs]);
  const keyboardTarget = useRef<string | null>(null);
  // The announcements read the day as it is now (an arrow key can come before the next render).
  const latest = useRef({ techs, held, force });
  latest.current = { techs, held, force };
  const announce = useMemo(() => {
    const zones: ZoneReader = {
      label: (zone) => (zone === UNASSIGNED_ZONE ? t('planner.unassigned_title') : techName(latest.current.techs.find((x) => dropId(x) === zone) ?? { firstname: '', lastname: '', id: Number(String(zone).replace('tech-', '')) })),
      tone: (zone, shooting) => {
        const tech = latest.current.techs.find((x) => dropId(x) === zone);
        return tech ? toneFor(tech, latest.current.held.get(tech.id) ?? [], shooting, latest.current.force) : undefined;
      },
    };
    return boardAnnouncements(t, zones);
  }, [t]);
  const liveRegion = useRef<HTMLDivElement>(null);
  const say = useCallback((text: string) => {
    if (liveRegion.current) liveRegion.current.textContent = text;
  }, []);
  const onStep = useCallback((zone: UniqueIdentifier, active: Active | null) => active && say(announce.over(active, zone)), [announce, say]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // An instant scroll to the chosen zone: a smooth one scrolls over many frames, each one a render of the board's drag context.
    useSensor(KeyboardSensor, { coordinateGetter: zoneKeyboardCoordinates(() => zoneOrder, keyboardTarget, onStep), scrollBehavior: 'auto' }),
  );
  const collisions = useMemo(() => boardCollisions(keyboardTarget), []);
  const tones = useMemo(() => {
    if (!dragged) return new Map<number, DropTone>();
    return new Map(techs.map((tech) => [tech.id, toneFor(tech, held.get(tech.id) ?? [], dragged, force)]));
  }, [dragged, techs, held, force]);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    // With the keyboard no zone is targeted until an arrow key chooses one ('' targets none).
    keyboardTarget.current = activatorEvent instanceof KeyboardEvent ? '' : null;
    setFeedback(null);
    setDragged((active.data.current as { shooting: PlannerShooting }).shooting);
  };
  // keyboardTarget keeps the keyboard's zone after the drop: the drop's announcement (after this) reads it.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const shooting = (active.data.current as { shooting: PlannerShooting }).shooting;
    const zone = dropTarget(keyboardTarget, over);
    if (zone === null) return;
    if (zone === UNASSIGNED_ZONE) {
      if (shooting.tech_id !== null) unassigning.mutate(shooting);
      return;
    }
    const tech = techs.find((x) => dropId(x) === zone);
    if (!tech || tech.id === shooting.tech_id) return;
    const tone = toneFor(tech, held.get(tech.id) ?? [], shooting, force);
    if (tone === 'busy') return; // A drop on red is ignored.
    if (tone === 'locked') return lockedAlert();
    assigning.mutate({ shooting, techId: tech.id, force });
  };

  // Until the pause after a date change ends, the board on screen is another day's: shown as loading, not as the picked day's.
  const loading = picked !== date || boardQuery.isPending || figuresQuery.isPending;
  const failed = boardQuery.isError || figuresQuery.isError;

  return (
    <Stack gap="md">
      <Title order={1}>{t('planner.title')}</Title>

      <Group justify="space-between" align="flex-end">
        <Group gap="xs" align="flex-end">
          <ActionIcon variant="default" size="lg" aria-label={t('planner.previous_day')} onClick={() => changeDate(shiftDay(picked, -1))}>
            ‹
          </ActionIcon>
          <DayPickerInput label={t('planner.date')} value={picked} onChange={(value) => value && changeDate(value)} w={160} />
          <ActionIcon variant="default" size="lg" aria-label={t('planner.next_day')} onClick={() => changeDate(shiftDay(picked, 1))}>
            ›
          </ActionIcon>
        </Group>
        <Group gap="md">
          <PlannerDayTools date={date} shootings={shootings} disabled={loading} />
          <Switch label={t('planner.force_assign')} checked={force} onChange={(e) => setForce(e.currentTarget.checked)} />
          <Button variant="default" loading={refresh.isPending} disabled={busy || loading} onClick={() => refresh.mutate()}>
            {t('planner.refresh')}
          </Button>
          {mayCall(sendShootingReminderToPhotographers, user?.role) && (
            <Button variant="default" loading={reminding.isPending} disabled={loading || date < localDateOf(Date.now())} onClick={() => void onRemind()}>
              {t('planner.remind')}
            </Button>
          )}
        </Group>
      </Group>

      {!loading && !failed && (
        <Text fw={500} data-testid="planner-summary">
          {t('planner.summary', { count: shootings.length, date: formatDay(date, i18n.language) })}
        </Text>
      )}

      {feedback && (
        <Alert color={feedback.ok ? 'green' : 'orange'} withCloseButton onClose={() => setFeedback(null)}>
          {words(t, i18n.language, feedback.text)}
        </Alert>
      )}

      {failed ? (
        <Alert color="red">{t('planner.load_error')}</Alert>
      ) : loading ? (
        <DelayedLoader label={t('common.loading')} />
      ) : (
        <BoardTextContext.Provider value={boardText}>
          <DndContext
            sensors={sensors}
            collisionDetection={collisions}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragged(null)}
            accessibility={{ announcements: SILENT, screenReaderInstructions: { draggable: t('planner.dnd.instructions') } }}
          >
            <DragMonitor say={say} announce={announce} keyboardTarget={keyboardTarget} />
            <div ref={liveRegion} id="planner-live-region" className={classes.liveRegion} role="status" aria-live="assertive" aria-atomic="true" />
            <BoardDragSource>
              <BoardBusy.Provider value={busy}>
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
                            <TechCard
                              key={tech.id}
                              tech={tech}
                              figures={figures.get(tech.id)}
                              shootings={held.get(tech.id) ?? NO_SHOOTINGS}
                              tone={tones.get(tech.id)}
                              lazy={lazy}
                              onLock={onLock}
                              onCopy={onCopy}
                              {...(mayCall(generateShootingInvoice, user?.role) ? { onInvoice } : {})}
                              {...actions}
                            />
                          ))}
                        </SimpleGrid>
                      )}
                    </Stack>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 4 }}>
                    <UnassignedList
                      key={date}
                      shootings={unassigned}
                      unserved={unserved}
                      dropping={dragged !== null && dragged.tech_id !== null}
                      busy={busy}
                      onDispatch={onDispatch}
                      lazy={lazy}
                      {...actions}
                    />
                  </Grid.Col>
                </Grid>
              </BoardBusy.Provider>
            </BoardDragSource>
            {/* The dragged card's copy never takes a press: after a drop it glides back for 250 ms over the board's cards. */}
            <DragOverlay style={{ pointerEvents: 'none' }}>
              {dragged && (
                <Paper withBorder shadow="md" p="xs">
                  <Text size="sm">{addressOf(dragged)}</Text>
                </Paper>
              )}
            </DragOverlay>
          </DndContext>
        </BoardTextContext.Provider>
      )}
    </Stack>
  );
}

/**
 * Says the drag's pick-up, pointer moves, drop and cancel in the board's live region (the keyboard's
 * steps are said by the arrow key itself: board-dnd.ts).
 */
function DragMonitor({ say, announce, keyboardTarget }: { say: (text: string) => void; announce: ReturnType<typeof boardAnnouncements>; keyboardTarget: { current: string | null } }) {
  useDndMonitor(
    useMemo(
      () => ({
        onDragStart: ({ active }: DragStartEvent) => say(announce.start(active)),
        onDragOver: ({ active, over }: { active: Active; over: { id: UniqueIdentifier } | null }) => {
          if (keyboardTarget.current === null) say(announce.over(active, over?.id ?? null));
        },
        onDragEnd: ({ active, over }: DragEndEvent) => say(announce.end(active, dropTarget(keyboardTarget, over))),
        onDragCancel: ({ active }: { active: Active }) => say(announce.cancel(active)),
      }),
      [say, announce, keyboardTarget],
    ),
  );
  return null;
}
