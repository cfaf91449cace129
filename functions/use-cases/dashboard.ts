import { INJECTOR_DAYS, QUEUE_DAYS, RECENT_FILES, RECENT_LISTINGS, type DashboardPanel, type DashboardPanelKind, type StateCounts } from '#shared/catalogue/dashboard.ts';
import { ShootingState } from '#shared/enums.ts';
import { RELEASE_APPS } from '#shared/catalogue/releases.ts';
import { Role, isAdminLevel, type RoleId } from '#shared/roles.ts';
import { addDays, dayStartMs } from '#shared/rules/business-time.ts';
import { sdCardStates } from '../storage/injector.ts';
import { listFiles } from '../storage/injector-objects.ts';
import { objectKeys } from '../storage/injector-keys.ts';
import { allListings } from '../storage/listings.ts';
import { listReleases } from '../storage/releases.ts';
import { lastShooting, tabsOf } from './review-tabs.ts';
import { reviewEntriesOf } from '../storage/pictures.ts';
import { isActive, shootingsByIds, shootingsOfDay, shootingsOfTechBetween, type StoredShooting } from '../storage/shootings.ts';
import { ticketFigures } from '../storage/tickets.ts';

/**
 * The morning dashboard (docs/decisions/0160-dashboard-per-role.md): which panels each role reads,
 * and each panel counted from storage (index queries only: the shootings of a day, a technician's
 * shootings by date, the SD-card records of a day, the injector bucket's day prefixes, the tickets,
 * the newest listings).
 */

interface Caller {
  id: number;
  role: number;
}

/** The panels of each role, in the order shown. Every role has at least its tickets. */
export const DASHBOARD_PANELS: Record<RoleId, readonly DashboardPanelKind[]> = {
  [Role.superadmin]: ['shootings', 'production', 'week', 'injector', 'tickets'],
  [Role.admin]: ['shootings', 'production', 'week', 'injector', 'tickets'],
  [Role.broker]: ['tickets'],
  [Role.tech_capture]: ['shootings', 'injector', 'tickets'],
  [Role.tech_postprod]: ['production', 'injector', 'tickets'],
  [Role.client]: ['tickets'],
  [Role.tech_injector]: ['injector', 'tickets'],
  [Role.tech_postprod_lead]: ['shootings', 'production', 'injector', 'tickets'],
  [Role.releaser]: ['releases', 'tickets'],
  [Role.social_medias]: ['listings', 'tickets'],
  [Role.stats_query]: ['week', 'tickets'],
  [Role.sales]: ['listings', 'tickets'],
};

/** The post-production states, in the order work goes through them (captured → delivered). */
export const PRODUCTION_STATES: readonly number[] = [
  ShootingState.captured,
  ShootingState.retouch,
  ShootingState.validated,
  ShootingState.processed,
  ShootingState.uploaded,
  ShootingState.delivered,
];

export async function dashboardOf(caller: Caller, date: string): Promise<DashboardPanel[]> {
  const kinds = DASHBOARD_PANELS[caller.role as RoleId] ?? ['tickets'];
  return Promise.all(kinds.map((kind) => PANEL[kind](caller, date)));
}

const PANEL: { [K in DashboardPanelKind]: (caller: Caller, date: string) => Promise<Extract<DashboardPanel, { kind: K }>> } = {
  shootings: shootingsPanel,
  production: productionPanel,
  week: weekPanel,
  injector: injectorPanel,
  tickets: ticketsPanel,
  listings: listingsPanel,
  releases: releasesPanel,
};

/** Each app's release count and highest version (listReleases answers them highest first). */
async function releasesPanel(): Promise<Extract<DashboardPanel, { kind: 'releases' }>> {
  const apps = await Promise.all(
    RELEASE_APPS.map(async (app) => {
      const releases = await listReleases(app);
      const top = releases[0];
      return { app, count: releases.length, latest: top ? { version: top.version, public: top.public, uploaded: top.uploaded_at !== null, created_at: top.created_at } : null };
    }),
  );
  return { kind: 'releases', apps };
}

