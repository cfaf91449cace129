import { Menu } from '@mantine/core';
import { memo, useContext, useState } from 'react';
import type { PlannerShooting, ScheduledTech, techDayFigures } from '#shared/catalogue/planner.ts';
import type * as z from '#shared/zod.ts';
import { formatDuration, formatKm, formatMoney } from '../../i18n/format.ts';
import { useBoardText } from './board-text.ts';
import classes from './board.module.css';
import { DropZone, type DropTone } from './drop-zone.tsx';
import { WhenNear } from './near-view.tsx';
import { addressOf, unavailabilityText } from './queries.ts';
import { Badge, BoardBusy, ShootingCard, type ShootingActions } from './shooting-card.tsx';

export type TechFigures = z.infer<typeof techDayFigures>;
export type { DropTone } from './drop-zone.tsx';

export const techName = (tech: { firstname: string; lastname: string; id?: number; tech_id?: number }) => `${tech.firstname} ${tech.lastname}`.trim() || `#${tech.id ?? tech.tech_id}`;

export const dropId = (tech: Pick<ScheduledTech, 'id'>) => `tech-${tech.id}`;

interface TechCardProps extends ShootingActions {
  tech: ScheduledTech;
  figures: TechFigures | undefined;
  /** The technician's shootings in route order. */
  shootings: readonly PlannerShooting[];
  /** Set while a shooting is dragged. */
  tone: DropTone | undefined;
  onLock: (tech: ScheduledTech, locked: boolean) => void;
  onCopy: (tech: ScheduledTech, addresses: string[]) => void;
  /** Opens a shooting's invoice (absent for a role that may not). */
  onInvoice?: ((s: PlannerShooting) => void) | undefined;
  /** A busy day: the body is built when it comes near the screen (near-view.tsx). */
  lazy: boolean;
}

/**
 * One technician available that day (part 2, planner left column), a drop zone for shootings: the
 * lock toggle, shooting count, km, cost, travel time, depot, unavailabilities, links to the route
 * from home and from the office (depot), copy of the route's addresses, and the shootings. The
 * zone (dnd-kit) wraps a head and a body that render again only when their own data changes.
 */
export const TechCard = memo(function TechCard({ tech, figures, shootings, tone, onLock, onCopy, onInvoice, lazy, ...actions }: TechCardProps) {
  return (
    <DropZone id={dropId(tech)} label={techName(tech)} tone={tone} toneText className={classes.zone} techId={tech.id} head={<TechHead tech={tech} onLock={onLock} />}>
      <WhenNear lazy={lazy} estimate={BODY_PX + shootings.length * CARD_PX}>
        <TechBody tech={tech} figures={figures} shootings={shootings} onCopy={onCopy} onInvoice={onInvoice} {...actions} />
      </WhenNear>
    </DropZone>
  );
});

/** About the height of a technician's body without shootings, and of one shooting card (px). */
const BODY_PX = 90;
export const CARD_PX = 118;

const TechHead = memo(function TechHead({ tech, onLock }: Pick<TechCardProps, 'tech' | 'onLock'>) {
  const { t } = useBoardText();
  const busy = useContext(BoardBusy);
  const name = techName(tech);
  return (
    <div className={classes.zoneHead}>
      <p className={classes.name}>
        {name}
        {tech.freelance && (
          <Badge variant="light" colour="blue">
            {t('planner.freelance')}
          </Badge>
        )}
      </p>
      <label className={classes.switchLabel}>
        <input
          type="checkbox"
          role="switch"
          className={classes.switch}
          aria-label={t('planner.lock_label', { name })}
          checked={tech.locked}
          disabled={busy}
          onChange={(e) => onLock(tech, e.currentTarget.checked)}
        />
        {t('planner.locked')}
      </label>
    </div>
  );
});

