// Virtual-account payments: the bank's notification (POST /integration/va_payment) and the report.
// A notification is stored once per bank payment id (unique): in the same transaction its invoice (by
// document number, row locked) gets the amount added to paid_amount and its status moved to partial or
// paid. An unknown or cancelled invoice number is stored unmatched (with a note) and shown, never
// dropped. The same payment id again changes nothing (200, `applied: false`); the same id with other
// details is refused (409): the bank would be reporting two different payments under one id.
import { createHash, timingSafeEqual } from 'node:crypto';
import { VA_SORT_KEYS, type VaPaymentNotification, type VaPaymentResult } from '@lbo/contract/dashboards';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows } from '../../db/client';
import { ApiError, conflict, problem } from '../../http/errors';
import { likePattern, listOrder, pageMeta } from '../../http/list-query';
import { branchCondition } from '../../http/scope';
import { query, scopeOf } from './dashboards.service';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the callback token sent equals the configured one (constant time; unset refuses all). */
export function callbackTokenValid(configured: string | undefined, sent: unknown): boolean {
  if (!configured || typeof sent !== 'string' || sent === '') return false;
  return timingSafeEqual(digest(configured), digest(sent));
}

type Parsed = {
  payment_id: string;
  invoice_number: string;
  virtual_account_no: string;
  amount: number;
  paid_at: string;
};

export async function receiveVaPayment(db: Db, n: Parsed): Promise<VaPaymentResult> {
  return db.transaction(async (tx) => {
    const [inv] = await rows<{
      id: number;
      branch_id: number;
      status: string;
      net_amount: number;
      paid_amount: number;
    }>(
      tx,
      sql`select id, branch_id, status, net_amount, paid_amount from sales_invoices
          where document_no = ${n.invoice_number} for update`,
    );
    const matched = !!inv && inv.status !== 'cancelled';
    const note = !inv
      ? 'no invoice with this number'
      : inv.status === 'cancelled'
        ? 'the invoice is cancelled'
        : inv.paid_amount + n.amount > inv.net_amount + 0.005
          ? `paid ${Math.round((inv.paid_amount + n.amount - inv.net_amount) * 100) / 100} more than the invoice amount`
          : '';
    const [created] = await rows<{ id: number }>(
      tx,
      sql`insert into va_payments (payment_id, invoice_number, virtual_account_no, amount, paid_at, invoice_id, branch_id, matched, note)
          values (${n.payment_id}, ${n.invoice_number}, ${n.virtual_account_no}, ${n.amount}, ${n.paid_at}::timestamptz,
                  ${matched ? inv.id : null}, ${inv?.branch_id ?? null}, ${matched}, ${note})
          on conflict (payment_id) do nothing returning id`,
    );
    if (!created) {
      const [prev] = await rows<{
        id: number;
        invoice_number: string;
        amount: number;
        same_time: boolean;
        invoice_id: number | null;
        matched: boolean;
      }>(
        tx,
        sql`select id, invoice_number, amount, paid_at = ${n.paid_at}::timestamptz as same_time, invoice_id, matched
            from va_payments where payment_id = ${n.payment_id}`,
      );
      if (prev.invoice_number !== n.invoice_number || prev.amount !== n.amount || !prev.same_time) {
        throw conflict(problem('payment_replayed', { payment_id: n.payment_id }, 'payment_id'));
      }
      const [cur] = prev.invoice_id
        ? await rows<{ status: string; paid_amount: number }>(
            tx,
            sql`select status, paid_amount from sales_invoices where id = ${prev.invoice_id}`,
          )
        : [];
      return {
        id: prev.id,
        payment_id: n.payment_id,
        matched: prev.matched,
        applied: false,
        invoice_id: prev.invoice_id,
        invoice_status: cur?.status ?? null,
        invoice_paid_amount: cur?.paid_amount ?? null,
      };
    }
    if (!matched) {
      return {
        id: created.id,
        payment_id: n.payment_id,
        matched: false,
        applied: true,
        invoice_id: null,
        invoice_status: inv?.status ?? null,
        invoice_paid_amount: inv?.paid_amount ?? null,
      };
    }
    const [updated] = await rows<{ status: string; paid_amount: number }>(
      tx,
      sql`update sales_invoices set paid_amount = paid_amount + ${n.amount},
            status = case when paid_amount + ${n.amount} >= net_amount then 'paid' else 'partial' end,
            paid_at = case when paid_amount + ${n.amount} >= net_amount then ${n.paid_at}::timestamptz else paid_at end,
            updated_at = now()
          where id = ${inv.id} returning status, paid_amount`,
    );
    return {
      id: created.id,
      payment_id: n.payment_id,
      matched: true,
      applied: true,
      invoice_id: inv.id,
      invoice_status: updated.status,
      invoice_paid_amount: updated.paid_amount,
    };
  });
}