/** Counts per state, states with none left out, by state number. */
export function countByState(shootings: readonly Pick<StoredShooting, 'state'>[]): StateCounts {
  const counts = new Map<number, number>();
  for (const s of shootings) counts.set(s.state, (counts.get(s.state) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([state, count]) => ({ state, count }));
}

/** The days from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Monday of the week holding a day. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

const shootingsOfDays = async (days: readonly string[]) => (await Promise.all(days.map(shootingsOfDay))).flat();

/** The dispatch sees every shooting of today and tomorrow; a capture technician sees their own. */
async function shootingsPanel(caller: Caller, date: string): Promise<Extract<DashboardPanel, { kind: 'shootings' }>> {
  const days = [date, addDays(date, 1)];
  const own = caller.role === Role.tech_capture;
  const shootings = own ? await shootingsOfTechBetween(caller.id, days[0]!, days[1]!) : await shootingsOfDays(days);
  return {
    kind: 'shootings',
    scope: own ? 'own' : 'all',
    days: days.map((day) => {
      const ofDay = shootings.filter((s) => s.scheduleddate === day);
      const active = ofDay.filter(isActive);
      return { date: day, total: active.length, unassigned: own ? null : active.filter((s) => s.tech_id === null).length, by_state: countByState(ofDay) };
    }),
  };
}

/** Shootings of the last QUEUE_DAYS days in a post-production state; a post-production technician's own (pp_tech_id). */
async function productionPanel(caller: Caller, date: string): Promise<Extract<DashboardPanel, { kind: 'production' }>> {
  const from = addDays(date, -(QUEUE_DAYS - 1));
  const own = caller.role === Role.tech_postprod;
  const queue = (await shootingsOfDays(daysFrom(from, date))).filter((s) => PRODUCTION_STATES.includes(s.state) && (!own || s.pp_tech_id === caller.id));
  const underReview = (await inReviewQueueUnderReview(queue)).map((s) => s.scheduleddate).sort();
  return { kind: 'production', scope: own ? 'own' : 'all', from, to: date, by_state: countByState(queue), oldest_under_review: underReview[0] ?? null };
}

/**
 * The shootings the review queue lists under Under Review (functions/use-cases/review.ts): a listing
 * is there by the last of its shootings with pictures, the ones its review entry names. An uploaded
 * shooting whose listing has a newer shooting with pictures is not, nor one the queue has no entry for.
 */
async function inReviewQueueUnderReview(shootings: readonly StoredShooting[]): Promise<StoredShooting[]> {
  const candidates = shootings.filter((s) => tabsOf(s).includes('under_review'));
  if (candidates.length === 0) return [];
  const entries = await reviewEntriesOf(candidates.map((s) => s.listing_id));
  const withPictures = new Map((await shootingsByIds(entries.flatMap((e) => e.shooting_ids), false)).map((s) => [s.id, s]));
  const lastIds = new Set(entries.map((e) => lastShooting(e.shooting_ids.flatMap((id) => withPictures.get(id) ?? []))?.id));
  return candidates.filter((s) => lastIds.has(s.id));
}

/** The instants of Quebec days `from` to `to` (both included), as ticket creation times compare. */
const daysSpan = (from: string, to: string) => ({ from: new Date(dayStartMs(from)).toISOString(), to: new Date(dayStartMs(addDays(to, 1))).toISOString() });

/** The week's shootings by state, those delivered, and every ticket open or opened this week. */
async function weekPanel(_caller: Caller, date: string): Promise<Extract<DashboardPanel, { kind: 'week' }>> {
  const from = mondayOf(date);
  const to = addDays(from, 6);
  const [shootings, tickets] = await Promise.all([shootingsOfDays(daysFrom(from, to)), ticketFigures('all', daysSpan(from, to))]);
  return {
    kind: 'week',
    from,
    to,
    shootings_total: shootings.filter(isActive).length,
    shootings_by_state: countByState(shootings),
    delivered: shootings.filter((s) => s.state === ShootingState.delivered).length,
    tickets_open: tickets.open,
    tickets_opened: tickets.created,
  };
}

/** SD-card records and uploaded files of the last INJECTOR_DAYS days: the caller's own; everyone's for admin levels (as rij/*). */
async function injectorPanel(caller: Caller, date: string): Promise<Extract<DashboardPanel, { kind: 'injector' }>> {
  const from = addDays(date, -(INJECTOR_DAYS - 1));
  const all = isAdminLevel(caller.role);
  const days = daysFrom(from, date).reverse();
  const [cards, files] = await Promise.all([
    Promise.all(days.map(async (day) => (await sdCardStates(day, all ? undefined : caller.id)).map((card) => ({ ...card, date: day })))),
    Promise.all(days.map((day) => listFiles(all ? objectKeys.datePrefix(day) : objectKeys.userPrefix(day, caller.id)))),
  ]);
  const everyFile = files.flat().sort((a, b) => b.updated.localeCompare(a.updated) || a.name.localeCompare(b.name));
  return {
    kind: 'injector',
    scope: all ? 'all' : 'own',
    from,
    to: date,
    cards: cards.flat(),
    file_count: everyFile.length,
    bytes: everyFile.reduce((sum, f) => sum + f.size, 0),
    recent_files: everyFile.slice(0, RECENT_FILES),
  };
}

/** The caller's tickets (every ticket for admin levels): open ones, the oldest open, those opened in the last 7 days. */
async function ticketsPanel(caller: Caller, date: string): Promise<Extract<DashboardPanel, { kind: 'tickets' }>> {
  const figures = await ticketFigures(caller, daysSpan(addDays(date, -6), date));
  return {
    kind: 'tickets',
    scope: isAdminLevel(caller.role) ? 'all' : 'own',
    open: figures.open,
    oldest_open: figures.oldestOpen,
    opened_last_7_days: figures.created,
  };
}

async function listingsPanel(): Promise<Extract<DashboardPanel, { kind: 'listings' }>> {
  const { items } = await allListings(RECENT_LISTINGS);
  return {
    kind: 'listings',
    recent: items.map((l) => ({
      id: l.id,
      address: l.app ? `${l.address}, ${l.app}` : l.address,
      city: l.city,
      broker: `${l.broker.firstname} ${l.broker.lastname}`.trim(),
      updated_at: l.updated_at,
      has_delivery_link: l.distribution_token !== null,
    })),
  };
}
