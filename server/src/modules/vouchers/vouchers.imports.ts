// Voucher redemptions in bulk on the shared import pipeline (server/src/resources/imports.ts):
// POST /voucher_redeem/add_bulk, idempotent on voucher + customer, capped by the voucher's quota.
import { voucherBulkImport } from '@lbo/contract/vouchers';
import { sql } from 'drizzle-orm';
import { rows as selectRows } from '../../db/client';
import { conflict, problem } from '../../http/errors';
import { type Customer, customersOf } from '../../resources/import-customers';
import type { ImportDef, ImportRow, ResolveContext } from '../../resources/imports';

type VoucherRow = ImportRow<typeof voucherBulkImport>;
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
