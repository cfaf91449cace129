import { transact } from '#functions/plumbing/transact.ts';
import { listingsOfBroker } from '#functions/storage/listings.ts';
import { picturesOfListing, setFeedbackTicket } from '#functions/storage/pictures.ts';
import { addFollowup, feedbackSubject, getTicketWithFollowups, insertTicket, setResolved } from '#functions/storage/tickets.ts';
import { findUserByEmail } from '#functions/storage/users.ts';
import type { TicketRecord } from '#shared/entities/ticket.ts';
import { Role } from '#shared/roles.ts';
import { demoAccount } from '../demo-accounts.ts';
import { SECOND_BROKER } from './brokers-listings.ts';
import type { SeedContext } from './context.ts';

/** Tickets with follow-ups: open ones of each urgency, resolved ones, and one feedback ticket on a delivered picture. */
export async function seedTickets({ log, now }: SeedContext): Promise<void> {
  const person = (role: (typeof Role)[keyof typeof Role]) => {
    const a = demoAccount(role);
    return { id: a.id, firstname: a.firstname, lastname: a.lastname };
  };
  const broker = person(Role.broker);
  const admin = person(Role.admin);
  const secondUser = await findUserByEmail(SECOND_BROKER.email);
  const second = secondUser ? { id: secondUser.id, firstname: secondUser.firstname, lastname: secondUser.lastname } : undefined;
  let minutes = 0;
  const at = () => new Date(now.getTime() - 3 * 86_400_000 + (minutes += 37) * 60_000);

  const create = async (
    creator: TicketRecord['creator'],
    fields: Pick<TicketRecord, 'subject' | 'description' | 'urgency' | 'problem_type'> & { data?: string | null; subject_template?: TicketRecord['subject_template'] },
    followups: [TicketRecord['creator'], string][] = [],
    resolved = false,
  ) => {
    const ticket = await insertTicket({ ...fields, data: fields.data ?? null, creator }, at());
    for (const [who, message] of followups) await addFollowup((await getTicketWithFollowups(ticket.id))!.ticket, message, who, at());
    if (resolved) await setResolved((await getTicketWithFollowups(ticket.id))!.ticket, true);
    return ticket;
  };

  await create(broker, { subject: 'Mot de passe oublié pour la tablette', description: 'Je ne peux plus me connecter sur la tablette du bureau.', urgency: 1, problem_type: 'software' }, [[admin, 'Réinitialisé, essayez de nouveau.']], true);
  await create(broker, { subject: 'Casque VR ne démarre plus', description: 'Le casque reste bloqué sur le logo.', urgency: 2, problem_type: 'vr' }, [[admin, 'Pouvez-vous le brancher 30 minutes puis réessayer?'], [broker, 'Toujours bloqué.']]);
  await create(broker, { subject: 'Visite virtuelle inaccessible', description: 'Le lien de la visite du 45 rue Saint-Paul Est affiche une erreur.', urgency: 3, problem_type: 'software' }, [[admin, 'Nous regardons cela en priorité.']]);
  await create(broker, { subject: 'Question sur la facture', description: 'Pourquoi deux frais de déplacement?', urgency: 1, problem_type: 'broker' });
  await create(admin, { subject: 'Kiosque du salon à vérifier', description: 'Écran tactile du kiosque instable.', urgency: 2, problem_type: 'booth' });
  if (second) await create(second, { subject: 'Photos floues', description: 'Deux photos de la cuisine sont floues.', urgency: 2, problem_type: 'other' }, [[admin, 'Nous reprenons la retouche.']]);

  // Feedback left on the third picture of the first delivered listing (as the delivery page does).
  const listing = (await listingsOfBroker(broker.id, 100)).items.find((l) => l.address === '1200 rue Sherbrooke Ouest');
  const picture = listing ? (await picturesOfListing(listing.id)).find((p) => p.picture_index === 2) : undefined;
  if (listing && picture) {
    const feedback = await create(broker, {
      ...feedbackSubject(listing.address, 3),
      description: 'Pouvez-vous éclaircir cette photo?',
      urgency: 1,
      problem_type: 'broker',
      data: JSON.stringify({ listing_id: listing.id, shooting_id: picture.shooting_id, picture_index: picture.picture_index }),
    });
    await transact([setFeedbackTicket(picture, feedback.id)]);
  }
  log('seeded tickets with follow-ups');
}
