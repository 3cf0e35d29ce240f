// Points that expire: the settings, reading a store's lots, and the expiry run. The lots themselves
// (every credit a lot, every debit drawing them FEFO, reverts giving the same lots back) are kept by
// the triggers of migration 0018 on point_ledger; this file only reads them and posts the expiry rows
// through the ledger service.
import { jakartaDate } from '@lbo/contract/common';
import { POINT_TYPE } from '@lbo/contract/points';
import {
  EXPIRING_SORT_KEYS,
  type ExpiringPointsRow,
  expiringPointsContract,
  type PointExpiryResult,
  type PointLot,
  type PointSettings,
  type PointSettingsUpdate,
} from '@lbo/contract/points.lots';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, rows, type Tx } from '../../db/client';
import { intArray, type Movement, postMovements } from '../../domain/ledger';
import { forbidden, problem } from '../../http/errors';
import { allOf, pageMeta } from '../../http/list-query';
import { requestLang, wordProblem } from '../../http/messages';
import { customerFilters, NAME_COLUMNS, order, type ReportFilters, reportRows } from './points.reports';
import { customerInScope } from './points.service';

export async function readSettings(db: DbOrTx): Promise<PointSettings> {
  const [s] = await rows<PointSettings>(
    db,
    sql`select s.expire_after_months, s.notify_days_before, s.updated_by, u.name as updated_by_name, s.updated_at
        from point_settings s left join staff_users u on u.id = s.updated_by where s.id = 1`,
  );
  return { ...s, updated_at: new Date(s.updated_at).toISOString() };
}

/** The run and the settings concern every store: only staff who see every branch change them. */
export function assertAllBranches(req: FastifyRequest): void {
  if (req.user.branches !== 'all') throw forbidden(problem('all_branches_only'));
}

/** PUT /point/settings: the new settings, and from when they apply (lots earned from today on). */
export async function saveSettings(tx: Tx, req: FastifyRequest, input: PointSettingsUpdate) {
  assertAllBranches(req);
  const before = await readSettings(tx);
  const months =
    input.expire_after_months === undefined ? before.expire_after_months : input.expire_after_months;
  const notify = input.notify_days_before ?? before.notify_days_before;
  await rows(
    tx,
    sql`update point_settings set expire_after_months = ${months}, notify_days_before = ${notify},
          updated_by = ${req.user.id}, updated_at = now()
        where id = 1`,
  );
  const after = await readSettings(tx);
  const appliesFrom = jakartaDate();
  const note = wordProblem(
    problem(months === null ? 'settings_never_expire' : 'settings_expire_from', {
      date: appliesFrom,
      months: months ?? 0,
    }),
    requestLang(req.headers['accept-language']) ?? 'en',
  ).message;
  return { before, after: { ...after, applies_from: appliesFrom, note } };
}

// ---------------------------------------------------------------------------------------------
// Reading the lots.

const STATUS =
  sql.raw(`case when l.remaining > 0 and (l.expires_on is null or l.expires_on >= current_date) then 'open'
       when l.expires_on < current_date and (l.remaining > 0 or exists (
         select 1 from point_lot_draws x join point_ledger e on e.id = x.ledger_id
         where x.lot_id = l.id and e.point_type = 8)) then 'expired'
       else 'spent' end`);

