import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createDepot, getDepot, getDepots, removeDepot, updateDepot, type DepotFields, type DepotView } from '#shared/catalogue/depots.ts';
import { callOperation } from '../../api/client.ts';
import { foldText } from '#shared/rules/fold-text.ts';

/** Query options of the depots area (/depots, /depots/add, /depots/edit/{id}); every depot mutation invalidates `all()`. */
export const depotQueries = {
  all: () => ['depots'] as const,
  list: () => queryOptions({ queryKey: [...depotQueries.all(), 'list'] as const, queryFn: ({ signal }) => callOperation(getDepots, {}, { signal }).then((a) => a.depots) }),
  one: (id: number) =>
    queryOptions({
      queryKey: [...depotQueries.all(), 'one', id] as const,
      queryFn: ({ signal }) => callOperation(getDepot, { id }, { signal }).then((a) => a.depot),
      // The form keeps the version it was opened with: a refetch must not change it under the user.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};

/** Part 2 §5: depot search compares in lower case against the typed text (street or civic number); accents aside, as the other searches. */
export function matchesDepot(depot: Pick<DepotView, 'street' | 'civic_number'>, typed: string): boolean {
  const text = foldText(typed.trim());
  return !text || foldText(depot.street).includes(text) || foldText(depot.civic_number).includes(text);
}

/** Every depot mutation reloads the depots, also on failure (someone else may have changed them). */
function useDepotsReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: depotQueries.all() });
}

/** Creates (no `id`) or modifies (`id` and the `version` read) a depot; answers the stored depot. */
export function useSaveDepotMutation() {
  const reload = useDepotsReload();
  return useMutation({
    mutationFn: async ({ id, version, fields }: { id?: number; version?: number; fields: DepotFields }) =>
      (id === undefined || version === undefined ? await callOperation(createDepot, fields) : await callOperation(updateDepot, { ...fields, id, version })).depot,
    onSettled: reload,
  });
}

export function useRemoveDepotMutation() {
  const reload = useDepotsReload();
  return useMutation({ mutationFn: (depot: Pick<DepotView, 'id' | 'version'>) => callOperation(removeDepot, { id: depot.id, version: depot.version }), onSettled: reload });
}