/** 401 unless the callback token matches; thrown before the body is looked at. */
export function assertCallbackToken(configured: string | undefined, req: FastifyRequest): void {
  if (!callbackTokenValid(configured, req.headers['x-callback-token'])) {
    throw new ApiError('UNAUTHENTICATED', problem('callback_token'));
  }
}

/**
 * The payments received in the range (payment time, Asia/Jakarta dates), with their invoice. Matched
 * payments are scoped by their invoice's branch; unmatched ones (no branch) are shown to users who see
 * every branch, and only when no region / branch filter is set.
 */
export async function vaReport(
  db: Db,
  req: FastifyRequest,
  q: {
    region_group_id?: number;
    group_id?: number;
    region_id?: number;
    branch_id?: number;
    matched?: boolean;
    page: number;
    limit: number;
    by?: string;
    sort?: 'asc' | 'desc';
    search?: string;
  },
  range: { start: string; end: string },
) {
  const { B, bs } = await scopeOf(db, req, q);
  const order = listOrder(VA_SORT_KEYS, q, { by: 'paid_at', dir: 'desc' });
  const by = order.key;
  const dir = sql.raw(order.dir === 'desc' ? 'desc' : 'asc');
  const filtered = !!(q.region_group_id ?? q.group_id ?? q.region_id ?? q.branch_id);
  const unmatchedVisible = !filtered && branchCondition(req, sql`0`) === undefined;
  const s = q.search?.trim();
  const parts: SQL[] = [
    sql`v.paid_at >= ${range.start}::date::timestamp at time zone 'Asia/Jakarta'`,
    sql`v.paid_at < (${range.end}::date + 1)::timestamp at time zone 'Asia/Jakarta'`,
    unmatchedVisible ? sql`(${B(sql`v.branch_id`)} or v.branch_id is null)` : sql`${B(sql`v.branch_id`)}`,
  ];
  if (q.matched !== undefined) parts.push(sql`v.matched = ${q.matched}`);
  if (s)
    parts.push(
      sql`(v.invoice_number ilike ${likePattern(s)} or v.virtual_account_no ilike ${likePattern(s)} or v.payment_id ilike ${likePattern(s)})`,
    );
  const cond = sql.join(parts, sql` and `);
  const result = await query<Record<string, unknown> & { total: number }>(
    db,
    sql`with bs as (${bs})
      select v.invoice_number, v.id, v.payment_id, v.virtual_account_no, v.amount::float8 as amount, v.paid_at, v.matched,
        v.note, v.invoice_id, h.invoice_date::text as invoice_date, h.net_amount::float8 as invoice_net_amount,
        h.paid_amount::float8 as invoice_paid_amount, h.status as invoice_status, c.customer_code, c.customer_name,
        v.branch_id, b.name as branch_name, count(*) over ()::int as total
      from va_payments v left join sales_invoices h on h.id = v.invoice_id left join customers c on c.id = h.customer_id
      left join branches b on b.id = v.branch_id
      where ${cond}
      order by ${sql.raw(`v.${by}`)} ${dir}, v.id ${dir}
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  let total = result[0]?.total;
  if (total === undefined) {
    const [r] = await query<{ n: number }>(
      db,
      sql`with bs as (${bs}) select count(*)::int as n from va_payments v where ${cond}`,
    );
    total = r.n;
  }
  return {
    rows: result.map(({ total: _t, ...r }) => r),
    meta: pageMeta(q.page, q.limit, total),
  };
}

export type { VaPaymentNotification };
