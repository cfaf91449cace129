import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getRestatsBrokerOffices, getShootingsAndDepotsForZones, getZones, saveZones, type ZoneChanges } from '#shared/catalogue/zones.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the zones area (/zones); a save invalidates `all()`. */
export const zoneQueries = {
  all: () => ['zones'] as const,
  zones: () => queryOptions({ queryKey: [...zoneQueries.all(), 'list'] as const, queryFn: ({ signal }) => callOperation(getZones, {}, { signal }) }),
  offices: () =>
    queryOptions({ queryKey: ['broker-offices'] as const, queryFn: ({ signal }) => callOperation(getRestatsBrokerOffices, {}, { signal }), staleTime: 10 * 60_000 }),
  /** Shootings of a period (both days included), every depot and the capture technicians. */
  mapData: (startDate: string, endDate: string) =>
    queryOptions({
      queryKey: [...zoneQueries.all(), 'map-data', startDate, endDate] as const,
      queryFn: ({ signal }) => callOperation(getShootingsAndDepotsForZones, { start_date: startDate, end_date: endDate }, { signal }),
    }),
};

/** The editor's save; the zones are reloaded afterwards, also on failure (someone else may have changed them). */
export function useSaveZonesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zones: ZoneChanges) => callOperation(saveZones, { zones }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: zoneQueries.zones().queryKey }),
  });
}
