// /web/auth: sign-in, refresh, logout, access requests.
import { LoginBody, LoginResult, LogoutBody, RefreshBody, RegisterBody } from '@lbo/contract/auth';
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
      schema: {
        tags: ['auth'],
        summary: 'Revoke the refresh token (or every session of the caller when none is given)',
        body: LogoutBody.optional(),
        response: { 200: z.object({ data: z.object({ ok: z.boolean() }) }) },
      },
    },
    async (req) => {
      await auth.logout(req.user.id, req.body?.refresh_token);
      return { data: { ok: true } };
    },
  );
  r.post(
    '/web/auth/register',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Request access: creates an inactive staff user that an administrator activates',
        security: [],
        body: RegisterBody,
        response: {
          201: z.object({ data: z.object({ id: z.number(), email: z.string(), active: z.boolean() }) }),
        },
      },
    },
    async (req, reply) => {
      const created = await auth.register(req.body);
      await writeAudit(db, null, {
        action: 'register',
        entity: 'staff_user',
        entityId: created.id,
        after: created,
      });
      return reply.code(201).send({ data: created });
    },
  );
  r.get(
    '/web/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user as the token describes it',
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
