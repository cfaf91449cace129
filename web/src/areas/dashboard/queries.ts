import { queryOptions } from '@tanstack/react-query';
import { getDashboard } from '#shared/catalogue/dashboard.ts';
import { ShootingState } from '#shared/enums.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the dashboard area (/dashboard): the caller's panels for the business's today. */
export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  today: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'today'] as const,
      queryFn: ({ signal }) => callOperation(getDashboard, {}, { signal }),
      // A morning glance: refreshed when the tab comes back, not polled.
      staleTime: 60_000,
    }),
};

const STATE_NAMES = new Map<number, string>(Object.entries(ShootingState).map(([name, id]) => [id, name]));

/** The text key of a shooting state (`dashboard.state.<name>`, the spec's enumeration names). */
export const stateKey = (state: number): string => `dashboard.state.${STATE_NAMES.get(state) ?? 'unknown'}`;
