import { Alert, Anchor, Button, Group, List, Modal, MultiSelect, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import frLocale from '@fullcalendar/core/locales/fr';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAllScheduleForTimeperiod, TECHS_PER_CALL_MAX, type CalendarShooting, type Schedule, type UnavailabilityView } from '#shared/catalogue/calendar.ts';
import { pathOf } from '#shared/routes.ts';
import { addDays, localDateOf } from '#shared/rules/business-time.ts';
import { mayCall } from '../../api/client.ts';
import { formatDay, formatTimestamp, languageOf } from '../../i18n/format.ts';
import { said, words, type Said } from '../../i18n/said.ts';
import { useSessionUser } from '../session/use-session.ts';
import { availabilityEvent, CALENDAR_VIEW, dataRange, eventTimeText, nameOf, shootingSpan, type AvailabilityProps, type CalendarView } from './events.ts';
import { calendarQueries, useAddAvailabilityMutation, useCreateUnavailabilityMutation, useRemoveAvailabilityMutation, useRemoveUnavailabilityMutation } from './queries.ts';
import { CALENDAR_TIME_ZONE, quebecTimeZone } from './quebec-time-zone.ts';
import './calendar.css';

/** Part 2 §9: the calendar's height (docs/decisions/0530). */
const HEIGHT_PX = 700;

type Dialog =
  | { kind: 'new-availability'; dates: string[] }
  | { kind: 'remove-availability'; userId: number; date: string; name: string }
  | { kind: 'new-unavailability'; start: string; end: string }
  | { kind: 'remove-unavailability'; u: UnavailabilityView }
  | { kind: 'display-shootings'; date: string };

interface Feedback {
  ok: boolean;
  text: Said;
}

