import { queryOptions } from '@tanstack/react-query';
import { getAllTickets, getTicketById } from '#shared/catalogue/tickets.ts';
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

/** Part 1 §2.8 / §9: urgency tints of open tickets (1 neutral, 2 amber, 3 red). */
export const URGENCY_TINT: Record<number, string | undefined> = {
  1: undefined,
  2: 'var(--mantine-color-yellow-1)',
  3: 'var(--mantine-color-red-1)',
};

export function formatDate(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language.startsWith('fr') ? 'fr-CA' : 'en-CA', { dateStyle: 'medium', timeStyle: 'short' });
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
