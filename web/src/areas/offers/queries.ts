import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createServiceOffer,
  createShootingPackage,
  deleteServiceOffer,
  deleteShootingPackage,
  getAllServiceOffers,
  getAllShootingPackages,
  updateServiceOffer,
  updateShootingPackage,
} from '#shared/catalogue/offers.ts';
import type { OperationDef } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/**
 * The catalogue (part 3 screen 10): service offers and shooting packages. Every screen that lists
 * offers or packages (manage screens, booking wizard, user form) reads these query options; every
 * catalogue mutation invalidates `all()`.
 */
const fetchServiceOffers = (signal: AbortSignal) => callOperation(getAllServiceOffers, {}, { signal }).then((answer) => answer.data);
const fetchShootingPackages = (signal: AbortSignal) => callOperation(getAllShootingPackages, {}, { signal }).then((answer) => answer.data);

export const offerQueries = {
  all: () => ['catalogue'] as const,
  serviceOffers: () => queryOptions({ queryKey: [...offerQueries.all(), 'services'] as const, queryFn: ({ signal }) => fetchServiceOffers(signal) }),
  shootingPackages: () => queryOptions({ queryKey: [...offerQueries.all(), 'packages'] as const, queryFn: ({ signal }) => fetchShootingPackages(signal) }),
  /** The same lists (same keys), typed for the generic manage screen. */
  list: (kind: CatalogueKindName) =>
    queryOptions({
      queryKey: [...offerQueries.all(), kind] as const,
      queryFn: ({ signal }): Promise<CatalogueItem[]> => (kind === 'services' ? fetchServiceOffers(signal) : fetchShootingPackages(signal)),
    }),
};

/** What the generic manage screen needs of a catalogue kind: its item type is a record with an id, a version and a key name. */
export interface CatalogueItem {
  id: number;
  version: number;
  key_name: string;
  [field: string]: unknown;
}

export type CatalogueKindName = 'services' | 'packages';

const OPERATIONS: Record<CatalogueKindName, { create: OperationDef; update: OperationDef; remove: OperationDef }> = {
  services: { create: createServiceOffer, update: updateServiceOffer, remove: deleteServiceOffer },
  packages: { create: createShootingPackage, update: updateShootingPackage, remove: deleteShootingPackage },
};

/** The create operation's input schema: the form checks its values with it (the server runs the same). */
export const formSchemaOf = (kind: CatalogueKindName) => OPERATIONS[kind].create.input;

function useCatalogueReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: offerQueries.all() });
}

/** Reads the kind's list again from the server (not the cache) and answers the item `id` as stored now (undefined: deleted). */
export function useCurrentCatalogueItem(kind: CatalogueKindName) {
  const queryClient = useQueryClient();
  return async (id: number): Promise<CatalogueItem | undefined> => (await queryClient.fetchQuery({ ...offerQueries.list(kind), staleTime: 0 })).find((item) => item.id === id);
}

/** Creates (no `id`) or updates (`id` and the `version` read) an item; answers the stored item. */
export function useSaveCatalogueItemMutation(kind: CatalogueKindName) {
  const reload = useCatalogueReload();
  return useMutation({
    mutationFn: async (input: { id?: number; version?: number; fields: Record<string, unknown> }) => {
      const ops = OPERATIONS[kind];
      const answer = (input.id === undefined ? await callOperation(ops.create, input.fields) : await callOperation(ops.update, { ...input.fields, id: input.id, version: input.version })) as { data: CatalogueItem };
      return answer.data;
    },
    onSettled: reload,
  });
}

export function useDeleteCatalogueItemMutation(kind: CatalogueKindName) {
  const reload = useCatalogueReload();
  return useMutation({
    mutationFn: (item: Pick<CatalogueItem, 'id' | 'version'>) => callOperation(OPERATIONS[kind].remove, { id: item.id, version: item.version }),
    onSettled: reload,
  });
}
