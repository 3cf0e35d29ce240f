// Sign-in, refresh and logout payloads (CONTRACT.md section 5).
import { z } from 'zod';
import { RoleGrant } from './common';

export const LoginBody = z.object({
  email: z.email({ error: 'must be a valid e-mail address' }).max(200),
  password: z.string().min(1, { error: 'is required' }).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  token: z.string(),
  expired_date: z.string(),
  role_list: z.array(RoleGrant),
  refresh_token: z.string(),
  role_group_id: z.number().int().nullable(),
  /** 'all' or the branch ids the user may see. */
  branch_scope: z.union([z.literal('all'), z.array(z.number().int())]),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const RefreshBody = z.object({ refresh_token: z.string().min(10).max(200) });
/**
 * Ends a session: the one `refresh_token` belongs to, else the caller's current one; `everywhere`
 * ends every session of the caller (all devices).
 */
export const LogoutBody = z.object({
  refresh_token: z.string().min(10).max(200).optional(),
  everywhere: z.boolean().optional(),
});
export type LogoutBody = z.infer<typeof LogoutBody>;

export const RegisterBody = z.object({
  name: z.string().trim().min(2, { error: 'must be at least 2 characters' }).max(100),
  email: z.email({ error: 'must be a valid e-mail address' }).max(200),
  password: z.string().min(8, { error: 'must be at least 8 characters' }).max(200),
  phone_number: z.string().trim().max(30).optional().default(''),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * The answer to an access request, the same whether or not the e-mail already has an account (it
 * must not reveal which): an administrator reviews the request; no e-mail is sent.
 */
export const RegisterResult = z.object({
  status: z.literal('pending_review'),
  message: z.string(),
});
export type RegisterResult = z.infer<typeof RegisterResult>;
