// Lottery workflows: the import, the report per branch, region and draw period, and "delete all".
import { lotteryDeleteAllAction } from '@lbo/contract/coupons.actions';
import { LOTTERY_REPORT_PATH, LotteryReport, LotteryReportQuery } from '@lbo/contract/lottery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { registerAction } from '../../resources/actions';
import { registerImport } from '../../resources/imports';
import { lotteryImportDef } from './lottery.imports';
import { deleteLottery, type LotteryFilters, lotteryCount, lotteryReport } from './lottery.service';

export function registerLotteryRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerImport(app, db, lotteryImportDef);

  r.get(
    LOTTERY_REPORT_PATH,
    {
      config: { area: 'lottery', action: 'view', scope: 'branch' },
      schema: {
        tags: ['lottery'],
        summary: 'Lottery coupons counted per branch, per region and per draw period (within your branches)',
        querystring: LotteryReportQuery,
        response: { 200: z.object({ data: LotteryReport }) },
      },
    },
    async (req) => ({ data: await lotteryReport(db, req, req.query as LotteryFilters) }),
  );

  registerAction(app, db, {
    contract: lotteryDeleteAllAction,
    preview: async ({ tx, req, query }) => ({ count: await lotteryCount(tx, req, query) }),
    async handler({ tx, req, query, audit }) {
      const n = await deleteLottery(tx, req, query);
      audit({ action: 'delete_all', entityId: null, after: { filters: query, deleted: n } });
      return { deleted: n };
    },
  });
}
