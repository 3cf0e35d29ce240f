// /store: the companion app's API (STORE-API.md). Every route here but sign-in takes a store token
// (`config.audience: 'store'`) and reaches only the signed-in store's own records.

import { PageMeta } from '@lbo/contract/common';
import {
  StoreAuthBody,
  StoreChoiceConflict,
  StoreCoupon,
  StoreCouponIdParam,
  StoreFeed,
  StoreInboxIdParam,
  StoreInboxMeta,
  StoreInboxRow,
  StoreLoginResult,
  StoreLogoutBody,
  StoreMe,
  StoreOtpBody,
  StoreOtpResult,
  StorePageQuery,
  StorePointRow,
  StorePointsExpiring,
  StorePointsMeta,
  StoreRedeemBody,
  StoreRedeemHeaders,
  StoreRedeemResult,
  StoreRedemption,
  StoreRefreshBody,
  StoreVoucher,
} from '@lbo/contract/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { localizedErrorBody } from '../../http/errors';
import { requestLang } from '../../http/messages';
import { type StoreAuthService, StoreChoiceRequired } from './store.auth';
import { type RedeemCoupon, redeemForStore, storeCoupons } from './store.coupons';
import {
  markInboxRead,
  storeFeed,
  storeInbox,
  storeMe,
  storePoints,
  storeRedemptions,
  storeVouchers,
} from './store.reads';

/** The app's language: the request's, Indonesian when it names none. */
const appLang = (req: FastifyRequest) => requestLang(req.headers['accept-language']) ?? 'id';

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
          err.problems,
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
      config: { audience: 'store', scope: 'store' },
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
export function registerStoreReadRoutes(app: FastifyInstance, db: Db, redeemCoupon: RedeemCoupon) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = { audience: 'store' as const, scope: 'store' as const };
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
  r.get(
    '/store/points',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: "The store's points history, newest first, with the balance in `meta`",
        description:
          "Live ledger rows; `type_name` in the request's language (Indonesian by default). `expiring`: the soonest expiry date of the store's points with the points expiring then, and the points expiring within the notice window.",
        querystring: StorePageQuery,
        response: {
          200: z.object({
            data: z.array(StorePointRow),
            meta: StorePointsMeta,
            expiring: StorePointsExpiring,
          }),
        },
      },
    },
    async (req) => storePoints(db, req.store.customerId, req.query, appLang(req)),
  );
  r.get(
    '/store/redemptions',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: "The store's coupon redemptions, newest first",
        querystring: StorePageQuery,
        response: { 200: z.object({ data: z.array(StoreRedemption), meta: PageMeta }) },
      },
    },
    async (req) => storeRedemptions(db, req.store.customerId, req.query),
  );
  r.get(
    '/store/vouchers',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: "The store's vouchers (its wallet), newest first",
        querystring: StorePageQuery,
        response: { 200: z.object({ data: z.array(StoreVoucher), meta: PageMeta }) },
      },
    },
    async (req) => storeVouchers(db, req.store.customerId, req.query),
  );
  r.get(
    '/store/inbox',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: 'Broadcasts delivered to the store, newest first, with `unread` in `meta`',
        querystring: StorePageQuery,
        response: { 200: z.object({ data: z.array(StoreInboxRow), meta: StoreInboxMeta }) },
      },
    },
    async (req) => storeInbox(db, req.store.customerId, req.query, appLang(req)),
  );
  r.put(
    '/store/inbox/:id/read',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: 'Mark one inbox message read (again: no change); the broadcast view counts it',
        params: StoreInboxIdParam,
        response: { 200: z.object({ data: StoreInboxRow }) },
      },
    },
    async (req) => ({ data: await markInboxRead(db, req.store.customerId, req.params.id, appLang(req)) }),
  );
  r.get(
    '/store/coupons',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: 'Coupons offered to this store now, cheapest first',
        description:
          "Active, within their dates, in stock, and (where a coupon names branches or customer types) matching this store's.",
        response: { 200: z.object({ data: z.array(StoreCoupon) }) },
      },
    },
    async (req) => ({ data: await storeCoupons(db, req.store.customerId) }),
  );
  r.post(
    '/store/coupons/:id/redeem',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: 'Redeem a coupon: one from the stock, its points debited, a redemption written',
        description:
          'The same redemption service as staff. 409 naming what is short (`insufficient points` or `out of stock`) ' +
          'or what is wrong with the coupon. With `Idempotency-Key`, a retry answers the first result again ' +
          '(one redemption, one debit); the same key for another coupon is 409.',
        params: StoreCouponIdParam,
        headers: StoreRedeemHeaders,
        body: StoreRedeemBody.nullish(),
        response: { 201: z.object({ data: StoreRedeemResult }) },
      },
    },
    async (req, reply) => {
      const data = await redeemForStore(
        redeemCoupon,
        db,
        req,
        req.params.id,
        req.body?.note ?? '',
        req.headers['idempotency-key'],
      );
      return reply.code(201).send({ data });
    },
  );
  r.get(
    '/store/feed',
    {
      config: store,
      schema: {
        tags: [STORE_TAG],
        summary: 'Active news (priority order), current popups and active promo videos, with an ETag',
        description: 'The same for every store. With `If-None-Match` naming the current ETag: 304, no body.',
        response: { 200: z.object({ data: StoreFeed }), 304: z.null().describe('Not modified') },
      },
    },
    async (req, reply) => {
      const { etag, feed } = await storeFeed(db);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      const match = req.headers['if-none-match'];
      if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send(null);
      }
      return { data: feed };
    },
  );
}
