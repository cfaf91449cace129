import { techDailyShootings } from '#shared/catalogue/schedule.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { dayCards } from '../use-cases/schedule.ts';

/** A day's schedule cards: the caller's own, or for administrators a named technician's or every assigned one. */
export const handler = apiHandler(techDailyShootings, async ({ date, tech_id }, { user }) => ({ date, shootings: await dayCards(user, date, tech_id) }));
