import { routeFigures, routeFiguresPoints, type RouteFigures, type ShootingInput, type TechnicianInput, type TravelProvider } from '#shared/planning/index.ts';
import { technicianCost, type KmSettings } from '#shared/rules/km-cost.ts';
import type * as z from '#shared/zod.ts';
import type { techDayFigures } from '#shared/catalogue/planner.ts';
import { location } from '../plumbing/location/index.ts';
import { loadPlanningDay } from './planning-day.ts';
import { kmSettingsOf } from '../storage/planning-settings.ts';
import { storeLegs } from '../storage/shootings.ts';

type TechDayFigures = z.infer<typeof techDayFigures>;

export interface DayFigures {
  date: string;
  km_reading: 'default' | 'flat059';
  techs: TechDayFigures[];
  /** Per assigned shooting: its leg from the previous point, and the version read. */
  legs: Array<{ shootingId: number; km: number; transitS: number; version: number }>;
}

/**
 * The planner's figures of a day, per technician: the best route through the shootings
 * assigned to them (from home or depot and back), its kilometres and driving time, and the
 * technician cost = package commissions + service-offer commissions + km cost beyond 50 km.
 */
export async function dayFigures(date: string): Promise<DayFigures> {
  const [day, travel] = await Promise.all([loadPlanningDay(date), location()]);
  const km = kmSettingsOf(day.settings);
  const techs: TechDayFigures[] = [];
  const legs: DayFigures['legs'] = [];
  const held = day.problem.technicians.map((tech) => day.problem.shootings.filter((s) => day.assignedTo[String(s.id)] === tech.id));
  // The technicians' routes are worked out together (a busy day has 66: docs/decisions/0310).
  const routes = await Promise.all(day.problem.technicians.map((tech, i) => (held[i]!.length ? techRoute(tech, held[i]!, travel, km) : undefined)));
  for (const [i, tech] of day.problem.technicians.entries()) {
    const mine = held[i]!;
    const figures = routes[i];
    const commissions = mine.map((s) => day.commissions[String(s.id)] ?? { packages: 0, offers: 0 });
    const cost = technicianCost(
      { techId: tech.id, kmOfDay: figures?.km ?? 0, packageCommissions: commissions.map((c) => c.packages), serviceOfferCommissions: commissions.map((c) => c.offers) },
      km,
    );
    const name = day.names[String(tech.id)] ?? { firstname: '', lastname: '' };
    techs.push({
      tech_id: tech.id,
      ...name,
      shooting_count: mine.length,
      route: [...(figures?.order ?? [])], // a copy: the figures are remembered (techRoute)
      km: round1(figures?.km ?? 0),
      transit_time: Math.round(figures?.transitS ?? 0),
      km_cost: cost.kmCost,
      package_commissions: cost.packageCommissions,
      service_offer_commissions: cost.serviceOfferCommissions,
      cost: cost.total,
      feasible: figures?.feasible ?? true,
      locked: tech.dayLocked ?? false,
    });
    for (const leg of figures?.legs ?? []) legs.push({ shootingId: leg.shootingId, km: round1(leg.km), transitS: Math.round(leg.transitS), version: day.versions[String(leg.shootingId)]! });
  }
  return { date, km_reading: day.settings.kmReading, techs, legs };
}

/**
 * After a write that changed technicians' routes on some days (an assignment, a shooting moved away
 * or in): each day's legs stored as its routes now run (each at the version read, so a shooting
 * changed meanwhile keeps its own), and the figures of the days that could be worked out. The write
 * is done: a failure here (the travel provider, a throttled write) is logged, and the planner's
 * 'recalculate' mends it.
 */
export async function refreshDayLegs(dates: readonly string[], log: (...parts: unknown[]) => void): Promise<Map<string, DayFigures>> {
  const refreshed = new Map<string, DayFigures>();
  for (const date of new Set(dates)) {
    try {
      const figures = await dayFigures(date);
      await storeLegs(figures.legs);
      refreshed.set(date, figures);
    } catch (error) {
      log('legs not refreshed', { date, error: (error as Error).message });
    }
  }
  return refreshed;
}

/** How many technicians' routes are remembered (a busy day has 66; the oldest are forgotten first). */
const ROUTES_KEPT = 2_000;
const remembered = new Map<string, RouteFigures>();

/**
 * One technician's best route and its figures (routeFiguresWith), remembered by everything they
 * are made of: the technician, their shootings, the travel matrix read for them and the km
 * settings. The route search is seeded, so the same inputs give the same figures: a busy day read
 * again (the page's second visit, the re-read after a drop, the assignment's own figures) works out
 * only the routes that changed (docs/decisions/0350). The matrix is read every time, so a changed
 * travel answer makes a new key.
 */
async function techRoute(tech: TechnicianInput, shootings: readonly ShootingInput[], travel: TravelProvider, km: KmSettings): Promise<RouteFigures> {
  const matrix = await travel.matrix(routeFiguresPoints(tech, shootings));
  const key = JSON.stringify([tech, shootings, matrix, km]);
  const known = remembered.get(key);
  if (known) {
    // Most recently used last: the first key is the one to forget.
    remembered.delete(key);
    remembered.set(key, known);
    return known;
  }
  const figures = routeFigures(tech, shootings, matrix, { order: 'best', settings: { km } });
  remembered.set(key, figures);
  if (remembered.size > ROUTES_KEPT) remembered.delete(remembered.keys().next().value!);
  return figures;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
