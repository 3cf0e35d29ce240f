// Points that expire: GET/PUT /point/settings, GET /point/lots, GET /point/expiring/customer_id/:id,
// the expiry run (an action with a preview) and its daily timer. Thin routes over points.lots.ts.
import { BusinessDate, ListQuery, PageMeta } from '@lbo/contract/common';
import {
  ExpiringPointsRow,
  ExpiringPointsTotals,
  expiringPointsContract,
  PointExpiringNext,
  PointLot,
  PointLotQuery,
  PointSettings,
  PointSettingsSaved,
  PointSettingsUpdate,
  pointExpiryRunAction,
} from '@lbo/contract/points.lots';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { registerAction } from '../../resources/actions';
import { runDailyPointJobs } from './points.daily';
import {
  assertAllBranches,
  expiringNext,
  expiringReport,
  expiryPreview,
  listLots,
  readSettings,
  runExpiry,
  saveSettings,
} from './points.lots';
import type { ReportFilters } from './points.reports';

const tags = ['point'];

export function registerPointLotRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/point/settings',
    {
      config: { area: 'point', action: 'view', scope: 'none' },
      schema: {
        tags,
        summary:
          'The points settings: months until earned points expire (null: never), days of notice before',
        response: { 200: z.object({ data: PointSettings }) },
      },
    },
    async () => ({ data: await readSettings(db) }),
  );

  r.put(
    '/point/settings',
    {
      config: { area: 'point', action: 'update', scope: 'none' },
      schema: {
        tags,
        summary:
          'Change the points settings (staff who see every branch). A new expiry applies to points earned from today on: lots earned before keep their dates; the answer says so (applies_from, note).',
        body: PointSettingsUpdate,
        response: { 200: z.object({ data: PointSettingsSaved }) },
      },
    },
    async (req) => {
      const saved = await db.transaction(async (tx) => {
        const { before, after } = await saveSettings(tx, req, req.body);
        await writeAudit(tx, req, { action: 'update', entity: 'point_settings', entityId: 1, before, after });
        return after;
      });
      return { data: saved };
    },
  );

  r.get(
    '/point/lots',
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          "A store's lots, newest earned first: points, remaining, earned and expiry dates, status (open, spent, expired) and the movements that drew from each",
        querystring: PointLotQuery,
        response: { 200: z.object({ data: z.array(PointLot), meta: PageMeta }) },
      },
    },
    async (req) => {
      const res = await listLots(db, req, req.query);
      return { data: res.rows, meta: res.meta };
    },
  );

  r.get(
    '/point/expiring/customer_id/:customer_id',
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          "A store's points that expire: in total, and the soonest date with the points expiring on it",
        params: z.object({ customer_id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ data: PointExpiringNext }) },
      },
    },
    async (req) => ({ data: await expiringNext(db, req, req.params.customer_id) }),
  );

  r.get(
    expiringPointsContract.paths.list!,
    {
      config: { area: 'point', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          'Expiring points: per store, the open points of its lots expiring in the range (default today to the end of next month), with the totals over every page',
        querystring: ListQuery.extend(expiringPointsContract.filters.shape),
        response: {
          200: z.object({
            data: z.array(ExpiringPointsRow),
            meta: PageMeta,
            totals: ExpiringPointsTotals,
            range: z.object({ start_date: BusinessDate, end_date: BusinessDate }),
          }),
        },
      },
    },
    async (req) => {
      const res = await expiringReport(db, req, req.query as ReportFilters);
      return { data: res.rows, meta: res.meta, totals: res.totals, range: res.range };
    },
  );

  // The run commits in short batches after the action's own transaction (which checks, serialises
  // and audits it): one long transaction would hold every store it touched until the end.
  registerAction(app, db, {
    contract: pointExpiryRunAction,
    scope: 'none',
    preview: ({ tx }) => expiryPreview(tx),
    async handler({ tx, req, afterCommit }) {
      assertAllBranches(req);
      afterCommit(() => runExpiry(db, { by: req.user.id }));
      // The answer is the run's own result (afterCommit); this is what the audit row records.
      const due = await expiryPreview(tx);
      return { customers: due.count, points: due.points, lots: due.lots, as_of: due.as_of };
    },
  });

  scheduleDailyExpiry(app, db);
}

/**
 * The daily expiry run: shortly after midnight in Jakarta, every day. The one place that schedules
 * it; on a job queue it becomes one daily job calling runExpiry. A failed run is logged and the
 * next day's run takes what it left.
 */
function scheduleDailyExpiry(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  const untilNext = () => {
    // 00:10 in Asia/Jakarta (UTC+7, no daylight saving) is 17:10 UTC.
    const now = new Date();
    const next = new Date(now);
    next.setUTCHours(17, 10, 0, 0);
    if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
    return next.getTime() - now.getTime();
  };
  const arm = () => {
    timer = setTimeout(async () => {
      try {
        const done = await runExpiry(db);
        app.log.info({ expiry: done }, 'daily point expiry run');
      } catch (err) {
        app.log.error({ err }, 'daily point expiry run failed');
      }
      // After the run: the notices of what expires next, and on the 1st the tiers (points.daily.ts).
      await runDailyPointJobs(app, db);
      arm();
    }, untilNext());
    // The timer alone never keeps the process alive (tests, commands).
    timer.unref();
  };
  arm();
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}
