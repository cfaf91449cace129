import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getDepots } from '#shared/catalogue/depots.ts';
import { getAllServiceOffers, getAllShootingPackages } from '#shared/catalogue/offers.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { changePassword } from '#shared/catalogue/session.ts';
import { createUser, getAllShootingsOfBroker, getAllShootingsOfTech, getBrokerTeam, getUserData, getUsers, putUserData } from '#shared/catalogue/users.ts';
import { getZones } from '#shared/catalogue/zones.ts';
import { ZoneType } from '#shared/enums.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the users area (/users, /users/add, /users/edit/{id}); every user mutation invalidates `all()`. */
export const userQueries = {
  all: () => ['users'] as const,
  /** The list, of one role or of every role (undefined). */
  list: (role: number | undefined) =>
    queryOptions({ queryKey: [...userQueries.all(), 'list', role ?? 0] as const, queryFn: ({ signal }) => callOperation(getUsers, role === undefined ? {} : { role }, { signal }).then((a) => a.data) }),
  one: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'one', id] as const,
      queryFn: ({ signal }) => callOperation(getUserData, { id }, { signal }).then((a) => a.data),
      // The form keeps the version it was opened with: a refetch must not change it under the user.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  techShootings: (id: number) =>
    queryOptions({ queryKey: [...userQueries.all(), 'tech-shootings', id] as const, queryFn: ({ signal }) => callOperation(getAllShootingsOfTech, { id }, { signal }).then((a) => a.data) }),
  brokerShootings: (id: number) =>
    queryOptions({ queryKey: [...userQueries.all(), 'broker-shootings', id] as const, queryFn: ({ signal }) => callOperation(getAllShootingsOfBroker, { id }, { signal }).then((a) => a.data) }),
  /** The form's option lists: teams and franchises, depots, photoshoot zones, offers and packages. */
  teams: () => queryOptions({ queryKey: ['users-form', 'teams'] as const, queryFn: ({ signal }) => callOperation(getBrokerTeam, {}, { signal }), staleTime: 60_000 }),
  depots: () => queryOptions({ queryKey: ['users-form', 'depots'] as const, queryFn: ({ signal }) => callOperation(getDepots, {}, { signal }).then((a) => a.depots), staleTime: 60_000 }),
  zones: () =>
    queryOptions({ queryKey: ['users-form', 'zones'] as const, queryFn: ({ signal }) => callOperation(getZones, { type: ZoneType.photoshoot }, { signal }).then((a) => a.zones), staleTime: 60_000 }),
  offers: () => queryOptions({ queryKey: ['users-form', 'offers'] as const, queryFn: ({ signal }) => callOperation(getAllServiceOffers, {}, { signal }).then((a) => a.data), staleTime: 60_000 }),
  packages: () =>
    queryOptions({ queryKey: ['users-form', 'packages'] as const, queryFn: ({ signal }) => callOperation(getAllShootingPackages, {}, { signal }).then((a) => a.data), staleTime: 60_000 }),
};

function useUsersReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userQueries.all() });
}

export function useCreateUserMutation() {
  const reload = useUsersReload();
  return useMutation({ mutationFn: (input: InputOf<typeof createUser>) => callOperation(createUser, input), onSettled: reload });
}

export function usePutUserMutation() {
  const reload = useUsersReload();
  return useMutation({ mutationFn: (input: InputOf<typeof putUserData>) => callOperation(putUserData, input), onSettled: reload });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: (input: InputOf<typeof changePassword>) => callOperation(changePassword, input) });
}
