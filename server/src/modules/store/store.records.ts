// /store routes over what other areas keep (STORE-API.md section 2): promos, lottery numbers,
// targets, invoices with points earned, photos and folder uploads, and the profile change that waits
// for the back office. Each reads through the owning area's query (store.areas.ts), keyed by the
// signed-in store from the token.
import { PageMeta } from '@lbo/contract/common';
import {
  POINT_TYPE_NAMES,
  StoreInvoice,
  StoreInvoiceDetail,
  StoreInvoiceIdParam,
  StoreLotteryCoupon,
  StoreMe,
  StoreMeUpdate,
  StorePageQuery,
  StorePromo,
  StoreTargets,
  StoreTargetsQuery,
  StoreUpload,
  StoreUploadBody,
  StoreUploadFolder,
} from '@lbo/contract/store';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, rows } from '../../db/client';
import { requestProfileChange } from '../../domain/store-profile';
import { notFound, problem } from '../../http/errors';
import { pageMeta } from '../../http/list-query';
import { requestLang } from '../../http/messages';
import { assertStoredImages, registerPhotoUpload } from '../../http/uploads';
import type { StoreAreas } from './store.areas';
import { iso, storeMe, storeRef } from './store.reads';

const TAG = 'store';
const store = { audience: 'store' as const, scope: 'store' as const };

export function registerStoreRecordRoutes(app: FastifyInstance, db: Db, areas: StoreAreas): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/store/me',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary:
          "Ask to change the store's owner name, address or photo: the change waits for the back office",
        description:
          'Partial: only the fields sent change (at least one). `photo` is a url answered by `POST /store/photo`. ' +
          'The change is kept as waiting (`pending_change` in the answer and in `GET /store/me`) and the store ' +
          "shows as not validated in the back office's customer list until staff approve or reject it. Other fields are a 400.",
        body: StoreMeUpdate,
        response: { 200: z.object({ data: StoreMe }) },
      },
    },
    async (req) => {
      await assertStoredImages(req, req.body, ['photo']);
      const id = req.store.customerId;
      await db.transaction((tx) => requestProfileChange(tx, id, req.body));
      return { data: await storeMe(db, id) };
    },
  );

  r.get(
    '/store/promos',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary:
          'The promos that apply to this store now, in priority order, with lines, items and bonus items',
        description:
          "Active, today within their dates, for this store's branch (or every branch) and customer type (or every type).",
        response: { 200: z.object({ data: z.array(StorePromo) }) },
      },
    },
    async (req) => ({
      data: (await areas.promosForStore(db, await storeRef(db, req.store.customerId))) as StorePromo[],
    }),
  );

  r.get(
    '/store/lottery',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary: "The store's lottery coupon numbers, in the order they were imported",
        response: { 200: z.object({ data: z.array(StoreLotteryCoupon) }) },
      },
    },
    async (req) => ({
      data: (await areas.lotteryOfStore(db, req.store.customerId)) as StoreLotteryCoupon[],
    }),
  );

  r.get(
    '/store/targets',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary: "The store's targets and achievement by quarter, semester and the whole year",
        description:
          'Each period is what the back office answers for it (`GET /customer/target/quarter`, `/semester`, `/year`). ' +
          '`year` defaults to the current year (Asia/Jakarta).',
        querystring: StoreTargetsQuery,
        response: { 200: z.object({ data: StoreTargets }) },
      },
    },
    async (req) => ({
      data: (await areas.targetYearByPeriod(
        db,
        await storeRef(db, req.store.customerId),
        req.query.year,
      )) as StoreTargets,
    }),
  );

  r.get(
    '/store/invoices',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary: "The store's invoices, newest first, each with the points it earned",
        querystring: StorePageQuery,
        response: { 200: z.object({ data: z.array(StoreInvoice), meta: PageMeta }) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const found = await areas.invoicesOfStore(db, req.store.customerId, { page, limit });
      return { data: found.rows as StoreInvoice[], meta: pageMeta(page, limit, found.total) };
    },
  );

  r.get(
    '/store/invoices/:id',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary: "One of the store's invoices with its lines and the ledger rows of the points it earned",
        description: "Another store's invoice is a 404, as one that does not exist.",
        params: StoreInvoiceIdParam,
        response: { 200: z.object({ data: StoreInvoiceDetail }) },
      },
    },
    async (req) => {
      const customerId = req.store.customerId;
      const invoice = await areas.invoiceOfStore(db, req, customerId, req.params.id);
      if (!invoice) throw notFound(problem('not_found', { thing: 'invoice', id: req.params.id }));
      const lang = requestLang(req.headers['accept-language']) ?? 'id';
      const points = await rows<Record<string, unknown> & { point_type: number }>(
        db,
        sql`select l.id, l.point_type, l.points, l.balance_after,
                   coalesce(l.invoice_document_no, l.reference) as document_no, l.reason,
                   l.entry_date::text as entry_date, l.created_at
            from point_ledger l
            where l.invoice_document_no = ${invoice.document_no as string} and l.customer_id = ${customerId}
              and not l.void
            order by l.id`,
      );
      const data = {
        ...invoice,
        points: points.map((p) => ({
          ...p,
          type_name: POINT_TYPE_NAMES[p.point_type]?.[lang] ?? String(p.point_type),
          created_at: iso(p.created_at),
        })),
      };
      return { data: data as StoreInvoiceDetail };
    },
  );

  // The staff image upload, answered to a store's token: the url goes into PUT /store/me or POST /store/uploads.
  registerPhotoUpload(app, '/store/photo', { audience: 'store', folder: 'store_app', tag: TAG });

  r.get(
    '/store/upload-folders',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary: 'The photo folders open to this store now, with how many photos the store put in each',
        description:
          "Active, today within their dates (when set), for this store's branch (or every branch) and for this store (or any).",
        response: { 200: z.object({ data: z.array(StoreUploadFolder) }) },
      },
    },
    async (req) => ({
      data: (await areas.foldersOpenToStore(
        db,
        await storeRef(db, req.store.customerId),
      )) as StoreUploadFolder[],
    }),
  );

  r.post(
    '/store/uploads',
    {
      config: store,
      schema: {
        tags: [TAG],
        summary: 'Put a photo (uploaded with POST /store/photo) into a folder open to this store',
        description:
          "The back office's group view and upload report count it as a staff upload. A folder not open to this " +
          'store is a 404; a `photo` that is not an image uploaded to this server is a 400.',
        body: StoreUploadBody,
        response: { 201: z.object({ data: StoreUpload }) },
      },
    },
    async (req, reply) => {
      const store = await storeRef(db, req.store.customerId);
      const data = (await areas.addStorePhoto(db, req, store, req.body)) as StoreUpload;
      return reply.code(201).send({ data });
    },
  );
}
