import { queryOptions } from '@tanstack/react-query';
import { getPhotographers } from '#shared/catalogue/calendar.ts';
import { shootingFromTech, techDailyShootings } from '#shared/catalogue/schedule.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the schedule area (/schedule, /shootReports). Read only: no mutation. */
export const scheduleQueries = {
  all: () => ['schedule'] as const,
  day: (date: string) =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'day', date] as const,
      queryFn: ({ signal }) => callOperation(techDailyShootings, { date }, { signal }),
    }),
  report: (techId: number | undefined, start: string, end: string) =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'report', techId ?? 'own', start, end] as const,
      queryFn: ({ signal }) => callOperation(shootingFromTech, { tech_id: techId, start_date: start, end_date: end }, { signal }),
    }),
  technicians: () =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'technicians'] as const,
      queryFn: ({ signal }) => callOperation(getPhotographers, {}, { signal }),
    }),
};
