import { getAllShootingsOfTech } from '#shared/catalogue/users.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { newestShootingsOfTech } from '../storage/shootings.ts';
import { userShootings } from '../use-cases/user-shootings.ts';

/** The technician's shooting list of the user form (part 2 §9: a 400 px box). */
export const handler = apiHandler(getAllShootingsOfTech, async ({ id }, { user }) => ({ data: await userShootings(user, id, newestShootingsOfTech) }));
