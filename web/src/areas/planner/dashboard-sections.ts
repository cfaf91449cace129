import type { ListedShooting } from '#shared/catalogue/shootings.ts';
import { techName } from './tech-card.tsx';

export interface Section {
  id: number;
  name: string;
  /** Whether the planner plans their day (available, able to start a route); otherwise they only hold shootings. */
  working: boolean;
  mine: ListedShooting[];
}

/**
 * One section per technician of the planner's day, their shootings in route order, then those the
 * route cannot place (no known position); and one per technician who holds shootings that day
 * without working it (suspended, no start point): every held shooting shows under its holder.
 */
export function dashboardSections(techs: ReadonlyArray<{ tech_id: number; firstname: string; lastname: string; route: readonly number[] }>, shootings: readonly ListedShooting[], lng: string): Section[] {
  const byId = new Map(shootings.map((s) => [s.id, s]));
  const heldBy = (id: number) => shootings.filter((s) => s.tech?.id === id);
  const sections: Section[] = techs.map((tech) => {
    const routed = tech.route.map((id) => byId.get(id)).filter((s): s is ListedShooting => s !== undefined);
    const placed = new Set(routed.map((s) => s.id));
    return { id: tech.tech_id, name: techName(tech), working: true, mine: [...routed, ...heldBy(tech.tech_id).filter((s) => !placed.has(s.id))] };
  });
  const planned = new Set(techs.map((t) => t.tech_id));
  for (const s of shootings) {
    if (!s.tech || planned.has(s.tech.id)) continue;
    planned.add(s.tech.id);
    sections.push({ id: s.tech.id, name: techName(s.tech), working: false, mine: heldBy(s.tech.id) });
  }
  return sections.sort((a, b) => a.name.localeCompare(b.name, lng));
}
