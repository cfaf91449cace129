import { describe, expect, it } from 'vitest';
import type { ListedShooting } from '#shared/catalogue/shootings.ts';
import { dashboardSections } from './dashboard-sections.ts';

const shooting = (id: number, tech: { id: number; firstname: string; lastname: string } | null) => ({ id, tech }) as unknown as ListedShooting;
const ana = { id: 1, firstname: 'Ana', lastname: 'B' };
const zoe = { id: 2, firstname: 'Zoé', lastname: 'C' };
const susp = { id: 3, firstname: 'Marc', lastname: 'Suspendu' };

describe('the shooting dashboard: every held shooting under its technician (part 2)', () => {
  it('orders a working technician’s shootings by route, then those the route cannot place; a holder not working that day gets a section too', () => {
    const techs = [
      { tech_id: zoe.id, firstname: zoe.firstname, lastname: zoe.lastname, route: [] },
      { tech_id: ana.id, firstname: ana.firstname, lastname: ana.lastname, route: [12, 11] },
    ];
    const shootings = [shooting(11, ana), shooting(12, ana), shooting(13, ana), shooting(14, susp), shooting(15, null)];
    const sections = dashboardSections(techs, shootings, 'fr');
    expect(sections.map((s) => [s.name, s.working, s.mine.map((x) => x.id)])).toEqual([
      ['Ana B', true, [12, 11, 13]],
      ['Marc Suspendu', false, [14]],
      ['Zoé C', true, []],
    ]);
  });
});
