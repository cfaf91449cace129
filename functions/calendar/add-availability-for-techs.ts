import { addAvailabilityForTechs } from '#shared/catalogue/calendar.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { addAvailabilities } from '../storage/availabilities.ts';
import { captureTechniciansById } from '../use-cases/calendar.ts';

/** Whole-day availabilities of one or more technicians (administrators): every technician × every date. */
export const handler = apiHandler(addAvailabilityForTechs, async ({ tech_ids, dates }, { log }) => {
  const techs = new Map((await captureTechniciansById(tech_ids)).map((t) => [t.id, t]));
  const availabilities = await addAvailabilities([...techs.keys()], dates);
  log('availabilities added', { tech_ids, dates });
  return {
    availabilities: availabilities.map((a) => {
      const t = techs.get(a.user_id)!;
      return { ...a, user: { id: t.id, firstname: t.firstname, lastname: t.lastname } };
    }),
  };
});