/**
 * The technician calendar (part 2 §2 'Technician calendar', §4 its five dialogs, §5, §6): month,
 * 5-day week and day views from 06:00 to 21:00, 700 px high; a whole-day availability shows at
 * 23:00 of its day in the month and at 12:00 in the week and day (docs/decisions/0530).
 * Administrators see every capture technician (or those they filter) and act on anyone; a
 * technician sees and acts on their own calendar. A month selection adds whole-day availabilities;
 * a time selection adds an unavailability (the server keeps it in UTC, seconds zeroed, and applies
 * the 7 o'clock rule: docs/decisions/0156).
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const user = useSessionUser();
  const admin = mayCall(getAllScheduleForTimeperiod, user?.role);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [view, setView] = useState<CalendarView>(CALENDAR_VIEW.month);
  const [filter, setFilter] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const photographers = useQuery({ ...calendarQueries.photographers(), enabled: admin });
  const scope = admin ? ({ all: true } as const) : { userId: user?.id ?? 0 };
  const schedule = useQuery({ ...calendarQueries.schedule(scope, range?.start ?? '', range?.end ?? ''), enabled: !!range && (admin || !!user) });

  const shown = useMemo<Schedule>(() => {
    const data = schedule.data ?? { availabilities: [], unAvailabilities: [], shootings: [] };
    if (!filter.length) return data;
    const keep = new Set(filter.map(Number));
    return {
      availabilities: data.availabilities.filter((a) => keep.has(a.user_id)),
      unAvailabilities: data.unAvailabilities.filter((u) => keep.has(u.user_id)),
      shootings: data.shootings.filter((s) => keep.has(s.tech_id)),
    };
  }, [schedule.data, filter]);

  const events = useMemo<EventInput[]>(
    () => [
      ...shown.availabilities.map((a) => availabilityEvent(a, view, admin ? `${t('calendar.available')} · ${nameOf(a.user)}` : t('calendar.available'))),
      ...shown.unAvailabilities.map((u) => ({
        id: `u-${u.id}`,
        title: [t('calendar.unavailable'), admin ? nameOf(u.user) : '', u.summary].filter(Boolean).join(' · '),
        start: u.start,
        end: u.end,
        classNames: ['cal-unavailable'],
        extendedProps: { kind: 'unavailability', u },
      })),
      ...shown.shootings.map((s) => ({
        id: `s-${s.id}`,
        title: `${t('calendar.shooting')} · ${s.address}`,
        ...shootingSpan(s),
        classNames: ['cal-shooting'],
        extendedProps: { kind: 'shooting', date: s.scheduleddate },
      })),
    ],
    [shown, view, admin, t],
  );

  const onDates = (arg: DatesSetArg) => {
    setView(arg.view.type as CalendarView);
    const { start, end } = dataRange(localDateOf(arg.view.currentStart.getTime()), { first: localDateOf(arg.start.getTime()), last: localDateOf(arg.end.getTime() - 1) });
    setRange((r) => (r?.start === start && r.end === end ? r : { start, end }));
  };

  const onSelect = (arg: DateSelectArg) => {
    setFeedback(null);
    if (arg.allDay) {
      const first = arg.startStr.slice(0, 10);
      const last = addDays(arg.endStr.slice(0, 10), -1);
      const dates: string[] = [];
      for (let d = first; d <= last; d = addDays(d, 1)) dates.push(d);
      setDialog({ kind: 'new-availability', dates });
    } else {
      setDialog({ kind: 'new-unavailability', start: arg.start.toISOString(), end: arg.end.toISOString() });
    }
    arg.view.calendar.unselect();
  };

  const onEventClick = (arg: EventClickArg) => {
    setFeedback(null);
    const p = arg.event.extendedProps as AvailabilityProps | { kind: 'unavailability'; u: UnavailabilityView } | { kind: 'shooting'; date: string };
    if (p.kind === 'availability') setDialog({ kind: 'remove-availability', userId: p.userId, date: p.date, name: p.name });
    else if (p.kind === 'unavailability') setDialog({ kind: 'remove-unavailability', u: p.u });
    else setDialog({ kind: 'display-shootings', date: p.date });
  };

  const close = (result?: Feedback) => {
    setDialog(null);
    if (result) setFeedback(result);
  };

  const options = (photographers.data?.photographers ?? []).map((p) => ({ value: String(p.id), label: nameOf(p) }));

  return (
    <Stack gap="md">
      <Title order={1}>{t('route.calendar')}</Title>
      {admin && (
        <MultiSelect
          label={t('calendar.technicians')}
          description={t('calendar.technicians_help')}
          data={options}
          value={filter}
          onChange={setFilter}
          searchable
          clearable
          maw={520}
        />
      )}
      <Text size="sm" c="dimmed">
        {t('calendar.legend')}
      </Text>
      {feedback && (
        <Alert role="status" color={feedback.ok ? 'green' : 'red'} withCloseButton onClose={() => setFeedback(null)}>
          {words(t, i18n.language, feedback.text)}
        </Alert>
      )}
      {schedule.isError && <Alert color="red">{t('calendar.load_failed')}</Alert>}
      <div className="tech-calendar">
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, quebecTimeZone]}
          // Quebec's days and hours, wherever the browser is (the dates sent and shown are the business's).
          timeZone={CALENDAR_TIME_ZONE}
          locales={[frLocale]}
          locale={languageOf(lng)}
          initialView={CALENDAR_VIEW.month}
          views={{ [CALENDAR_VIEW.week]: { type: 'timeGrid', duration: { days: 5 }, dateIncrement: { days: 5 }, buttonText: t('calendar.toolbar.week') } }}
          // The toolbar's words in the screen's language (FullCalendar's own are English lower case), and times as the app writes them.
          buttonText={{ prev: t('calendar.toolbar.prev'), next: t('calendar.toolbar.next'), today: t('calendar.toolbar.today'), month: t('calendar.toolbar.month'), day: t('calendar.toolbar.day') }}
          allDayText={t('calendar.toolbar.all_day')}
          eventTimeFormat={(arg) => eventTimeText(arg.start, arg.end, lng)}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: Object.values(CALENDAR_VIEW).join(',') }}
          slotMinTime="06:00:00"
          slotMaxTime="21:00:00"
          // Availabilities sit in the hours (12:00), not the all-day row, so a busy week keeps its
          // hours in view; a busy month scrolls inside the calendar (docs/decisions/0530).
          height={HEIGHT_PX}
          selectable={admin || !!user}
          selectMirror
          select={onSelect}
          eventClick={onEventClick}
          datesSet={onDates}
          events={events}
          // Every event stays in its day cell (no '+N more' popover, whose link axe refuses), and the
          // toolbar's arrows are words, not unnamed icons.
          dayMaxEvents={false}
          buttonIcons={false}
          // A day cell named by its date link alone (aria-labelledby) hides the events it shows from
          // its name: axe's label-content-name-mismatch. Its content names it instead.
          dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
        />
      </div>
      {dialog?.kind === 'new-availability' && <NewAvailabilityDialog dates={dialog.dates} admin={admin} selfId={user?.id} options={options} onClose={close} />}
      {dialog?.kind === 'remove-availability' && <RemoveAvailabilityDialog {...dialog} onClose={close} />}
      {dialog?.kind === 'new-unavailability' && <NewUnavailabilityDialog start={dialog.start} end={dialog.end} admin={admin} selfId={user?.id} options={options} onClose={close} />}
      {dialog?.kind === 'remove-unavailability' && <RemoveUnavailabilityDialog u={dialog.u} onClose={close} />}
      {dialog?.kind === 'display-shootings' && <ShootingsDialog date={dialog.date} shootings={shown.shootings.filter((s) => s.scheduleddate === dialog.date)} admin={admin} onClose={() => close()} />}
    </Stack>
  );
}

interface PickerProps {
  admin: boolean;
  selfId: number | undefined;
  options: { value: string; label: string }[];
  onClose: (result?: Feedback) => void;
}

function NewAvailabilityDialog({ dates, admin, selfId, options, onClose }: PickerProps & { dates: string[] }) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const adding = useAddAvailabilityMutation();
  const techIds = admin ? picked.map(Number) : selfId ? [selfId] : [];
  const save = () =>
    adding.mutate({ techIds, dates, admin }, { onSuccess: () => onClose({ ok: true, text: said('calendar.added') }), onError: () => onClose({ ok: false, text: said('calendar.add_failed') }) });
  return (
    <Modal opened onClose={() => onClose()} title={t('calendar.new_availability')}>
      <Stack>
        <Text>{dates.length === 1 ? t('calendar.day', { date: formatDay(dates[0]!, i18n.language) }) : t('calendar.days', { from: formatDay(dates[0]!, i18n.language), to: formatDay(dates.at(-1)!, i18n.language) })}</Text>
        {admin && (
          <MultiSelect
            label={t('calendar.pick_technicians')}
            // One call takes at most TECHS_PER_CALL_MAX technicians (the server refuses more): the choice stops there and says so.
            description={t('calendar.pick_max', { max: TECHS_PER_CALL_MAX })}
            maxValues={TECHS_PER_CALL_MAX}
            data={options}
            value={picked}
            onChange={setPicked}
            searchable
            required
            error={picked.length ? undefined : t('calendar.pick_required')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('calendar.cancel')}
          </Button>
          <Button onClick={save} loading={adding.isPending} disabled={!techIds.length}>
            {t('calendar.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RemoveAvailabilityDialog({ userId, date, name, onClose }: { userId: number; date: string; name: string; onClose: (result?: Feedback) => void }) {
  const { t, i18n } = useTranslation();
  const removing = useRemoveAvailabilityMutation();
  const remove = () =>
    removing.mutate({ user_id: userId, date }, { onSuccess: () => onClose({ ok: true, text: said('calendar.removed') }), onError: () => onClose({ ok: false, text: said('calendar.remove_failed') }) });
  return <ConfirmRemoval title={t('calendar.remove_availability')} what={[name, formatDay(date, i18n.language)]} pending={removing.isPending} onRemove={remove} onClose={onClose} />;
}

/** A removal confirmed in a dialog: what goes (its parts joined by ' · '), cancel, and a red 'remove'. */
function ConfirmRemoval({ title, what, pending, onRemove, onClose }: { title: string; what: Array<string | null | undefined>; pending: boolean; onRemove: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={() => onClose()} title={title}>
      <Stack>
        <Text>{what.filter(Boolean).join(' · ')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('calendar.cancel')}
          </Button>
          <Button color="red" onClick={onRemove} loading={pending}>
            {t('calendar.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function NewUnavailabilityDialog({ start, end, admin, selfId, options, onClose }: PickerProps & { start: string; end: string }) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const creating = useCreateUnavailabilityMutation();
  const userId = admin ? (picked ? Number(picked) : undefined) : selfId;
  const save = () =>
    userId &&
    creating.mutate(
      { user_id: userId, start, end, reason: reason.trim() || null },
      { onSuccess: () => onClose({ ok: true, text: said('calendar.unavailability_added') }), onError: () => onClose({ ok: false, text: said('calendar.unavailability_add_failed') }) },
    );
  return (
    <Modal opened onClose={() => onClose()} title={t('calendar.new_unavailability')}>
      <Stack>
        <Text>{t('calendar.period', { from: formatTimestamp(start, i18n.language), to: formatTimestamp(end, i18n.language) })}</Text>
        {admin && <Select label={t('calendar.pick_technician')} data={options} value={picked} onChange={setPicked} searchable required error={picked ? undefined : t('calendar.pick_required')} />}
        <Textarea label={t('calendar.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} maxRows={2} maxLength={500} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            {t('calendar.cancel')}
          </Button>
          <Button onClick={save} loading={creating.isPending} disabled={!userId}>
            {t('calendar.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RemoveUnavailabilityDialog({ u, onClose }: { u: UnavailabilityView; onClose: (result?: Feedback) => void }) {
  const { t, i18n } = useTranslation();
  const removing = useRemoveUnavailabilityMutation();
  const remove = () =>
    removing.mutate(
      { id: u.id },
      { onSuccess: () => onClose({ ok: true, text: said('calendar.unavailability_removed') }), onError: () => onClose({ ok: false, text: said('calendar.unavailability_remove_failed') }) },
    );
  const period = t('calendar.period', { from: formatTimestamp(u.start, i18n.language), to: formatTimestamp(u.end, i18n.language) });
  return <ConfirmRemoval title={t('calendar.remove_unavailability')} what={[nameOf(u.user), period, u.summary]} pending={removing.isPending} onRemove={remove} onClose={onClose} />;
}

/** The display-shootings dialog: the day's shootings, and for administrators the link to manage them at /shooting (the date in route state). */
function ShootingsDialog({ date, shootings, admin, onClose }: { date: string; shootings: CalendarShooting[]; admin: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('calendar.display_shootings', { date: formatDay(date, i18n.language) })}>
      <Stack>
        {shootings.length ? (
          <List>
            {shootings.map((s) => (
              <List.Item key={s.id}>{[s.address, s.city].filter(Boolean).join(', ')}</List.Item>
            ))}
          </List>
        ) : (
          <Text>{t('calendar.no_shootings')}</Text>
        )}
        <Group justify="space-between">
          {admin ? (
            <Anchor component={Link} to={pathOf('shooting')} state={{ date } as never}>
              {t('calendar.manage_shoots')}
            </Anchor>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={onClose}>
            {t('calendar.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
