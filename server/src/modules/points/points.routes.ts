// Points workflows: manual movements, corrections, voids, injections, balances and the reports.
// Thin routes: each validates with the contract's schema and calls points.service / points.reports.
import { ListQuery, PageMeta } from '@lbo/contract/common';
import {
  CustomerBalanceRow,
  customerBalanceContract,
  PointBalance,
  PointEntry,
  PointEntryCreate,
  PointEntryUpdate,
  PointReportQuery,
  PointReportRow,
  pointEntryContract,
  pointReportContract,
  StorePointsRow,
  storePointsContract,
} from '@lbo/contract/points';
import { pointVoidAction } from '@lbo/contract/points.actions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { registerPhotoUpload } from '../../http/uploads';
import { registerAction } from '../../resources/actions';
import { registerReportExport } from '../../resources/export';
import { registerImport } from '../../resources/imports';
import { loadRecord } from '../../resources/records';
import { pointInjectDef } from './points.inject';
import { registerPointLotRoutes } from './points.lots.routes';
import { customerBalances, pointsTracking, type ReportFilters, storePoints } from './points.reports';
import { pointLedgerResource } from './points.resource';
import { balanceOf, correctMovement, createManualMovement, voidMovement } from './points.service';
import { registerPointTierRoutes } from './points.tiers.routes';

const positiveId = z.coerce.number().int().positive({ error: 'must be a positive id' });
const tags = ['point'];

export function registerPointRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { paths } = pointEntryContract;

  r.post(
    paths.create!,
    {
      config: { area: 'point', action: 'create', scope: { resource: pointEntryContract.name } },
      schema: {
        tags,
        summary:
          'Record a manual movement: type 2 injected or 5 deduction (whole positive points; the type gives the sign) or 7 correction (signed). 409 when the balance would go below zero.',
        body: PointEntryCreate,
        response: { 201: z.object({ data: PointEntry }) },
      },
    },
    async (req, reply) => {
      const created = await db.transaction(async (tx) => {
        const { id } = await createManualMovement(tx, req, req.body);
        const after = await loadRecord(tx, pointLedgerResource, req, id);
        await writeAudit(tx, req, { action: 'create', entity: 'point', entityId: id, after });
        return after;
      });
      return reply.code(201).send({ data: created as PointEntry });
    },
  );

  // Injection (POST /point/inject/) is an import on the shared pipeline: see points.inject.ts.
  registerImport(app, db, pointInjectDef);

  r.put(
    paths.update!,
    {
      config: { area: 'point', action: 'update', scope: { resource: pointEntryContract.name } },
      schema: {
        tags,
        summary:
          'Correct a staff movement: the row is voided and a replacement appended (answered; reverses_id names the voided row); the balance moves by the difference. 409 for rows written from invoices or redemptions.',
        params: z.object({ id: positiveId }),
        body: PointEntryUpdate,
        response: { 200: z.object({ data: PointEntry }) },
      },
    },
    async (req) => {
      const updated = await db.transaction(async (tx) => {
        const before = await loadRecord(tx, pointLedgerResource, req, req.params.id);
        const { id, changed } = await correctMovement(tx, req, req.params.id, req.body);
        const after = await loadRecord(tx, pointLedgerResource, req, id);
        if (changed) {
          await writeAudit(tx, req, {
            action: 'update',
            entity: 'point',
            entityId: req.params.id,
            before,
            after,
          });
        }
        return after;
      });
      return { data: updated as PointEntry };
    },
  );

  // Void (DELETE /point/:id) is an action: the registrar locks and scope-checks the row (404/403),
  // runs it in a transaction and writes the audit row with the row before and after.
  registerAction(app, db, {
    contract: pointVoidAction,
    resource: pointLedgerResource,
    async handler({ tx, req, id, record, audit }) {
      await voidMovement(tx, req, id!);
      const after = await loadRecord(tx, pointLedgerResource, req, id!);
      audit({ action: 'void', entity: 'point', before: record, after });
      return { id: id! };
    },
  });

  r.get(
    '/point/balance/customer_id/:customer_id',
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary: "A customer's point balance (the cached sum of its non-void ledger rows)",
        params: z.object({ customer_id: positiveId }),
        response: { 200: z.object({ data: PointBalance }) },
      },
    },
    async (req) => ({ data: await balanceOf(db, req, req.params.customer_id) }),
  );

  r.get(
    '/point/report',
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          'Points tracking: one row per invoice document (master, promo and corrections summed; other movements one row each), paged',
        querystring: ListQuery.extend(PointReportQuery.shape),
        response: { 200: z.object({ data: z.array(PointReportRow), meta: PageMeta }) },
      },
    },
    async (req) => {
      const res = await pointsTracking(db, req, req.query as ReportFilters);
      return { data: res.rows, meta: res.meta };
    },
  );

  r.get(
    customerBalanceContract.paths.list!,
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          'Customer balances (the cached balance) with all-time earned and spent totals and the last movement date, paged',
        querystring: ListQuery.extend(customerBalanceContract.filters.shape),
        response: { 200: z.object({ data: z.array(CustomerBalanceRow), meta: PageMeta }) },
      },
    },
    async (req) => {
      const res = await customerBalances(db, req, req.query as ReportFilters);
      return { data: res.rows, meta: res.meta };
    },
  );

  r.get(
    '/point/report/store',
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary: 'Store points: per customer with movements in the date range, its points by kind, paged',
        querystring: ListQuery.extend(storePointsContract.filters.shape),
        response: { 200: z.object({ data: z.array(StorePointsRow), meta: PageMeta }) },
      },
    },
    async (req) => {
      const res = await storePoints(db, req, req.query as ReportFilters);
      return { data: res.rows, meta: res.meta };
    },
  );

  // The reports' exports read through the same queries as their lists.
  registerReportExport(app, db, {
    contract: pointReportContract,
    page: (req, q) => pointsTracking(db, req, q as unknown as ReportFilters),
  });
  registerReportExport(app, db, {
    contract: customerBalanceContract,
    page: (req, q) => customerBalances(db, req, q as unknown as ReportFilters),
  });
  registerReportExport(app, db, {
    contract: storePointsContract,
    page: (req, q) => storePoints(db, req, q as unknown as ReportFilters),
  });

  // Points that expire: settings, lots, the expiry run and its timer.
  registerPointLotRoutes(app, db);
  registerPointTierRoutes(app, db);

  // The promo's photo: uploaded first, its URL then saved as `photo` by POST/PUT /point_promo/.
  registerPhotoUpload(app, '/point_promo/photo', { area: 'point', folder: 'point_promo', tag: 'point' });
}
