import { getUserData } from '#shared/catalogue/users.ts';
import { apiHandler } from '../plumbing/api-handler.ts';
import { readableUser, userDataView } from '../use-cases/user-form.ts';

/** One user for the form; outside the admin levels only the caller's own (404 otherwise). */
export const handler = apiHandler(getUserData, async ({ id }, { user }) => ({ data: await userDataView(await readableUser(user, id)) }));
