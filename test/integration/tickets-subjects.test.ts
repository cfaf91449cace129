import { describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api.ts';
import { bodyOf, callOp } from '../support/operations.ts';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { getDeliveriesFromToken, leaveFeedback } from '#shared/catalogue/deliveries.ts';
import { createTicket, getAllTickets, getTicketById } from '#shared/catalogue/tickets.ts';
import { Role } from '#shared/roles.ts';

/** Generated ticket subjects are stored as a template each reader renders in their language (docs/decisions/0115). */
describe('ticket subjects', () => {
  it('stores feedback subjects as a template (and the French text), typed subjects as typed', async () => {
    const broker = await tokenFor(Role.broker);
    const listing = (await listingsOfBroker(broker.account.id, 1000)).items.find((l) => l.address === '45 rue Saint-Paul Est')!;
    const page = bodyOf(await callOp(getDeliveriesFromToken, { token: listing.distribution_token! }));
    const picture = page.listing.pictures.find((p) => p.feedback_ticket_id === null)!;
    const sent = bodyOf(await callOp(leaveFeedback, { token: listing.distribution_token!, shooting_id: picture.shooting_id, picture_index: picture.picture_index, text: 'Cadrage à revoir' }));
    const template = { key: 'feedback', address: '45 rue Saint-Paul Est', picture: picture.picture_index + 1 };

    const detail = bodyOf(await callOp(getTicketById, { id: sent.data.ticket_id }, broker.token));
    expect(detail.data.subject_template).toEqual(template);
    expect(detail.data.subject).toBe(`Commentaire : 45 rue Saint-Paul Est, photo ${picture.picture_index + 1}`);
    const admin = (await tokenFor(Role.admin)).token;
    for (const token of [broker.token, admin]) {
      const list = bodyOf(await callOp(getAllTickets, {}, token));
      expect(list.data.find((t) => t.id === sent.data.ticket_id)!.subject_template).toEqual(template);
    }

    const typed = bodyOf(await callOp(createTicket, { problem_type: 'software', urgency: 1, subject: 'Feedback: mon imprimante', description: '' }, broker.token));
    expect(typed.ticket).toMatchObject({ subject: 'Feedback: mon imprimante', subject_template: null });
    const read = bodyOf(await callOp(getTicketById, { id: typed.ticket.id }, broker.token));
    expect(read.data.subject_template).toBeNull();
  });
});
