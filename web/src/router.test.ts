import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, landingPath, menuSectionsFor, routeRule, titleKeyAs } from '#shared/routes.ts';
import { ALL_ROLES, Role, type RoleId } from '#shared/roles.ts';
import { AREAS, areaOf } from './areas/index.ts';
import { guardRoute, landingRedirect } from './areas/session/guards.ts';
import { createAppRouter } from './router.tsx';
import en from './i18n/locales/en.json';
import fr from './i18n/locales/fr.json';
import plannerEn from './areas/planner/locales/en.json';
import plannerFr from './areas/planner/locales/fr.json';

describe('route tree', () => {
  it('has a route for every path of the route table', () => {
    const router = createAppRouter(new QueryClient());
    const paths = Object.keys(router.routesByPath);
    expect(ROUTES.map((r) => r.path).filter((p) => !paths.includes(p))).toEqual([]);
    expect(paths).toContain('/');
  });

  // Each area's screens map is typed by its routes' names (AreaModule<A>): a missing or foreign screen fails the typecheck.
  it('gives every screen route to the lazily loaded area its rule names', () => {
    for (const rule of ROUTES.filter((r) => r.name !== 'login')) {
      expect(areaOf(rule.path), rule.path).toBe(rule.area);
      expect(Object.keys(AREAS), rule.path).toContain(rule.area);
    }
  });

  it('writes each route path once, in the route table (router, areas and menus name routes)', () => {
    const web = join(import.meta.dirname);
    const files = [
      join(web, '../../shared/routes.ts'),
      join(web, 'router.tsx'),
      join(web, 'areas/index.ts'),
      join(web, 'app/side-menu.tsx'),
      join(web, 'app/staff-shooting.tsx'),
      ...readdirSync(join(web, 'areas')).map((area) => join(web, 'areas', area, 'routes.tsx')).filter((file) => existsSync(file)),
    ];
    const sources = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const { path } of ROUTES) expect(sources.split(`'${path}'`).length - 1, path).toBe(1);
  });
});

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return isRedirect(error) ? error.options : error;
  }
  return undefined;
}

const as = (role: RoleId) => ({ id: 100 + role, firstname: 'A', lastname: 'B', email: 'a@b.c', role });

describe('guards (part 1 section 2.1)', () => {
  it('sends a logged-out user to /login keeping the origin', () => {
    expect(thrown(() => guardRoute(routeRule('/users')!, undefined, '/users?role=3'))).toMatchObject({ to: '/login', search: { redirect: '/users?role=3' } });
  });

  it('lets anyone open the public delivery page', () => {
    expect(thrown(() => guardRoute(routeRule('/delivery/$token')!, undefined, '/delivery/abc'))).toBeUndefined();
  });

  it('sends a role that is not allowed to /', () => {
    expect(thrown(() => guardRoute(routeRule('/zones')!, as(Role.broker), '/zones'))).toMatchObject({ to: '/' });
    expect(thrown(() => guardRoute(routeRule('/zones')!, as(Role.admin), '/zones'))).toBeUndefined();
  });

  it.each(ALL_ROLES)('redirects / by role %i to a page the role may open', (role) => {
    const target = landingPath(role);
    expect(thrown(() => landingRedirect(as(role)))).toMatchObject({ to: target });
    expect(thrown(() => guardRoute(routeRule(target)!, as(role), target))).toBeUndefined();
  });

  it('sends a logged-out visitor of / to /login', () => {
    expect(thrown(() => landingRedirect(undefined))).toMatchObject({ to: '/login' });
  });
});

describe('menu texts', () => {
  const catalogues = { fr, en };
  const planner = { fr: plannerFr, en: plannerEn };
  const lookup = (catalogue: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

  it.each(['fr', 'en'] as const)('in %s, label every entry and section with the title of the page it opens', (lang) => {
    expect(lookup(catalogues[lang], 'route.shooting_planner')).toBe(planner[lang].planner.title);
    for (const role of ALL_ROLES) {
      for (const section of menuSectionsFor(role)) {
        if (section.labelKey) expect(lookup(catalogues[lang], section.labelKey), section.labelKey).toEqual(expect.any(String));
        for (const entry of section.entries) {
          const label = lookup(catalogues[lang], entry.labelKey);
          expect(label, `${lang} ${entry.labelKey}`).toEqual(expect.any(String));
          // The page's title as this role sees it (titleKeyAs: a planner's /shooting is the planner) is the label.
          expect(label, `${lang} role ${role} ${entry.to}`).toBe(lookup(catalogues[lang], titleKeyAs(routeRule(entry.to)!.titleKey, role)));
        }
      }
    }
  });
});
