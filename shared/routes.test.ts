import { describe, expect, it } from 'vitest';
import { ROUTES, checkRoute, landingPath, menuFor, routeRule } from './routes.ts';
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
});

describe('side menu (2.3)', () => {
  const paths = (role: number) => menuFor(role).map((e) => e.to);
  it('gives the broker deliveries only', () => expect(paths(Role.broker)).toEqual(['/deliveries']));
  it('gives the capture tech schedule, shoot reports, deliveries, remote injector', () =>
    expect(paths(Role.tech_capture)).toEqual(['/schedule', '/shootReports', '/deliveries', '/remote_injector']));
  it('gives post-production their block then the capture-tech entries', () => {
    expect(paths(Role.tech_postprod).slice(0, 8)).toEqual([
      '/tech_review', '/shootingdashboard', '/shooting', '/remote_injector', '/listings', '/ListingMlsMatch', '/video_dashboard', '/facebook_page_manager',
    ]);
    expect(paths(Role.tech_postprod)).toContain('/schedule');
  });
  it('gives admins the admin block, each entry once, plus the capture-tech entries', () => {
    const admin = paths(Role.admin);
    expect(admin.slice(0, 3)).toEqual(['/shootingdashboard', '/shooting', '/listings']);
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
