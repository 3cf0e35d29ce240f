// Lottery coupons on the shared import pipeline (server/src/resources/imports.ts): POST /lottary/import,
// idempotent on coupon_no.
import { lotteryImport } from '@lbo/contract/lottery';
import { sql } from 'drizzle-orm';
import { rows as selectRows } from '../../db/client';
import { problem } from '../../http/errors';
import { type Customer, customersOf, textArray } from '../../resources/import-customers';
import type { ImportDef, ImportRow, ResolveContext } from '../../resources/imports';
import { upsertRows } from '../../resources/imports';

type LotteryRow = ImportRow<typeof lotteryImport>;

export const lotteryImportDef: ImportDef<
  typeof lotteryImport,
  { index: number; row: LotteryRow; customer: Customer }[]
> = {
  contract: lotteryImport,
  async resolve(tx, rows, ctx) {
    const resolved = await customersOf(tx, rows, ctx as ResolveContext<unknown>);
    // A number already held by a store of another branch is not the caller's to change.
    const scope = ctx.req.user.branches;
    if (scope !== 'all' && resolved.length > 0) {
      const taken = await selectRows<{ coupon_no: string; branch_id: number }>(
        tx,
        sql`select coupon_no, branch_id from lottery_coupons
            where coupon_no = any(${textArray(resolved.map((r) => r.row.coupon_no))}::text[])`,
      );
      const foreign = new Set(taken.filter((t) => !scope.includes(t.branch_id)).map((t) => t.coupon_no));
      for (const r of resolved) {
        if (foreign.has(r.row.coupon_no)) {
          ctx.outside(
            r.index,
            problem('coupon_no_outside', { coupon_no: r.row.coupon_no }, { field: 'coupon_no', named: true }),
          );
        }
      }
    }
    return resolved;
  },
  async write(tx, resolved) {
    const res = await upsertRows<{ id: number }>(tx, {
      table: 'lottery_coupons',
      key: [{ name: 'coupon_no', type: 'text' }],
      columns: [
        { name: 'customer_id', type: 'int' },
        { name: 'branch_id', type: 'int' },
        { name: 'region_id', type: 'int' },
        { name: 'period', type: 'text' },
        { name: 'batch', type: 'text' },
      ],
      rows: resolved.map(({ row, customer }) => ({
        coupon_no: row.coupon_no,
        customer_id: customer.id,
        branch_id: customer.branch_id,
        region_id: customer.region_id,
        period: row.period,
        batch: row.batch ?? '',
      })),
      touch: ['updated_at', 'imported_at'],
      returning: ['id'],
    });
    return {
      result: { inserted: res.inserted, updated: res.updated, unchanged: res.unchanged },
      ids: res.written.map((w) => w.id),
    };
  },
  audit: { action: 'import', entity: 'lottery' },
};
