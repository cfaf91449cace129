import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/api.ts';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import type { DeliveryPicture } from '#shared/catalogue/deliveries.ts';
import type { TicketDetail, TicketSummary } from '#shared/catalogue/tickets.ts';
import { Role } from '#shared/roles.ts';

/** Generated ticket subjects are stored as a template each reader renders in their language (docs/decisions/0115). */
describe('ticket subjects', () => {
  it('stores feedback subjects as a template (and the French text), typed subjects as typed', async () => {
    const broker = await tokenFor(Role.broker);
    const listing = (await listingsOfBroker(broker.account.id, 100)).items.find((l) => l.address === '45 rue Saint-Paul Est')!;
    const page = await call<{ listing: { pictures: DeliveryPicture[] } }>('GET', `/api/delivery/${listing.distribution_token}`);
    const picture = page.body.listing.pictures.find((p) => p.feedback_ticket_id === null)!;
    const sent = await call<{ data: { ticket_id: number } }>('POST', `/api/delivery/${listing.distribution_token}/feedback`, {
      body: { shooting_id: picture.shooting_id, picture_index: picture.picture_index, text: 'Cadrage à revoir' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const template = { key: 'feedback', address: '45 rue Saint-Paul Est', picture: picture.picture_index + 1 };

    const detail = await call<{ data: TicketDetail }>('GET', `/api/tickets/${sent.body.data.ticket_id}`, { token: broker.token });
    expect(detail.body.data.subject_template).toEqual(template);
    expect(detail.body.data.subject).toBe(`Commentaire : 45 rue Saint-Paul Est, photo ${picture.picture_index + 1}`);
    const admin = (await tokenFor(Role.admin)).token;
    for (const token of [broker.token, admin]) {
      const list = await call<{ data: TicketSummary[] }>('GET', '/api/tickets', { token });
      expect(list.body.data.find((t) => t.id === sent.body.data.ticket_id)!.subject_template).toEqual(template);
    }

    const typed = await call<{ ticket: TicketSummary }>('POST', '/api/tickets', { token: broker.token, body: { subject: 'Feedback: mon imprimante' } });
    expect(typed.body.ticket).toMatchObject({ subject: 'Feedback: mon imprimante', subject_template: null });
    const read = await call<{ data: TicketDetail }>('GET', `/api/tickets/${typed.body.ticket.id}`, { token: broker.token });
    expect(read.body.data.subject_template).toBeNull();
  });
});
