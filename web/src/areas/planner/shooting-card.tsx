import { createContext, memo, useContext, type CSSProperties, type ReactNode } from 'react';
import type { PlannerShooting } from '#shared/catalogue/planner.ts';
import { cardProgressOf, elapsedColour, elapsedDays, shootingInterval } from '#shared/rules/shooting-progress.ts';
import { formatClock, formatDuration } from '../../i18n/format.ts';
import classes from './board.module.css';
import { useBoardText } from './board-text.ts';
import { addressOf, today } from './queries.ts';
import { DialogButton } from './shooting-dialog.tsx';
import { DragHandlesContext } from './drag-source.tsx';

/** What a card can do; absent actions are not offered (the caller's role or the column decides). */
export interface ShootingActions {
  onUnassign?: (s: PlannerShooting) => void;
  onResetFlag?: (s: PlannerShooting) => void;
  onAbandon?: (s: PlannerShooting) => void;
  onToggleBillable?: (s: PlannerShooting) => void;
}

/**
 * A change is being saved: the board's buttons are disabled meanwhile. A context, so that only the
 * buttons render again when it flips, not the ~370 cards (docs/decisions/0285).
 */
export const BoardBusy = createContext(false);

interface ShootingCardProps extends ShootingActions {
  shooting: PlannerShooting;
  /** Whether it is selected for the dispatch (unassigned column only, with `onSelect`). */
  selected?: boolean;
  onSelect?: (id: number, on: boolean) => void;
  /** Why the last dispatch left it out. */
  note?: string | undefined;
}

type Variant = 'light' | 'filled' | 'outline';

const TINTS = new Map<string, CSSProperties>();

/** The colours of a Mantine badge of that variant and colour, one object per pair (the board has hundreds of badges). */
function tint(variant: Variant, colour: string): CSSProperties {
  const key = `${variant} ${colour}`;
  let style = TINTS.get(key);
  if (!style) TINTS.set(key, (style = tintOf(variant, colour)));
  return style;
}

/** The colours of a Mantine badge of that variant and colour ('red', or a shade: 'red.9'). */
function tintOf(variant: Variant, colour: string): CSSProperties {
  const [name, shade] = colour.split('.');
  const exact = shade ? `var(--mantine-color-${name}-${shade})` : undefined;
  if (variant === 'filled') return { '--badge-bg': exact ?? `var(--mantine-color-${name}-filled)`, '--badge-fg': 'var(--mantine-color-white)' } as CSSProperties;
  if (variant === 'outline') {
    const line = exact ?? `var(--mantine-color-${name}-outline)`;
    return { '--badge-bd': line, '--badge-fg': line } as CSSProperties;
  }
  return { '--badge-bg': `var(--mantine-color-${name}-light)`, '--badge-fg': `var(--mantine-color-${name}-light-color)` } as CSSProperties;
}

export function Badge({ variant, colour, children }: { variant: Variant; colour: string; children: ReactNode }) {
  return (
    <span className={classes.badge} style={tint(variant, colour)} data-badge>
      {children}
    </span>
  );
}

const RED_BUTTON = { '--button-fg': 'var(--mantine-color-red-light-color)', '--button-hover': 'var(--mantine-color-red-light-hover)' } as CSSProperties;
const LIGHT_BUTTON = { '--button-bg': 'var(--mantine-color-blue-light)' } as CSSProperties;

