import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addAvailabilityForTechs,
  addUserAvailability,
  createUserUnavailability,
  getAllScheduleForTimeperiod,
  getPhotographers,
  getUserScheduleForTimeperiod,
  removeAvailability,
  removeUnavailability,
} from '#shared/catalogue/calendar.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/** Whose schedule the calendar reads: every technician (administrators) or one. */
export type ScheduleScope = { all: true } | { userId: number };

/** Query options of the technician calendar (/calendar); every calendar write invalidates `all()`. */
export const calendarQueries = {
  all: () => ['calendar'] as const,
  photographers: () => queryOptions({ queryKey: [...calendarQueries.all(), 'photographers'] as const, queryFn: ({ signal }) => callOperation(getPhotographers, {}, { signal }), staleTime: 60_000 }),
  schedule: (scope: ScheduleScope, start: string, end: string) =>
    queryOptions({
      queryKey: [...calendarQueries.all(), 'schedule', scope, start, end] as const,
      queryFn: ({ signal }) =>
        'all' in scope ? callOperation(getAllScheduleForTimeperiod, { start, end }, { signal }) : callOperation(getUserScheduleForTimeperiod, { user_id: scope.userId, start, end }, { signal }),
    }),
};

/** Every calendar write reloads the schedule, also on failure (someone else may have changed it). */
function useCalendarReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarQueries.all() });
}

/** Whole-day availabilities: an administrator's for several technicians, a technician's own otherwise. */
export function useAddAvailabilityMutation() {
  const reload = useCalendarReload();
  return useMutation({
    mutationFn: ({ techIds, dates, admin }: { techIds: number[]; dates: string[]; admin: boolean }) =>
      admin ? callOperation(addAvailabilityForTechs, { tech_ids: techIds, dates }) : callOperation(addUserAvailability, { user_id: techIds[0]!, dates }),
    onSettled: reload,
  });
}

export function useRemoveAvailabilityMutation() {
  const reload = useCalendarReload();
  return useMutation({ mutationFn: (input: InputOf<typeof removeAvailability>) => callOperation(removeAvailability, input), onSettled: reload });
}

export function useCreateUnavailabilityMutation() {
  const reload = useCalendarReload();
  return useMutation({ mutationFn: (input: InputOf<typeof createUserUnavailability>) => callOperation(createUserUnavailability, input), onSettled: reload });
}

export function useRemoveUnavailabilityMutation() {
  const reload = useCalendarReload();
  return useMutation({ mutationFn: (input: InputOf<typeof removeUnavailability>) => callOperation(removeUnavailability, input), onSettled: reload });
}
