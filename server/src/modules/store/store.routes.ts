// /store: the companion app's API (STORE-API.md). Every route here but sign-in takes a store token
// (`config.audience: 'store'`) and reaches only the signed-in store's own records.
import {
  StoreAuthBody,
  StoreChoiceConflict,
  StoreLoginResult,
  StoreLogoutBody,
  StoreMe,
  StoreOtpBody,
  StoreOtpResult,
  StoreRefreshBody,
} from '@lbo/contract/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { localizedErrorBody } from '../../http/errors';
import { requestLang } from '../../http/messages';
import { type StoreAuthService, StoreChoiceRequired } from './store.auth';
import { storeMe } from './store.reads';

export const STORE_TAG = 'store';

export function registerStoreAuthRoutes(app: FastifyInstance, stores: StoreAuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/store/auth/otp',
    {
      config: { public: true },
      schema: {
        tags: [STORE_TAG],
        summary: 'Send a one-time sign-in code to a store phone number',
        description:
          'The same 202 whether or not the number belongs to a store. A code is 6 digits, valid 5 minutes; ' +
          'at most 3 codes per number and 30 per address per 15 minutes (429 beyond).',
        security: [],
        body: StoreOtpBody,
        response: { 202: z.object({ data: StoreOtpResult }) },
      },
    },
    async (req, reply) =>
      reply.code(202).send({ data: await stores.requestCode(req.body.phone_number, req.ip) }),
  );
  r.post(
    '/store/auth',
    {
      config: { public: true },
      schema: {
        tags: [STORE_TAG],
        summary: 'Sign a store in with its phone number and the code',
        description:
          'A wrong, expired or used code (or a store that may not sign in) is 401; a code takes at most 5 wrong tries. ' +
          'A number that belongs to several stores answers 409 listing `stores`: send the same code again with `customer_id`.',
        security: [],
        body: StoreAuthBody,
        response: { 200: z.object({ data: StoreLoginResult }), 409: StoreChoiceConflict },
      },
    },
    async (req, reply) => {
      try {
        return { data: await stores.signIn(req.body.phone_number, req.body.code, req.body.customer_id, req) };
      } catch (err) {
        if (!(err instanceof StoreChoiceRequired)) throw err;
        const body = localizedErrorBody(
          'CONFLICT',
          err.messages,
          requestLang(req.headers['accept-language']),
        );
        return reply.code(409).send({ ...body, err_code: 'CONFLICT' as const, stores: err.stores });
      }
    },
  );
  r.post(
    '/store/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: [STORE_TAG],
        summary: "Exchange a store's refresh token for a new pair (the old one stops working)",
        security: [],
        body: StoreRefreshBody,
        response: { 200: z.object({ data: StoreLoginResult }) },
      },
    },
    async (req) => ({ data: await stores.refresh(req.body.refresh_token) }),
  );
  r.post(
    '/store/auth/logout',
    {
      config: { audience: 'store' },
      schema: {
        tags: [STORE_TAG],
        summary: "End the store's current session (or the one a refresh token belongs to)",
        description: 'The access tokens of an ended session are refused from the next request on.',
        body: StoreLogoutBody.nullish(),
        response: { 200: z.object({ data: z.object({ ok: z.boolean() }) }) },
      },
    },
    async (req) => {
      await stores.logout(req.store, req.body?.refresh_token);
      return { data: { ok: true } };
    },
  );
}

/** The signed-in store's own records: every query takes req.store.customerId, never a client id. */
export function registerStoreReadRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = { audience: 'store' as const };
  r.get(
    '/store/me',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: 'The signed-in store: profile, branch, salesman, balance and this month against the cap',
        response: { 200: z.object({ data: StoreMe }) },
      },
    },
    async (req) => ({ data: await storeMe(db, req.store.customerId) }),
  );
}
