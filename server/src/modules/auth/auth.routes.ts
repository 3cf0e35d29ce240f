// /web/auth: sign-in, refresh, logout, access requests.
import {
  LoginBody,
  LoginResult,
  LogoutBody,
  RefreshBody,
  RegisterBody,
  RegisterResult,
} from '@lbo/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../http/audit';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  db: Parameters<typeof writeAudit>[0],
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/web/auth',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: LoginBody,
        response: { 200: z.object({ data: LoginResult }) },
      },
    },
    async (req) => ({ data: await auth.login(req.body.email, req.body.password, req.ip) }),
  );
  r.post(
    '/web/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (the old refresh token stops working)',
        security: [],
        body: RefreshBody,
        response: { 200: z.object({ data: LoginResult }) },
      },
    },
    async (req) => ({ data: await auth.refresh(req.body.refresh_token) }),
  );
  r.post(
    '/web/auth/logout',
    {
      config: { scope: 'own' },
      schema: {
        tags: ['auth'],
        summary:
          "End the caller's current session (no body), a refresh token's session, or all (`everywhere`)",
        description:
          'The access tokens of an ended session are refused from the next request on, by every API process.',
        body: LogoutBody.nullish(),
        response: { 200: z.object({ data: z.object({ ok: z.boolean() }) }) },
      },
    },
    async (req) => {
      await auth.logout(req.user, req.body ?? {});
      return { data: { ok: true } };
    },
  );
  r.post(
    '/web/auth/register',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: 3_600_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Request access: an administrator reviews the request and activates the account',
        description:
          'Creates an inactive staff user. The answer is the same whether or not the e-mail already has an account.',
        security: [],
        body: RegisterBody,
        response: { 202: z.object({ data: RegisterResult }) },
      },
    },
    async (req, reply) => {
      const { result, createdId } = await auth.register(req.body);
      if (createdId !== null) {
        await writeAudit(db, null, {
          action: 'register',
          entity: 'staff_user',
          entityId: createdId,
          after: { id: createdId, email: req.body.email.trim().toLowerCase(), active: false },
        });
      }
      return reply.code(202).send({ data: result });
    },
  );
  r.get(
    '/web/auth/me',
    {
      config: { scope: 'own' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with the current role group and branch scope',
        response: {
          200: z.object({
            data: z.object({
              user_id: z.number(),
              name: z.string(),
              role_group_id: z.number().nullable(),
              branch_scope: z.union([z.literal('all'), z.array(z.number())]),
            }),
          }),
        },
      },
    },
    async (req) => ({
      data: {
        user_id: req.user.id,
        name: req.user.name,
        role_group_id: req.user.roleGroupId,
        branch_scope: req.user.branches,
      },
    }),
  );
}
