import type { OutputOf } from '#shared/catalogue/operation.ts';
import type { exportPlanningDay } from '#shared/catalogue/planner.ts';
import { dayPoints, dayToVroom } from '#shared/planning/index.ts';
import { location } from '../plumbing/location/index.ts';
import { depotsById } from '../storage/depots.ts';
import { shootingPositions } from '../storage/shootings.ts';
import { readDay } from './day-state.ts';
import { loadPlanningDay } from './planning-day.ts';
import { captureTechnicians } from './planning-world.ts';
import { dayFigures } from './route-figures.ts';

type LatLng = { lat: number; lng: number };

/**
 * The planner's 'Map' of a day: the technicians of the planner's cards (dayFigures: the available
 * ones, the route order the figures use), where each day starts, their depots, every active
 * shooting of the day, and per technician the travel provider's line from the start through
 * their shootings and back.
 */
export async function plannerMap(date: string) {
  const [figures, day, technicians] = await Promise.all([dayFigures(date), readDay(date), captureTechnicians()]);
  const where = await shootingPositions(day.shootings);
  const byId = new Map(technicians.map((t) => [t.user.id, t]));
  const shown = figures.techs.flatMap((f) => {
    const tech = byId.get(f.tech_id);
    return tech?.start ? [{ figures: f, tech, start: tech.start }] : [];
  });
  const depots = await depotsById([...new Set(shown.map((t) => t.tech.user.depot_id).filter((id): id is number => id !== null))]);
  const travel = await location();
  const techs = [];
  for (const { figures: f, tech, start } of shown) {
    const stops = f.route.map((id) => where.get(id)).filter((p): p is LatLng => p !== undefined);
    const line = stops.length ? await travel.directions([start, ...stops, start]) : { coordinates: [], approximate: false };
    techs.push({
      tech_id: f.tech_id,
      firstname: f.firstname,
      lastname: f.lastname,
      start,
      depot_id: tech.user.depot_id !== null && depots.has(tech.user.depot_id) ? tech.user.depot_id : null,
      route: f.route,
      line: line.coordinates,
      approximate: line.approximate,
    });
  }
  const assigned = new Map(day.shootings.map((s) => [s.id, s.tech_id]));
  return {
    date,
    depots: [...depots.values()].map((d) => ({ id: d.id, lat: d.lat, lng: d.lng, label: [d.civic_number, d.street].filter(Boolean).join(' ') + (d.city ? `, ${d.city}` : '') })),
    techs,
    shootings: [...where].map(([id, p]) => ({ id, lat: p.lat, lng: p.lng, tech_id: assigned.get(id) ?? null })),
  };
}

/**
 * The planner's 'export day': the day as the dispatch would solve it with every shooting of the
 * board's unassigned column requested (the unassigned ones and those held by a technician not
 * working that day, ADR 0595), written as a VROOM problem. Every shooting of the day is named:
 * those of a working technician stay with them as steps, as the dispatch keeps them.
 */
export async function dayAsVroom(date: string): Promise<VroomDayProblem> {
  const day = await readDay(date);
  const planning = await loadPlanningDay(date, day.shootings.map((s) => s.id));
  const matrix = await (await location()).matrix(dayPoints(planning.problem));
  // dayToVroom writes a subset of VroomProblem; the operation's output schema checks it is exactly that one.
  return dayToVroom(planning.problem, matrix) as VroomDayProblem;
}

type VroomDayProblem = OutputOf<typeof exportPlanningDay>;
