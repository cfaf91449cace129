import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getPhotographers } from '#shared/catalogue/calendar.ts';
import { createCalendarFeed, getCalendarFeed, revokeCalendarFeed, shootingFromTech, techDailyShootings } from '#shared/catalogue/schedule.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the schedule area (/schedule, /shootReports); the calendar feed's mutations below. */
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
  /** The capture report's technicians: the suspended ones too, whose last reports are still needed. */
  technicians: () =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'technicians'] as const,
      queryFn: ({ signal }) => callOperation(getPhotographers, { suspended: 'true' }, { signal }),
    }),
  feed: () =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'feed'] as const,
      queryFn: ({ signal }) => callOperation(getCalendarFeed, {}, { signal }),
    }),
};

/** Makes (or, with replace, replaces) the caller's calendar feed; the answer holds its address, shown once. */
export function useCreateFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replace: boolean) => callOperation(createCalendarFeed, { replace }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleQueries.feed().queryKey }),
  });
}

export function useRevokeFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Revokes the feed made at `createdAt` (the one shown). */
    mutationFn: (createdAt: string) => callOperation(revokeCalendarFeed, { created_at: createdAt }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleQueries.feed().queryKey }),
  });
}
