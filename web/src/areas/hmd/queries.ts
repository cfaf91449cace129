import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteHmd, editHmd, hmdList, registerHmd, searchHmdUsers, unassignHmd, type HmdSortColumn } from '#shared/catalogue/hmd.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

export interface HmdListParams {
  search: string;
  sort: HmdSortColumn;
  direction: 'asc' | 'desc';
}

/** Query options of the headsets area (/HmdList); every headset mutation invalidates `all()`. */
export const hmdQueries = {
  all: () => ['hmds'] as const,
  /** The list keeps showing the previous answer while the next search or sort loads. */
  list: (params: HmdListParams) =>
    queryOptions({
      queryKey: [...hmdQueries.all(), 'list', params] as const,
      queryFn: ({ signal }) => callOperation(hmdList, params, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** Users search for HMD assignment (at least two characters). */
  users: (text: string) =>
    queryOptions({
      queryKey: ['hmd-users', text] as const,
      queryFn: ({ signal }) => callOperation(searchHmdUsers, { text }, { signal }),
      enabled: text.trim().length >= 2,
      staleTime: 60_000,
    }),
};

/** Every headset mutation reloads the list, also on failure (another user may have changed it). */
function useHmdsReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: hmdQueries.all() });
}

export function useRegisterHmdMutation() {
  const reload = useHmdsReload();
  return useMutation({ mutationFn: (serial_number: string) => callOperation(registerHmd, { serial_number }), onSettled: reload });
}

export function useEditHmdMutation() {
  const reload = useHmdsReload();
  return useMutation({ mutationFn: (input: InputOf<typeof editHmd>) => callOperation(editHmd, input), onSettled: reload });
}

export function useUnassignHmdMutation() {
  const reload = useHmdsReload();
  return useMutation({ mutationFn: (input: InputOf<typeof unassignHmd>) => callOperation(unassignHmd, input), onSettled: reload });
}

export function useDeleteHmdMutation() {
  const reload = useHmdsReload();
  return useMutation({ mutationFn: (input: InputOf<typeof deleteHmd>) => callOperation(deleteHmd, input), onSettled: reload });
}
