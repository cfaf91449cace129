import { startGet } from './api/early-get.ts';
import { sessionToken } from './api/session-token.ts';

/**
 * The path of getUserFromToken (shared/catalogue/session.ts; a unit test keeps them equal), written
 * here so this module loads nothing else: it is main.tsx's first import, so with a stored session
 * the check leaves before React, Mantine and the router are evaluated (docs/decisions/0395).
 */
export const SESSION_CHECK_URL = '/api/session/me';

const token = sessionToken.get();
if (token) startGet(SESSION_CHECK_URL, token);
