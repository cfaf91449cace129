import * as z from '../zod.ts';
import { defineOperation } from './operation.ts';
import { PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES } from '../rules/password.ts';
import { schema } from '#shared/schema.ts';

export const sessionUser = /* @__PURE__ */ schema(() => z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.number().int(),
}));
export type SessionUser = z.infer<typeof sessionUser>;

export const login = /* @__PURE__ */ defineOperation(() => ({
  id: 'login',
  area: 'session',
  method: 'POST',
  path: '/api/session/login',
  access: 'public',
  summary: 'Log in with e-mail and password; answers an opaque session token and the user.',
  input: z.object({
    email: z.string().trim().min(1).max(320),
    password: z.string().min(1).max(1024),
  }),
  output: z.object({ token: z.string(), expires_at: z.string(), user: sessionUser }),
  resources: ['table'],
}));

export const getUserFromToken = /* @__PURE__ */ defineOperation(() => ({
  id: 'getUserFromToken',
  area: 'session',
  method: 'GET',
  path: '/api/session/me',
  access: 'authenticated',
  summary: 'The user of the session token in the Authorization header.',
  input: z.object({}),
  output: z.object({ status: z.literal(200), user: sessionUser, expires_at: z.string() }),
  resources: ['table'],
  writes: [],
}));

export const logout = /* @__PURE__ */ defineOperation(() => ({
  id: 'logout',
  area: 'session',
  method: 'POST',
  path: '/api/session/logout',
  access: 'authenticated',
  summary: 'Revoke the current session token.',
  input: z.object({}),
  output: z.object({ status: z.literal(200) }),
  resources: ['table'],
}));

export const changePassword = /* @__PURE__ */ defineOperation(() => ({
  id: 'changePassword',
  area: 'session',
  method: 'POST',
  path: '/api/users/{userId}/password',
  access: 'authenticated',
  summary:
    'Change a password. Users change their own (old password required for roles other than 1 and 2); admin levels may change anyone\'s. Revokes the user\'s sessions, except the caller\'s own when changing their own.',
  input: z
    .object({
      userId: z.coerce.number().int().positive(),
      oldPassword: z.string().max(1024).optional(),
      password: z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort).max(1024),
      confirmation: z.string().max(1024),
      first_login: z.boolean().optional(),
    })
    .refine((v) => v.password === v.confirmation, { path: ['confirmation'], message: PASSWORD_MESSAGES.mismatch }),
  output: z.object({ status: z.literal(200), message: z.string() }),
  resources: ['table'],
}));