/** A compact button of the board (Mantine's compact-xs subtle, red or light), disabled while a change is saved. */
export function ActionButton({ label, tone, onClick, children }: { label: string; tone?: 'red' | 'light'; onClick: () => void; children: ReactNode }) {
  const busy = useContext(BoardBusy);
  return (
    <button type="button" className={classes.action} style={tone === 'red' ? RED_BUTTON : tone === 'light' ? LIGHT_BUTTON : undefined} disabled={busy} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * One shooting on the board (part 2 §4): a drag handle (mouse, touch and keyboard: dnd-kit), its
 * half-day and address, time (one hour when it has no end), tags 'Saisonnière' and 'Heure Bleue',
 * reshoot ordinal, completion and progress, elapsed days in colour, the forced flag and its
 * removal, abandon and billable (both confirmed by the page). Plain elements (board.module.css):
 * the board of a busy day holds hundreds (docs/decisions/0285).
 */
export const ShootingCard = memo(function ShootingCard({ shooting, selected, onSelect, note, ...actions }: ShootingCardProps) {
  const { t } = useBoardText();
  const address = addressOf(shooting);
  return (
    <li className={classes.card} data-shooting-id={shooting.id}>
      <div className={classes.head}>
        <DragHandle shooting={shooting} label={t('planner.drag_label', { address })} />
        {onSelect && (
          <input
            type="checkbox"
            className={classes.checkbox}
            aria-label={t('planner.select_shooting', { address })}
            checked={selected ?? false}
            onChange={(e) => onSelect(shooting.id, e.currentTarget.checked)}
          />
        )}
        <p className={classes.address}>
          <Badge variant="outline" colour="blue">
            {t(shooting.am ? 'planner.am' : 'planner.pm')}
          </Badge>
          {address}
        </p>
      </div>
      <ShootingFacts shooting={shooting} />
      {note && <p className={classes.note}>{note}</p>}
      <div className={classes.row}>
        {shooting.force_assigned && actions.onResetFlag && (
          <ActionButton tone="light" label={t('planner.reset_flag_label', { address })} onClick={() => actions.onResetFlag!(shooting)}>
            {t('planner.reset_flag')}
          </ActionButton>
        )}
        {actions.onToggleBillable && (
          <ActionButton label={t(shooting.billable ? 'planner.unbillable_label' : 'planner.billable_label', { address })} onClick={() => actions.onToggleBillable!(shooting)}>
            {t(shooting.billable ? 'planner.make_unbillable' : 'planner.make_billable')}
          </ActionButton>
        )}
        {actions.onAbandon && (
          <ActionButton tone="red" label={t('planner.abandon_label', { address })} onClick={() => actions.onAbandon!(shooting)}>
            {t('planner.abandon')}
          </ActionButton>
        )}
        {shooting.tech_id !== null && actions.onUnassign && (
          <ActionButton tone="red" label={t('planner.unassign_label', { address })} onClick={() => actions.onUnassign!(shooting)}>
            {t('planner.unassign')}
          </ActionButton>
        )}
        <DialogButton shootingId={shooting.id} label={t('shootingDialog.open_label', { address })} text={t('shootingDialog.open')} className={classes.action} />
      </div>
    </li>
  );
});

/**
 * The drag handle: a plain button that gives its pointer-down and key-down to the board's one
 * draggable (drag-source.tsx). It does not read dnd-kit's context, which changes at every step of
 * a drag: a step renders no handle (docs/decisions/0285, 0375).
 */
function DragHandle({ shooting, label }: { shooting: PlannerShooting; label: string }) {
  const { describedBy, start } = useContext(DragHandlesContext);
  const { t } = useBoardText();
  return (
    <button
      type="button"
      className={classes.handle}
      aria-label={label}
      aria-roledescription={t('planner.dnd.roledescription')}
      aria-describedby={describedBy}
      aria-disabled={false}
      onPointerDown={(event) => start(shooting, event)}
      onKeyDown={(event) => start(shooting, event)}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/** The readings of a shooting: time, tags, reshoot, progress, elapsed days, forced, billable. */
function ShootingFacts({ shooting }: { shooting: PlannerShooting }) {
  const { t, language } = useBoardText();
  const interval = shootingInterval(shooting);
  const progress = cardProgressOf(shooting, Date.now());
  const elapsed = elapsedDays(shooting.scheduleddate, today());
  // Tags of part 2 §4 and §9, those that apply: [key, variant, colour, text].
  const tags: Array<[string, Variant, string, string]> = [];
  if (shooting.seasonal) tags.push(['seasonal', 'light', 'teal', t('planner.seasonal')]);
  if (shooting.blue_hour) tags.push(['blue_hour', 'light', 'indigo', t('planner.blue_hour')]);
  if (shooting.reshoot) tags.push(['reshoot', 'light', 'grape', t('planner.reshoot', { n: shooting.reshootIndex })]);
  if (elapsed > 0) tags.push(['elapsed', 'filled', `${elapsedColour(elapsed)}.9`, t('planner.elapsed', { count: elapsed })]);
  if (shooting.force_assigned) tags.push(['forced', 'outline', 'orange.9', t('planner.forced')]);
  if (shooting.billable) tags.push(['billable', 'outline', 'gray', t('planner.billable')]);
  return (
    <div className={classes.row}>
      <span className={classes.dimmed}>
        {interval
          ? t('planner.time_range', { start: formatClock(interval.start, language), end: formatClock(interval.end, language) })
          : t('planner.estimated', { duration: formatDuration(shooting.estimated_duration, language) })}
      </span>
      <Badge variant="light" colour={progress === 'completed' ? 'green' : progress === 'in_progress' ? 'blue' : 'gray'}>
        {t(`planner.progress.${progress}`)}
      </Badge>
      {tags.map(([key, variant, colour, text]) => (
        <Badge key={key} variant={variant} colour={colour}>
          {text}
        </Badge>
      ))}
    </div>
  );
}
