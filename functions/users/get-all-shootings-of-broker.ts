import { getAllShootingsOfBroker } from '#shared/catalogue/users.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { newestShootingsOfBroker } from '../storage/shootings.ts';
import { userShootings } from '../use-cases/user-shootings.ts';

/** The broker's shooting list of the user form (part 2 §9: a 400 px box). */
export const handler = apiHandler(getAllShootingsOfBroker, async ({ id }, { user }) => ({ data: await userShootings(user, id, newestShootingsOfBroker) }));
