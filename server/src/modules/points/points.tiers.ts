// Store tiers: the list (GET/PUT /point/tiers) and the computation of every store's tier from its
// rolling 12-month turnover. The engine (points.engine.ts) reads the tier in force on an invoice's date
// from customer_tier_history, so a later change of tier or of the tiers' settings leaves what old
// invoices earned as it was.
import { jakartaDate } from '@lbo/contract/common';
import type { PointTier, PointTierRunResult, PointTiersUpdate } from '@lbo/contract/points.tiers';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rows, type Tx } from '../../db/client';

export async function readTiers(db: DbOrTx): Promise<PointTier[]> {
  const list = await rows<PointTier>(
    db,
    sql`select t.id, t.name, t.min_turnover_12m::float8 as min_turnover_12m, t.multiplier::float8 as multiplier,
               (select count(*)::int from customers c where c.tier_id = t.id) as stores, t.updated_at
        from point_tiers t order by t.min_turnover_12m, t.id`,
  );
  return list.map((t) => ({ ...t, updated_at: new Date(t.updated_at).toISOString() }));
}

/**
 * PUT /point/tiers: the list as given. A tier whose name (any case) stays keeps its id and stores;
 * the others are removed (their stores hold no tier until the next computation) or added.
 */
export async function saveTiers(tx: Tx, input: PointTiersUpdate): Promise<PointTier[]> {
  // One writer at a time: two saves at once would each keep names the other removes.
  await rows(tx, sql`select pg_advisory_xact_lock(hashtext('point_tiers'), 0)`);
  const names = JSON.stringify(input.tiers.map((t) => t.name.toLowerCase()));
  await rows(
    tx,
    sql`delete from point_tiers where lower(name) not in (select jsonb_array_elements_text(${names}::jsonb))`,
  );
  for (const t of input.tiers) {
    const [kept] = await rows<{ id: number }>(
      tx,
      sql`update point_tiers set name = ${t.name}, min_turnover_12m = ${t.min_turnover_12m},
            multiplier = ${t.multiplier}, updated_at = now()
          where lower(name) = ${t.name.toLowerCase()} returning id`,
    );
    if (!kept)
      await rows(
        tx,
        sql`insert into point_tiers (name, min_turnover_12m, multiplier)
            values (${t.name}, ${t.min_turnover_12m}, ${t.multiplier})`,
      );
  }
  return readTiers(tx);
}

/** The first day of the month `months` months after `day`'s month. */
function monthStart(day: string, months = 0): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** Stores per transaction of the computation: each batch holds its stores' rows only while it writes. */
export const TIER_BATCH = 5000;

/**
 * Every store's tier as of `asOf` (default today, Asia/Jakarta): the 12 whole months before asOf's
 * month are counted (turnover rollup dash_day_customer_category, every category), and the store
 * qualifies for the highest tier whose minimum the sum reaches.
 * - At or above its tier (or without one): it takes the qualified tier; grace ends.
 * - Below its tier, for the first time (or again in the same month): it keeps the tier through this
 *   month, the grace month (tier_grace_from = this month).
 * - Below its tier and its grace began in an earlier month: it drops to the qualified tier.
 * Run twice in a month it finds the same answer (the grace month is the month it began, not a count),
 * so the monthly run and the "recompute now" action can both run. Each tier a store takes is added to
 * customer_tier_history from asOf (with the tier's name and multiplier then), which is what invoices
 * dated from asOf on earn by.
 */
export async function computeTiers(
  db: Db,
  opts: { asOf?: string; batch?: number } = {},
): Promise<PointTierRunResult> {
  const asOf = opts.asOf ?? jakartaDate();
  const month = monthStart(asOf);
  const from = monthStart(asOf, -12);
  const batch = opts.batch ?? TIER_BATCH;
  const result = { as_of: asOf, window_start: from, stores: 0, upgraded: 0, downgraded: 0, in_grace: 0 };
  const [any] = await rows<{ n: number }>(db, sql`select count(*)::int as n from point_tiers`);
  if (any.n === 0) return result;
  const [bounds] = await rows<{ lo: number | null; hi: number | null }>(
    db,
    sql`select min(id) as lo, max(id) as hi from customers`,
  );
  if (bounds.lo === null || bounds.hi === null) return result;
  for (let lo = Number(bounds.lo); lo <= Number(bounds.hi); lo += batch) {
    const hi = lo + batch;
    const [r] = await db.transaction(async (tx) => {
      await rows(
        tx,
        sql`select 1 from customers where id >= ${lo} and id < ${hi} order by id for no key update`,
      );
      return rows<{ stores: number; upgraded: number; downgraded: number; in_grace: number }>(
        tx,
        sql`
with turnover as (
  select customer_id, sum(turnover) as turnover from dash_day_customer_category
  where customer_id >= ${lo} and customer_id < ${hi} and day >= ${from}::date and day < ${month}::date
  group by customer_id
),
cur as (
  select c.id, c.tier_id, c.tier_since, c.tier_grace_from, t.min_turnover_12m as cur_min,
         coalesce(o.turnover, 0) as turnover
  from customers c
  left join point_tiers t on t.id = c.tier_id
  left join turnover o on o.customer_id = c.id
  where c.id >= ${lo} and c.id < ${hi}
),
q as (
  select cur.*, qt.id as q_id, qt.min_turnover_12m as q_min
  from cur cross join lateral (
    select id, min_turnover_12m from point_tiers where min_turnover_12m <= cur.turnover
    order by min_turnover_12m desc limit 1
  ) qt
),
next as (
  select q.id, q.tier_id as old_tier, q.turnover,
         case when q.cur_min is null or q.q_min >= q.cur_min then 'take'
              when q.tier_grace_from is null or q.tier_grace_from >= ${month}::date then 'grace'
              else 'drop' end as step,
         q.q_id, q.cur_min, q.q_min, q.tier_since, q.tier_grace_from
  from q
),
upd as (
  update customers c set
    tier_id = case when n.step = 'grace' then n.old_tier else n.q_id end,
    tier_since = case when n.step = 'grace' or n.q_id = n.old_tier then n.tier_since else ${asOf}::date end,
    tier_grace_from = case when n.step = 'grace' then coalesce(n.tier_grace_from, ${month}::date) end,
    tier_turnover_12m = n.turnover
  from next n
  where c.id = n.id
  returning c.id, c.tier_id, n.old_tier, n.step, n.cur_min, n.q_min, n.turnover
),
hist as (
  insert into customer_tier_history (customer_id, tier_id, tier_name, multiplier, effective_from, turnover_12m)
  select u.id, t.id, t.name, t.multiplier, ${asOf}::date, u.turnover
  from upd u join point_tiers t on t.id = u.tier_id
  where not exists (
    select 1 from (
      select h.tier_id, h.tier_name, h.multiplier from customer_tier_history h
      where h.customer_id = u.id order by h.effective_from desc, h.id desc limit 1
    ) last
    where last.tier_id = t.id and last.tier_name = t.name and last.multiplier = t.multiplier
  )
  returning 1
)
select count(*)::int as stores,
       (count(*) filter (where step = 'take' and tier_id is distinct from old_tier
                          and (cur_min is null or q_min > cur_min)))::int as upgraded,
       (count(*) filter (where step = 'drop'))::int as downgraded,
       (count(*) filter (where step = 'grace'))::int as in_grace,
       (select count(*) from hist)::int as written
from upd`,
      );
    });
    result.stores += r.stores;
    result.upgraded += r.upgraded;
    result.downgraded += r.downgraded;
    result.in_grace += r.in_grace;
  }
  return result;
}
