// The area's imports on the shared pipeline (server/src/resources/imports.ts): lottery coupons
// (POST /lottary/import, idempotent on coupon_no) and voucher redemptions in bulk
// (POST /voucher_redeem/add_bulk, idempotent on voucher + customer, capped by the voucher's quota).
import { lotteryImport } from '@lbo/contract/lottery';
import { voucherBulkImport } from '@lbo/contract/vouchers';
import { sql } from 'drizzle-orm';
import { rows as selectRows, type Tx } from '../../db/client';
import { conflict, problem } from '../../http/errors';
import type { ImportDef, ResolveContext, RowAt } from '../../resources/imports';
import { upsertRows } from '../../resources/imports';

type Customer = { id: number; customer_code: string; branch_id: number; region_id: number };

const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** Every named customer in one query; unknown codes fail their row (runImport checks their branches). */
async function customersOf<R extends { customer_code: string }>(
  tx: Tx,
  rows: RowAt<R>[],
  ctx: ResolveContext<unknown>,
): Promise<{ index: number; row: R; customer: Customer }[]> {
  const codes = [...new Set(rows.map((r) => r.row.customer_code))];
  const found = await selectRows<Customer>(
    tx,
    sql`select c.id, c.customer_code, c.branch_id, b.region_id
        from customers c join branches b on b.id = c.branch_id
        where c.customer_code = any(${textArray(codes)}::text[])`,
  );
  const byCode = new Map(found.map((c) => [c.customer_code, c]));
  const out: { index: number; row: R; customer: Customer }[] = [];
  for (const { index, row } of rows) {
    const customer = byCode.get(row.customer_code);
    if (!customer) {
      ctx.fail(
        index,
        problem(
          'not_found',
          { thing: 'customer_code', value: row.customer_code },
          { field: 'customer_code', named: true },
        ),
      );
      continue;
    }
    out.push({ index, row, customer });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lottery coupons

type LotteryRow = { coupon_no: string; customer_code: string; period: string; batch?: string };

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

// ---------------------------------------------------------------------------------------------
// Voucher redemptions in bulk

type VoucherRow = { customer_code: string; note?: string };
type Voucher = { id: number; code: string; active: boolean; quota: number | null };

export const voucherBulkDef: ImportDef<
  typeof voucherBulkImport,
  { voucher: Voucher | null; rows: { index: number; row: VoucherRow; customer: Customer }[] }
> = {
  contract: voucherBulkImport,
  async resolve(tx, rows, ctx) {
    // Locks the voucher: concurrent bulk adds of one voucher count its quota one after the other.
    const [voucher] = await selectRows<Voucher>(
      tx,
      sql`select id, code, active, quota from vouchers where id = ${ctx.params.voucher_id} for update`,
    );
    if (!voucher) {
      ctx.fail(null, problem('not_found', { thing: 'voucher', id: ctx.params.voucher_id }, 'voucher_id'));
    } else if (!voucher.active)
      ctx.fail(null, problem('voucher_inactive', { code: voucher.code }, 'voucher_id'));
    const resolved = await customersOf(tx, rows, ctx as ResolveContext<unknown>);
    return { voucher: voucher ?? null, rows: resolved };
  },
  async write(tx, { voucher, rows }, ctx) {
    const v = voucher!;
    // Like upsertRows, plus the store's branch and the author on new rows (a known row keeps its own;
    // only a different note updates it).
    const json = JSON.stringify(
      rows.map(({ row, customer }) => ({ customer_id: customer.id, note: row.note ?? '' })),
    );
    const written = await selectRows<{ id: number; inserted: boolean }>(
      tx,
      sql`insert into voucher_redemptions (voucher_id, customer_id, branch_id, note, created_by)
          select ${v.id}::int, d.customer_id, c.branch_id, d.note, ${ctx.req.user.id}::int
          from json_to_recordset(${json}::json) as d(customer_id int, note text)
          join customers c on c.id = d.customer_id
          order by d.customer_id
          on conflict (voucher_id, customer_id) do update set note = excluded.note, updated_at = now()
            where voucher_redemptions.note is distinct from excluded.note
          returning id, (xmax = 0) as inserted`,
    );
    const inserted = written.filter((w) => w.inserted).length;
    const res = {
      inserted,
      updated: written.length - inserted,
      unchanged: rows.length - written.length,
      written,
    };
    if (v.quota !== null) {
      const [n] = await selectRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from voucher_redemptions where voucher_id = ${v.id}`,
      );
      if (n.n > v.quota) {
        const left = Math.max(0, v.quota - (n.n - res.inserted));
        throw conflict(
          problem('voucher_quota_left', { code: v.code, quota: v.quota, left, adds: res.inserted }),
        );
      }
    }
    return {
      result: { inserted: res.inserted, updated: res.updated, unchanged: res.unchanged },
      ids: res.written.map((w) => w.id),
    };
  },
  audit: {
    action: 'add_bulk',
    entity: 'voucher_redeem',
    after: (resolved) => ({ voucher_id: resolved.voucher?.id ?? null }),
  },
};