/** GET /point/lots: one store's lots, newest earned first, with what drew from each. */
export async function listLots(
  db: Db,
  req: FastifyRequest,
  q: { customer_id: number; status?: string; page?: number; limit?: number },
) {
  const c = await customerInScope(db, req, q.customer_id);
  const page = q.page ?? 1;
  const limit = q.limit ?? 20;
  const status = q.status ? sql`and s.status = ${q.status}` : sql``;
  const found = await rows<PointLot & { total: number }>(
    db,
    sql`with s as (
          select l.id, ${STATUS} as status from point_lots l where l.customer_id = ${c.id}
        ),
        page as (
          select s.id, s.status, count(*) over () as total from s
          join point_lots l on l.id = s.id
          where true ${status}
          order by l.earned_on desc, l.id desc
          limit ${limit} offset ${(page - 1) * limit}
        )
        select l.id, l.customer_id, ${c.customer_code}::text as customer_code, l.ledger_id, g.point_type,
               l.points, l.remaining, l.earned_on::text as earned_on, l.expires_on::text as expires_on,
               p.status, p.total::int as total,
               coalesce((select sum(x.amount) from point_lot_draws x join point_ledger e on e.id = x.ledger_id
                          where x.lot_id = l.id and e.point_type = 8), 0)::int as expired_points,
               coalesce((select json_agg(json_build_object('ledger_id', x.ledger_id, 'point_type', e.point_type,
                                                           'entry_date', e.entry_date::text, 'amount', x.amount)
                                         order by x.id)
                          from point_lot_draws x join point_ledger e on e.id = x.ledger_id where x.lot_id = l.id),
                        '[]'::json) as draws
        from page p join point_lots l on l.id = p.id join point_ledger g on g.id = l.ledger_id
        order by l.earned_on desc, l.id desc`,
  );
  let total = found[0]?.total;
  if (total === undefined) {
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select ${STATUS} as status from point_lots l where l.customer_id = ${c.id}) s
          where true ${status}`,
    );
    total = r.n;
  }
  return {
    rows: found.map(({ total: _t, draws, ...r }) => ({
      ...r,
      draws: typeof draws === 'string' ? JSON.parse(draws) : draws,
    })),
    meta: pageMeta(page, limit, total),
  };
}

/** What a store has expiring: open points in dated lots, and the soonest date with how many. */
export async function expiringNext(db: DbOrTx, req: FastifyRequest, customerId: number) {
  const c = await customerInScope(db, req, customerId);
  const [r] = await rows<{ expiring_points: number; next_date: string | null; next_points: number }>(
    db,
    sql`with o as (
          select expires_on, remaining from point_lots
          where customer_id = ${c.id} and remaining > 0 and expires_on >= current_date
        )
        select coalesce((select sum(remaining) from o), 0)::int as expiring_points,
               (select min(expires_on)::text from o) as next_date,
               coalesce((select sum(remaining) from o where expires_on = (select min(expires_on) from o)), 0)::int as next_points`,
  );
  return { customer_id: c.id, ...r };
}

// ---------------------------------------------------------------------------------------------
// The expiry run.

/** What a run today would take: stores, points and lots past their date with points left. */
export async function expiryPreview(db: DbOrTx) {
  const [r] = await rows<{ count: number; points: number; lots: number }>(
    db,
    sql`select count(distinct customer_id)::int as count, coalesce(sum(remaining), 0)::int as points, count(*)::int as lots
        from point_lots where remaining > 0 and expires_on < current_date`,
  );
  return { ...r, as_of: jakartaDate() };
}

/**
 * How long one batch of the run may hold its stores' rows: a redemption by one of those stores waits
 * at most this long (plus a commit). The batch size follows it: each batch takes as many stores as
 * the previous batches' pace says fit in it, between EXPIRY_BATCH_MIN and EXPIRY_BATCH_MAX.
 */
export const EXPIRY_BATCH_MS = 50;
export const EXPIRY_BATCH_MIN = 20;
export const EXPIRY_BATCH_MAX = 2000;

/**
 * Takes every lot past its date out of its store's balance: per store one ledger row of type 8
 * drawing exactly those lots (the lots' trigger takes the expired lots whole when the row equals
 * their sum). Stores go in batches of short transactions, in id order: each batch locks its stores
 * (as every ledger writer does, in id order) and sums their expired lots under that lock, in one
 * statement, then posts. A redemption at the same time either runs before (and drew only lots still
 * valid) or waits for the batch; a second run at the same time finds the sums already taken. So no
 * points go twice, and a repeat takes nothing more.
 *
 * `batch` fixes the batch size (tests); by default it adapts so a batch lasts about EXPIRY_BATCH_MS.
 * The batches run without JIT compilation: the report triggers' statements are planned for a grid of
 * months per store, an estimate that makes PostgreSQL compile them for seconds when a statement
 * holds more than a few dozen stores, far longer than running them.
 */
export async function runExpiry(
  db: Db,
  opts: { by?: number | null; batch?: number } = {},
): Promise<PointExpiryResult> {
  const asOf = jakartaDate();
  // The stores due, read once (one pass over the index of open dated lots); each batch then sums
  // its stores again under their locks, so a store that changed since is taken exactly as it is then.
  const due = (
    await rows<{ customer_id: number }>(
      db,
      sql`select distinct customer_id from point_lots
          where remaining > 0 and expires_on < current_date order by customer_id`,
    )
  ).map((r) => r.customer_id);
  const total = { customers: 0, points: 0, lots: 0 };
  let size = opts.batch ?? 100;
  for (let i = 0; i < due.length; ) {
    const ids = due.slice(i, i + size);
    i += ids.length;
    const started = performance.now();
    const done = await db.transaction(async (tx) => {
      // One round trip: JIT off for the rest of the transaction, the locks, the sums.
      const sums = await rows<{ customer_id: number; points: number; lots: number }>(
        tx,
        sql`with cfg as materialized (select set_config('jit', 'off', true) as jit),
            lk as materialized (
              select c.id from customers c, cfg
              where c.id = any(${intArray(ids)}::int[]) and cfg.jit = 'off'
              order by c.id for no key update of c
            )
            select l.customer_id, sum(l.remaining)::int as points, count(*)::int as lots
            from point_lots l
            where l.customer_id in (select id from lk) and l.remaining > 0 and l.expires_on < current_date
            group by l.customer_id order by l.customer_id`,
      );
      const movements: Movement[] = sums.map((d) => ({
        customerId: d.customer_id,
        pointType: POINT_TYPE.expiry,
        points: -d.points,
        source: 'expiry',
        reason: `Poin kedaluwarsa / points expired (${d.lots} lot${d.lots === 1 ? '' : 's'})`,
        reference: `EXP-${asOf}`,
        createdBy: opts.by ?? null,
      }));
      await postMovements(tx, movements);
      return sums;
    });
    total.customers += done.length;
    total.points += done.reduce((n, d) => n + d.points, 0);
    total.lots += done.reduce((n, d) => n + d.lots, 0);
    if (opts.batch === undefined) {
      const perStore = (performance.now() - started) / ids.length;
      size = Math.round(
        Math.min(EXPIRY_BATCH_MAX, Math.max(EXPIRY_BATCH_MIN, EXPIRY_BATCH_MS / Math.max(perStore, 0.001))),
      );
    }
  }
  return { ...total, as_of: asOf };
}

// ---------------------------------------------------------------------------------------------
// The report of expiring points.

/** The end of the month after `day`'s month (`YYYY-MM-DD`). */
export function endOfNextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  // Day 0 of the month after next is the last day of next month.
  return new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
}

/**
 * GET /point/report/expiring: per store, the open points of its lots expiring in the range, with
 * the range's totals over every page. Default range: today to the end of next month.
 */
export async function expiringReport(db: Db, req: FastifyRequest, q: ReportFilters) {
  const start = q.start_date ?? jakartaDate();
  const end = q.end_date ?? endOfNextMonth(start);
  const f = customerFilters(req, q);
  const fallback = expiringPointsContract.defaultSort;
  const sortOn = (t: 'e' | 'p'): Record<string, SQL> => ({
    id: sql.raw(`${t}.customer_id`),
    customer_id: sql.raw(`${t}.customer_id`),
    customer_name: sql.raw(t === 'e' ? 'c.customer_name' : 'c.customer_name'),
    customer_code: sql.raw(t === 'e' ? 'c.customer_code' : 'c.customer_code'),
    expiring_points: sql.raw(`${t}.expiring_points`),
    first_expiry: sql.raw(`${t}.first_expiry`),
    point_balance: sql.raw('c.point_balance'),
  });
  const filters = allOf(f.parts);
  const found = await reportRows<ExpiringPointsRow & ExpiringTotals & { total: number }>(
    db,
    sql`
with e as (
  select l.customer_id, sum(l.remaining)::int as expiring_points, count(*)::int as lots,
         min(l.expires_on) as first_expiry, max(l.expires_on) as last_expiry
  from point_lots l
  ${f.needsCustomer ? sql`join customers c on c.id = l.customer_id${f.join}` : sql``}
  where l.remaining > 0 and l.expires_on between ${start}::date and ${end}::date
    ${filters ? sql`and ${filters}` : sql``}
  group by l.customer_id
),
tot as (
  select count(*)::int as t_customers, coalesce(sum(expiring_points), 0)::int as t_points,
         coalesce(sum(lots), 0)::int as t_lots
  from e
),
p as (
  select e.* from e join customers c on c.id = e.customer_id
  order by ${order(sortOn('e'), EXPIRING_SORT_KEYS, q, fallback, 'id')}
  limit ${q.limit} offset ${(q.page - 1) * q.limit}
)
select p.customer_id as id, p.customer_id, ${NAME_COLUMNS}, p.expiring_points, p.lots,
       p.first_expiry::text as first_expiry, p.last_expiry::text as last_expiry, c.point_balance,
       tot.t_customers, tot.t_points, tot.t_lots
from tot left join p on true
left join customers c on c.id = p.customer_id
left join branches b on b.id = c.branch_id
left join regions r on r.id = b.region_id
left join region_groups rg on rg.id = r.region_group_id
order by ${order(sortOn('p'), EXPIRING_SORT_KEYS, q, fallback, 'id')}`,
    true,
  );
  const head = found[0];
  const totals = { customers: head.t_customers, points: head.t_points, lots: head.t_lots };
  const data = found
    .filter((r) => r.customer_id !== null)
    .map(({ t_customers: _c, t_points: _p, t_lots: _l, total: _t, ...r }) => r as ExpiringPointsRow);
  return {
    rows: data,
    totals,
    range: { start_date: start, end_date: end },
    meta: pageMeta(q.page, q.limit, totals.customers),
  };
}

type ExpiringTotals = { t_customers: number; t_points: number; t_lots: number };
