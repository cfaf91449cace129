import { useNavigate, useSearch, type RouteComponent } from '@tanstack/react-router';
import { Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlanner } from '#shared/roles.ts';
import { pathOf } from '#shared/routes.ts';
import { AREAS } from '../areas/index.ts';
import { useSessionUser } from '../areas/session/use-session.ts';
import { DelayedLoader } from './delayed-loader.tsx';

/**
 * The search of /shooting that opens the list tab. The route tree is built at run time from
 * ROUTES, so per-route search params are untyped (never) for links; this is the one cast.
 */
export const LIST_VIEW = { view: 'list' } as never;

/** The planner area's chunk (texts included) loads only when a planner opens /shooting. */
const PlannerPage = lazy(() => AREAS.planner.load().then((m) => ({ default: m.PlannerPage })));

/**
 * The /shooting composition, shared by two areas: the shootings area's list and the planner area's
 * page, each taken from its area's public module (AREAS), so neither area imports the other.
 * /shooting serves two screens (docs/decisions/0051, 0070): roles 1, 2, 5, 8 get the planner and,
 * in a second tab, `list` (the shooting list, where staff cancel with a reason); everyone else the
 * route admits (brokers) gets the list only.
 */
export function plannerForStaff(list: RouteComponent): RouteComponent {
  const List = list;
  return function ShootingRoute() {
    const { t } = useTranslation();
    const navigate = useNavigate();
    // `?view=list` opens the list tab: the back links of cancel and change time lead there.
    const view = (useSearch({ strict: false }) as { view?: string }).view === 'list' ? 'list' : 'planner';
    const role = useSessionUser()?.role;
    if (role === undefined) return <DelayedLoader />;
    if (!isPlanner(role)) return <List />;
    return (
      <Tabs
        value={view}
        keepMounted={false}
        onChange={(next) => void navigate({ to: pathOf('shooting'), search: next === 'list' ? { view: 'list' } : {}, replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="planner">{t('shootings.tab_planner')}</Tabs.Tab>
          <Tabs.Tab value="list">{t('shootings.tab_list')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="planner">
          <Suspense fallback={<DelayedLoader />}>
            <PlannerPage />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="list">
          <List />
        </Tabs.Panel>
      </Tabs>
    );
  };
}
