import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addServiceToShooting,
  assignPostProdTech,
  assignSDCard,
  billShooting,
  fetchExtraServices,
  generateNotarizedInvoice,
  generateShootingInvoice,
  getShootingAdmin,
  setShootingNotes,
  updateShootingCompletion,
  updateShootingNote,
  updateShootingSaisieSource,
  type ShootingAdminView,
} from '#shared/catalogue/shootings.ts';
import type { InputOf, OperationDef, OutputOf } from '#shared/catalogue/operation.ts';
import { callOperation, isApiError } from '../../api/client.ts';
import { plannerQueries } from './queries.ts';

/**
 * The shooting dialog's reads and writes (part 2 §7, part 3 §4; docs/decisions/0180). Every write
 * sends the version the dialog shows; its answer is the shooting after the change, put straight
 * into the dialog's cache. A 409 (someone changed the shooting meanwhile) reloads the dialog.
 * The planner's day is re-read after every write, so its cards carry the new version too.
 */
export const shootingDialogQueries = {
  all: () => ['shooting-dialog'] as const,
  shooting: (id: number) =>
    queryOptions({
      queryKey: [...shootingDialogQueries.all(), id] as const,
      queryFn: ({ signal }) => callOperation(getShootingAdmin, { shooting_id: id }, { signal }),
    }),
  extras: (id: number) =>
    queryOptions({
      queryKey: [...shootingDialogQueries.all(), id, 'extras'] as const,
      queryFn: ({ signal }) => callOperation(fetchExtraServices, { shooting_id: id }, { signal }),
      select: (answer) => answer.services,
    }),
};

export const isStale = (error: unknown) => isApiError(error, 409);

/** After a write, success or not: the dialog and the planner's day are read again (a 409 shows the fresh shooting). */
function useReload(id: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...shootingDialogQueries.all(), id] });
    void queryClient.invalidateQueries({ queryKey: plannerQueries.all() });
  };
}

interface Reactions<Answer> {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: unknown) => void;
}

/** One write of the dialog: `fields` is what the form sends besides the shooting id and version. */
function useShootingWrite<Op extends OperationDef>(op: Op, view: Pick<ShootingAdminView, 'id' | 'version'>, reactions: Reactions<OutputOf<Op>>) {
  const queryClient = useQueryClient();
  const key = shootingDialogQueries.shooting(view.id).queryKey;
  return useMutation({
    mutationFn: (fields: Omit<InputOf<Op>, 'shooting_id' | 'version'>) => callOperation(op, { ...fields, shooting_id: view.id, version: view.version } as InputOf<Op>),
    onSuccess: (answer) => {
      const data = (answer as { data: ShootingAdminView }).data;
      queryClient.setQueryData(key, (old) => (old ? { ...old, data } : old));
      reactions.onSuccess?.(answer);
    },
    onError: reactions.onError,
    onSettled: useReload(view.id),
  });
}

type View = Pick<ShootingAdminView, 'id' | 'version'>;
export const useCompletionMutation = (view: View, r: Reactions<OutputOf<typeof updateShootingCompletion>> = {}) => useShootingWrite(updateShootingCompletion, view, r);
export const useBillMutation = (view: View, r: Reactions<OutputOf<typeof billShooting>> = {}) => useShootingWrite(billShooting, view, r);
export const useSdCardMutation = (view: View, r: Reactions<OutputOf<typeof assignSDCard>> = {}) => useShootingWrite(assignSDCard, view, r);
export const useGeneralNoteMutation = (view: View, r: Reactions<OutputOf<typeof updateShootingNote>> = {}) => useShootingWrite(updateShootingNote, view, r);
export const useNotesMutation = (view: View, r: Reactions<OutputOf<typeof setShootingNotes>> = {}) => useShootingWrite(setShootingNotes, view, r);
export const useAddServiceMutation = (view: View, r: Reactions<OutputOf<typeof addServiceToShooting>> = {}) => useShootingWrite(addServiceToShooting, view, r);
export const usePostProdMutation = (view: View, r: Reactions<OutputOf<typeof assignPostProdTech>> = {}) => useShootingWrite(assignPostProdTech, view, r);

/** The saisie-à-la-source flag (the operation takes a list of shootings; the dialog sends its own). */
export function useSaisieSourceMutation(view: View, reactions: Reactions<OutputOf<typeof updateShootingSaisieSource>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isCompleted: boolean) => callOperation(updateShootingSaisieSource, { shootings: [{ id: view.id, version: view.version }], is_completed: isCompleted }),
    onSuccess: (answer) => {
      const data = answer.data[0];
      if (data) queryClient.setQueryData(shootingDialogQueries.shooting(view.id).queryKey, (old) => (old ? { ...old, data } : old));
      reactions.onSuccess?.(answer);
    },
    onError: reactions.onError,
    onSettled: useReload(view.id),
  });
}

/** The invoice: numbered on the first call; the answer also carries the shooting with its number. */
export function useInvoiceMutation(id: number, reactions: Reactions<OutputOf<typeof generateShootingInvoice>> = {}) {
  return useInvoiceWrite(id, () => callOperation(generateShootingInvoice, { shooting_id: id }), reactions);
}

/** The notarized invoice (docs/decisions/0555): the same invoice and number, with the listing's sale and notary dates. */
export function useNotarizedInvoiceMutation(id: number, reactions: Reactions<OutputOf<typeof generateNotarizedInvoice>> = {}) {
  return useInvoiceWrite(id, () => callOperation(generateNotarizedInvoice, { shooting_id: id }), reactions);
}

/** An invoice call: its answer carries the shooting with its number, put into the dialog's cache. */
function useInvoiceWrite<Answer extends { data: ShootingAdminView }>(id: number, call: () => Promise<Answer>, reactions: Reactions<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(shootingDialogQueries.shooting(id).queryKey, (old) => (old ? { ...old, data: answer.data } : old));
      reactions.onSuccess?.(answer);
    },
    onError: reactions.onError,
    onSettled: useReload(id),
  });
}
