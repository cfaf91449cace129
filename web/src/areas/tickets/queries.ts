import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { createTicket, followupTicket, getAllTickets, getTicketById, reopenTicket, resolveTicket, type TicketSummary } from '#shared/catalogue/tickets.ts';
import type { InputOf } from '#shared/catalogue/operation.ts';
import { callOperation } from '../../api/client.ts';

/** Query options of the tickets area; every ticket mutation invalidates `all()`. */
export const ticketQueries = {
  all: () => ['tickets'] as const,
  list: () =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => callOperation(getAllTickets, {}, { signal }),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => callOperation(getTicketById, { id }, { signal }),
    }),
};

/** Every ticket mutation reloads the tickets, also on failure (part 1 §4). */
function useTicketsReload() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketQueries.all() });
}

export function useCreateTicketMutation() {
  const reload = useTicketsReload();
  return useMutation({
    mutationFn: (input: InputOf<typeof createTicket>) => callOperation(createTicket, input),
    onSettled: reload,
  });
}

/** Resolves (`true`) or reopens (`false`) the ticket. */
export function useResolveTicketMutation(id: number) {
  const reload = useTicketsReload();
  return useMutation({
    mutationFn: (resolve: boolean) => callOperation(resolve ? resolveTicket : reopenTicket, { id }),
    onSettled: reload,
  });
}

export function useFollowupTicketMutation(id: number, options: { onSuccess?: () => void } = {}) {
  const reload = useTicketsReload();
  return useMutation({
    mutationFn: (message: string) => callOperation(followupTicket, { id, message }),
    onSuccess: () => options.onSuccess?.(),
    onSettled: reload,
  });
}

/** Part 1 §2.8 / §9: urgency tints of open tickets (1 neutral, 2 amber, 3 red). */
export const URGENCY_TINT: Record<number, string | undefined> = {
  1: undefined,
  2: 'var(--mantine-color-yellow-1)',
  3: 'var(--mantine-color-red-1)',
};

/** A ticket's subject for this reader: a subject the system wrote in the reader's language, a typed one as typed. */
export function subjectOf(ticket: Pick<TicketSummary, 'subject' | 'subject_template'>, t: TFunction): string {
  const template = ticket.subject_template;
  if (template) return t(`tickets.subject_template.${template.key}`, { address: template.address, picture: template.picture });
  return ticket.subject || t('tickets.no_subject');
}

/** The optional picture of a ticket is shown only when its data field parses as JSON (part 1 §2.8). */
export function dataIsJson(data: string | null): boolean {
  if (!data) return false;
  try {
    JSON.parse(data);
    return true;
  } catch {
    return false;
  }
}