const TechBody = memo(function TechBody({ tech, figures, shootings, onCopy, onInvoice, ...actions }: Omit<TechCardProps, 'tone' | 'onLock' | 'lazy'>) {
  const { t, language } = useBoardText();
  const name = techName(tech);
  const depotAddress = tech.depot ? [[tech.depot.civic_number, tech.depot.street].filter(Boolean).join(' '), tech.depot.city].filter(Boolean).join(', ') : null;
  return (
    <>
      <div className={classes.figures}>
        <Figure label={t('planner.shooting_count')} value={String(figures?.shooting_count ?? shootings.length)} />
        <Figure label={t('planner.km')} value={formatKm(figures?.km ?? 0, language)} />
        <Figure label={t('planner.cost')} value={formatMoney(figures?.cost ?? 0, language)} />
        <Figure label={t('planner.transit_time')} value={formatDuration(figures?.transit_time ?? 0, language)} />
      </div>
      {depotAddress && <Figure label={t('planner.depot')} value={depotAddress} />}
      {tech.unavailabilities.map((u) => (
        <p key={u.id} className={classes.warning}>
          {unavailabilityText(t, u, language)}
        </p>
      ))}
      {figures && !figures.feasible && <p className={classes.infeasible}>{t('planner.infeasible')}</p>}
      {shootings.length === 0 ? (
        <p className={`${classes.figure} ${classes.dimmed}`}>{t('planner.no_shootings_for_tech')}</p>
      ) : (
        <>
          <div className={classes.row}>
            {tech.home && (
              <a className={classes.link} href={directionsUrl(tech.home, shootings)} target="_blank" rel="noopener noreferrer">
                {t('planner.route_home')}
              </a>
            )}
            {tech.depot && (
              <a className={classes.link} href={directionsUrl(tech.depot, shootings)} target="_blank" rel="noopener noreferrer">
                {t('planner.route_office')}
              </a>
            )}
            <button type="button" className={classes.action} aria-label={t('planner.copy_label', { name })} onClick={() => onCopy(tech, shootings.map(addressOf))}>
              {t('planner.copy')}
            </button>
            {onInvoice && <InvoicesMenu name={name} shootings={shootings} onInvoice={onInvoice} />}
          </div>
          <ol className={classes.list}>
            {shootings.map((s) => (
              <ShootingCard key={s.id} shooting={s} {...actions} />
            ))}
          </ol>
        </>
      )}
    </>
  );
});

/**
 * Part 2 'open invoices': the technician's billable shootings, each opening its invoice (docs/decisions/0181).
 * The menu (a Mantine popover) is built on the first click only: a busy day has 66 of these buttons.
 */
function InvoicesMenu({ name, shootings, onInvoice }: { name: string; shootings: readonly PlannerShooting[]; onInvoice: (s: PlannerShooting) => void }) {
  const { t } = useBoardText();
  const [built, setBuilt] = useState(false);
  const target = (onClick?: () => void) => (
    <button type="button" className={classes.action} aria-label={t('planner.invoices_label', { name })} aria-haspopup="menu" aria-expanded={built ? undefined : false} onClick={onClick}>
      {t('planner.invoices')}
    </button>
  );
  if (!built) return target(() => setBuilt(true));
  const billable = shootings.filter((s) => s.billable);
  return (
    <Menu position="bottom-start" shadow="md" defaultOpened>
      <Menu.Target>{target()}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t(billable.length === 0 ? 'planner.invoices_none' : 'planner.invoices_hint')}</Menu.Label>
        {billable.map((s) => (
          <Menu.Item key={s.id} onClick={() => onInvoice(s)}>
            {addressOf(s)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A route that starts and ends at `from` through the shootings in order (a directions link of the maps provider). */
function directionsUrl(from: { lat: number; lng: number }, shootings: readonly PlannerShooting[]): string {
  const point = (p: { lat: number; lng: number }) => `${p.lat},${p.lng}`;
  const params = new URLSearchParams({ api: '1', origin: point(from), destination: point(from), travelmode: 'driving', waypoints: shootings.map((s) => point(s.listing)).join('|') });
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

function Figure({ label, value }: { label: string; value: string }) {
  const { t } = useBoardText();
  return (
    <p className={classes.figure}>
      <span className={classes.dimmed}>{t('common.fact_label', { label })}</span> <strong>{value}</strong>
    </p>
  );
}
