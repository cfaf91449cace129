import { describe, expect, it } from 'vitest';
import { FLAT_MENU_MAX, LANDING_NOT_BUILT, ROUTES, activeMenuEntry, checkRoute, landingPath, menuFor, menuSectionsFor, routeRule, specLanding } from './routes.ts';
import { ALL_ROLES, Role } from './roles.ts';

describe('route table (part 1 section 2.1)', () => {
  it('sends a logged-out user to /login and a role not allowed to /', () => {
    expect(checkRoute(routeRule('/zones')!.access, undefined)).toBe('login');
    expect(checkRoute(routeRule('/zones')!.access, Role.broker)).toBe('home');
    expect(checkRoute(routeRule('/zones')!.access, Role.admin)).toBe('allow');
    expect(checkRoute(routeRule('/delivery/$token')!.access, undefined)).toBe('allow');
    expect(checkRoute(routeRule('/remote_injector')!.access, Role.client)).toBe('allow');
  });

  it.each([
    ['/shooting', [1, 2, 3, 5, 8]],
    ['/shootingdashboard', [1, 2, 5, 8]],
    ['/deliveries', [1, 2, 3, 4, 5, 8, 10, 12]],
    ['/listings', [1, 2, 4, 5, 8, 10, 12]],
    ['/users/edit/$id', [1, 2, 4, 5, 8, 10, 12]],
    ['/shootReports', [1, 2, 4, 5, 10, 12]],
    ['/schedule', [1, 2, 4, 5, 10, 12]],
    ['/HmdList', [1, 2, 4, 5, 8, 12]],
    ['/ListingMlsMatch', [1, 2, 4, 5, 8]],
    ['/tech_review/$listingId', [1, 2, 4, 5, 8]],
    ['/facebook_page_manager', [1, 2, 4, 5, 8]],
    ['/depots/edit/$id', [1, 2]],
    ['/manage_shooting_packages', [1, 2]],
  ])('%s is open to roles %j only', (path, roles) => {
    const rule = routeRule(path)!;
    expect(ALL_ROLES.filter((r) => checkRoute(rule.access, r) === 'allow')).toEqual(roles);
  });

  it('has unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
});

describe('landing redirect (2.2)', () => {
  // Every landing screen of 2.2 is built; roles without one land on /dashboard (ADR 0160).
  it.each([
    [Role.social_medias, '/listings'],
    [Role.sales, '/listings'],
    [Role.broker, '/deliveries'],
    [Role.tech_capture, '/schedule'],
    [Role.tech_postprod, '/tech_review'],
    [Role.tech_postprod_lead, '/tech_review'],
    [Role.superadmin, '/shooting'],
    [Role.admin, '/shooting'],
    [Role.client, '/dashboard'],
    [Role.tech_injector, '/dashboard'],
    [Role.releaser, '/dashboard'],
    [Role.stats_query, '/dashboard'],
  ])('role %i lands on %s', (role, path) => expect(landingPath(role)).toBe(path));

  it.each([
    [Role.social_medias, 'listings'],
    [Role.sales, 'listings'],
    [Role.tech_capture, 'schedule'],
    [Role.tech_postprod, 'tech_review'],
    [Role.tech_postprod_lead, 'tech_review'],
  ] as const)('role %i lands on %s once it is built', (role, name) => {
    expect(specLanding(role)).toBe(name);
    expect(LANDING_NOT_BUILT.has(name)).toBe(landingPath(role) === '/dashboard');
  });

  it('gives every role a menu holding its landing screen', () => {
    for (const role of ALL_ROLES) expect(menuFor(role).map((e) => e.to), `role ${role}`).toContain(landingPath(role));
  });
});

describe('side menu (2.3)', () => {
  const paths = (role: number) => menuFor(role).map((e) => e.to);
  it('gives the broker deliveries (2.3), then their shootings, the booking wizard and their tickets, one click each', () =>
    expect(paths(Role.broker)).toEqual(['/deliveries', '/shooting', '/shooting/add', '/tickets']));
  it('gives the capture tech the dashboard, then schedule, shoot reports, calendar, deliveries, remote injector', () =>
    expect(paths(Role.tech_capture)).toEqual(['/dashboard', '/schedule', '/shootReports', '/calendar', '/deliveries', '/remote_injector']));
  it.each([
    [Role.client, ['/dashboard', '/tickets']],
    [Role.tech_injector, ['/dashboard', '/remote_injector', '/tickets']],
    [Role.releaser, ['/dashboard', '/tickets']],
    [Role.social_medias, ['/dashboard', '/listings', '/deliveries', '/tickets']],
    [Role.stats_query, ['/dashboard', '/tickets']],
    [Role.sales, ['/dashboard', '/listings', '/deliveries', '/HmdList', '/tickets']],
  ])('gives role %i, which the spec gives no menu, the dashboard and its screens: %j', (role, expected) => expect(paths(role)).toEqual(expected));
  it('gives post-production their block then the capture-tech entries', () => {
    expect(paths(Role.tech_postprod).slice(0, 9)).toEqual([
      '/dashboard',
      '/tech_review', '/shootingdashboard', '/shooting', '/remote_injector', '/listings', '/ListingMlsMatch', '/video_dashboard', '/facebook_page_manager',
    ]);
    expect(paths(Role.tech_postprod)).toContain('/schedule');
  });
  it('gives admins the admin block, each entry once, plus the capture-tech entries', () => {
    const admin = paths(Role.admin);
    expect(admin.slice(0, 4)).toEqual(['/dashboard', '/shootingdashboard', '/shooting', '/listings']);
    expect(admin).toContain('/superlog');
    expect(admin).toContain('/schedule');
    expect(new Set(admin).size).toBe(admin.length);
  });
  it('only links to routes the role may open', () => {
    for (const role of ALL_ROLES) {
      for (const entry of menuFor(role)) expect(checkRoute(routeRule(entry.to)!.access, role)).toBe('allow');
    }
  });
});

describe('menu of role 8 (post-production lead)', () => {
  it('leaves out the capture-tech links its route guard forbids', () => {
    const paths = menuFor(Role.tech_postprod_lead).map((e) => e.to);
    expect(paths).not.toContain('/schedule');
    expect(paths).not.toContain('/shootReports');
    expect(paths).toContain('/deliveries');
  });
});

describe('landing pages', () => {
  it('are open to the role they are for (no redirect loop)', () => {
    for (const role of ALL_ROLES) {
      expect(checkRoute(routeRule(landingPath(role))!.access, role), `role ${role}`).toBe('allow');
    }
  });
});

describe('menu labels', () => {
  it('are the titles of the pages they open (the staff open the planner at /shooting)', () => {
    for (const role of ALL_ROLES) {
      for (const entry of menuFor(role)) {
        const staffPlanner = entry.to === '/shooting' && role !== Role.broker;
        expect(entry.labelKey, `role ${role} ${entry.to}`).toBe(staffPlanner ? 'route.shooting_planner' : routeRule(entry.to)!.titleKey);
      }
    }
  });
});

describe('menu sections', () => {
  const keys = (role: number) => menuSectionsFor(role).map((s) => s.key);
  it('keep short menus as one plain list', () => {
    expect(menuSectionsFor(Role.broker)).toEqual([{ key: 'all', entries: menuFor(Role.broker) }]);
    expect(keys(Role.tech_capture)).toEqual(['all']);
    expect(keys(Role.client)).toEqual(['all']);
  });
  it('group the long admin menu into planning, production and review, reports, administration', () => {
    expect(menuFor(Role.admin).length).toBeGreaterThan(FLAT_MENU_MAX);
    expect(keys(Role.admin)).toEqual(['planning', 'production', 'reports', 'administration']);
    expect(menuSectionsFor(Role.admin).map((s) => s.labelKey)).toEqual(keys(Role.admin).map((k) => `menu_section.${k}`));
    expect(menuSectionsFor(Role.admin).find((s) => s.key === 'planning')!.entries.map((e) => e.to)).toEqual(['/dashboard', '/shootingdashboard', '/shooting', '/schedule', '/shootReports', '/calendar']);
  });
  it.each(ALL_ROLES)('hold every menu entry of role %i exactly once', (role) => {
    const grouped = menuSectionsFor(role).flatMap((s) => s.entries.map((e) => e.to));
    expect([...grouped].sort()).toEqual(menuFor(role).map((e) => e.to).sort());
  });
  it('leave no section empty and no entry in "other"', () => {
    for (const role of ALL_ROLES) {
      for (const section of menuSectionsFor(role)) {
        expect(section.entries.length).toBeGreaterThan(0);
        expect(section.key).not.toBe('other');
      }
    }
  });
});

describe('highlighted menu entry', () => {
  const active = (role: number, path: string) => activeMenuEntry(menuFor(role), path)?.to;
  it.each([
    [Role.broker, '/deliveries', '/deliveries'],
    [Role.broker, '/shooting', '/shooting'],
    [Role.broker, '/shooting/add', '/shooting/add'],
    [Role.broker, '/shooting/changeTime/12', '/shooting'],
    [Role.broker, '/shooting/cancel/12', '/shooting'],
    [Role.broker, '/tickets', '/tickets'],
    [Role.broker, '/tickets/12', '/tickets'],
    [Role.broker, '/tickets/add', '/tickets'],
    [Role.broker, '/tickets/', '/tickets'],
    [Role.admin, '/shooting/add', '/shooting'],
    [Role.admin, '/users/edit/3', '/users'],
    [Role.admin, '/depots/add', '/depots'],
    [Role.admin, '/tech_review/5037', '/tech_review'],
    [Role.admin, '/centris/broker/ABC', '/mlsProvider'],
    [Role.tech_capture, '/deliveries', '/deliveries'],
  ])('role %i on %s: %s', (role, path, expected) => expect(active(role, path)).toBe(expected));
  it('is none for a place outside the menu, and never a mere prefix of a longer word', () => {
    expect(active(Role.broker, '/dashboard')).toBeUndefined();
    expect(active(Role.admin, '/shootingdashboard')).toBe('/shootingdashboard');
    expect(active(Role.broker, '/shootingX')).toBeUndefined();
  });
});
