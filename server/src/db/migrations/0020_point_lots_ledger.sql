-- Point lots (tables: 0019_point_lots). Every credit row of point_ledger brings in a lot; every
-- debit draws lots soonest expiry first, then oldest earned, lots without expiry last; a reverted
-- redemption gives its points back to the lots it drew; a void undoes a row's effect on the lots.
-- Statement triggers on point_ledger keep them, in the writing transaction, whatever writes the
-- ledger (the ledger service, imports, seeds, tests), so that a store's balance always equals the
-- sum of its lots' remaining points (`npm run points:verify` checks it).
--
-- Concurrency: every writer first locks the statement's customers in id order (the ledger service
-- already holds those rows: it moves their balances in the same statement), so the lots of one
-- store are only ever changed by one transaction at a time and two writers never wait for each
-- other in opposite orders. Each statement after the lock reads the latest committed lots.
-- A draw that finds fewer points in its lots than it takes raises SQLSTATE LOT01 (the API answers
-- 409 naming the shortfall) and the statement, hence the writer's transaction, rolls back.
--
-- Seeds load whole histories in one statement: with `set local lbo.point_lots = 'off'` the
-- triggers stand aside and point_lots_rebuild() converts the history afterwards.

INSERT INTO "point_settings" ("id", "expire_after_months", "notify_days_before") VALUES (1, NULL, 30)
  ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint

-- The last day lots earned on `earned` count: the end of the month `months` months after the
-- earned month (earned 2025-11-15, 12 months: 2026-11-30). Null months: they never expire.
CREATE OR REPLACE FUNCTION point_lots_expiry_of(earned date, months int) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  select case when months is null then null
              else (date_trunc('month', earned) + make_interval(months => months + 1) - interval '1 day')::date end
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION point_lots_off() RETURNS boolean LANGUAGE sql STABLE AS $$
  select coalesce(current_setting('lbo.point_lots', true), '') = 'off'
$$;--> statement-breakpoint

-- Draws `need` points for ledger row `p_ledger` from the store's lots, FEFO, in one statement.
-- p_expired: false, only lots still valid today (spending); true, only lots past their date (the
-- expiry run); null, any lot (a void taking a credit's points back). p_before: only lots brought in
-- by rows before this one (a debit posted in the same statement as later credits).
CREATE OR REPLACE FUNCTION point_lots_draw(p_ledger int, p_customer int, p_need int, p_expired boolean, p_before int)
RETURNS void LANGUAGE plpgsql AS $$
declare
  got int;
  open_pts int;
  code text;
begin
  with c as (
    select id, remaining,
           coalesce(sum(remaining) over (order by expires_on, earned_on, id
                                         rows between unbounded preceding and 1 preceding), 0) as before
    from point_lots
    where customer_id = p_customer and remaining > 0
      and (p_before is null or ledger_id < p_before)
      and (p_expired is null
           or (p_expired and expires_on < current_date)
           or (not p_expired and (expires_on is null or expires_on >= current_date)))
  ),
  take as (select id, least(remaining, p_need - before)::int as amt from c where before < p_need),
  upd as (
    update point_lots l set remaining = l.remaining - t.amt, updated_at = now()
    from take t where l.id = t.id and l.remaining >= t.amt
    returning t.id, t.amt
  ),
  ins as (insert into point_lot_draws (ledger_id, lot_id, amount) select p_ledger, id, amt from upd)
  select coalesce(sum(amt), 0)::int into got from upd;
  if got < p_need then
    select c.customer_code into code from customers c where c.id = p_customer;
    open_pts := got;
    raise exception 'point lots short: customer % has % points in lots it may draw, the movement takes %', code, open_pts, p_need
      using errcode = 'LOT01',
            detail = json_build_object('customer', code, 'open', open_pts, 'takes', p_need, 'short', p_need - open_pts)::text;
  end if;
end $$;--> statement-breakpoint

-- Gives back to each lot what ledger row `p_from` drew from it (net of what it already gave back),
-- recorded as draws of `p_by` with negative amounts: a revert (p_by the revert row) or a debit's void
-- (p_by = p_from).
CREATE OR REPLACE FUNCTION point_lots_give_back(p_from int, p_by int) RETURNS void LANGUAGE plpgsql AS $$
begin
  with g as (
    select lot_id, sum(amount)::int as amt from point_lot_draws where ledger_id = p_from group by lot_id having sum(amount) > 0
  ),
  upd as (
    update point_lots l set remaining = l.remaining + g.amt, updated_at = now() from g where l.id = g.lot_id
    returning g.lot_id, g.amt
  )
  insert into point_lot_draws (ledger_id, lot_id, amount) select p_by, lot_id, -amt from upd order by lot_id;
end $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION point_lots_ins() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  r record;
  months int;
  expired int[];
begin
  if point_lots_off() then return null; end if;
  perform 1 from customers where id in (select customer_id from point_lots_new where not void) order by id for no key update;
  select expire_after_months into months from point_settings where id = 1;
  -- A revert of a redemption that drew lots gives those lots back instead of bringing in a new one.
  insert into point_lots (customer_id, ledger_id, points, remaining, earned_on, expires_on)
    select n.customer_id, n.id, n.points, n.points, n.entry_date, point_lots_expiry_of(n.entry_date, months)
    from point_lots_new n
    where not n.void and n.points > 0
      and not (n.point_type = 6 and n.reverses_id is not null
               and exists (select 1 from point_lot_draws d where d.ledger_id = n.reverses_id))
    order by n.id;
  -- The expiry run's rows (type 8, one per store and statement) take every lot of their store past
  -- its date, whole: set-based, as the run posts thousands at once. A row that does not equal its
  -- store's expired points goes through the draw below (which refuses it).
  with x as (
    select n.id, n.customer_id, -n.points as need, count(*) over (partition by n.customer_id) as k
    from point_lots_new n where not n.void and n.point_type = 8
  ),
  s as (
    select x.id, x.customer_id from x
    where x.k = 1 and x.need = (
      select coalesce(sum(p.remaining), 0) from point_lots p
      where p.customer_id = x.customer_id and p.remaining > 0 and p.expires_on < current_date and p.ledger_id < x.id)
  ),
  c as (
    select s.id as ledger_id, p.id as lot_id, p.remaining
    from s join point_lots p on p.customer_id = s.customer_id
    where p.remaining > 0 and p.expires_on < current_date and p.ledger_id < s.id
  ),
  u as (
    update point_lots p set remaining = p.remaining - c.remaining, updated_at = now() from c where p.id = c.lot_id
  ),
  i as (
    insert into point_lot_draws (ledger_id, lot_id, amount)
    select ledger_id, lot_id, remaining from c order by ledger_id, lot_id
  )
  select coalesce(array_agg(id), '{}') into expired from s;
  for r in
    select n.id, n.customer_id, n.point_type, n.points, n.reverses_id from point_lots_new n
    where not n.void and not (n.id = any(expired))
      and (n.points < 0
           or (n.point_type = 6 and n.reverses_id is not null
               and exists (select 1 from point_lot_draws d where d.ledger_id = n.reverses_id)))
    order by n.id
  loop
    if r.points > 0 then
      perform point_lots_give_back(r.reverses_id, r.id);
    else
      -- The expiry run takes lots past their date; every other debit spends lots still valid.
      perform point_lots_draw(r.id, r.customer_id, -r.points, r.point_type = 8, r.id);
    end if;
  end loop;
  return null;
end $$;--> statement-breakpoint

-- A row turning void: a debit gives its lots back; a credit takes its points out of its own lot
-- first, then out of the store's other lots (FEFO, any date: the balance allowed it).
CREATE OR REPLACE FUNCTION point_lots_upd() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  r record;
  own int;
  own_lot int;
begin
  if point_lots_off() then return null; end if;
  perform 1 from customers
    where id in (select n.customer_id from point_lots_new n join point_lots_old o on o.id = n.id where n.void and not o.void)
    order by id for no key update;
  for r in
    select n.id, n.customer_id, n.points from point_lots_new n join point_lots_old o on o.id = n.id
    where n.void and not o.void order by n.id
  loop
    if r.points < 0 then
      perform point_lots_give_back(r.id, r.id);
    else
      select l.id, least(l.remaining, r.points) into own_lot, own from point_lots l where l.ledger_id = r.id;
      own := coalesce(own, 0);
      if own > 0 then
        update point_lots set remaining = remaining - own, updated_at = now() where id = own_lot;
        insert into point_lot_draws (ledger_id, lot_id, amount) values (r.id, own_lot, own);
      end if;
      if r.points > own then
        perform point_lots_draw(r.id, r.customer_id, r.points - own, null, null);
      end if;
    end if;
  end loop;
  return null;
end $$;--> statement-breakpoint

CREATE TRIGGER "point_lots_ins_trg" AFTER INSERT ON "point_ledger" REFERENCING NEW TABLE AS point_lots_new
  FOR EACH STATEMENT EXECUTE FUNCTION point_lots_ins();--> statement-breakpoint
CREATE TRIGGER "point_lots_upd_trg" AFTER UPDATE ON "point_ledger" REFERENCING OLD TABLE AS point_lots_old NEW TABLE AS point_lots_new
  FOR EACH STATEMENT EXECUTE FUNCTION point_lots_upd();--> statement-breakpoint

-- Rebuilds every lot and draw from the ledger, set-based: the conversion of the histories written
-- before lots existed, and the seeds' loads. Each store's credits form consecutive intervals of its
-- points in drawing order (soonest expiry, oldest earned, ledger order) and its debits, in ledger
-- order, consecutive intervals of what they took: a debit draws from a lot exactly where the two
-- overlap, which is FEFO replayed in order whenever the balance never went below zero. Void rows
-- count for nothing, and a redemption with the revert that gave it back cancel out (neither draws).
-- p_customers: only these stores (null: all).
CREATE OR REPLACE FUNCTION point_lots_rebuild(p_customers int[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
declare
  months int;
begin
  select expire_after_months into months from point_settings where id = 1;
  if p_customers is null then
    delete from point_lot_draws;
    delete from point_lots;
  else
    delete from point_lot_draws where lot_id in (select id from point_lots where customer_id = any(p_customers));
    delete from point_lots where customer_id = any(p_customers);
  end if;
  with reverted as (
    select r.id as revert_id, r.reverses_id as debit_id
    from point_ledger r join point_ledger d on d.id = r.reverses_id
    where r.point_type = 6 and not r.void and not d.void and d.points < 0
      and (p_customers is null or r.customer_id = any(p_customers))
  ),
  live as (
    select l.id, l.customer_id, l.points, l.entry_date from point_ledger l
    where not l.void
      and (p_customers is null or l.customer_id = any(p_customers))
      and l.id not in (select revert_id from reverted)
      and l.id not in (select debit_id from reverted)
  ),
  cr as (
    select id as ledger_id, customer_id, points, entry_date, point_lots_expiry_of(entry_date, months) as expires_on
    from live where points > 0
  ),
  crw as (
    select cr.*, sum(points) over w - points as lo, sum(points) over w as hi
    from cr window w as (partition by customer_id order by expires_on, entry_date, ledger_id)
  ),
  dbw as (
    select id as ledger_id, customer_id, sum(-points) over w + points as lo, sum(-points) over w as hi
    from live where points < 0 window w as (partition by customer_id order by id)
  ),
  alloc as (
    select d.ledger_id as debit_id, c.ledger_id as credit_id, (least(c.hi, d.hi) - greatest(c.lo, d.lo))::int as amount
    from dbw d join crw c on c.customer_id = d.customer_id and c.lo < d.hi and d.lo < c.hi
  ),
  drawn as (select credit_id, sum(amount)::int as amount from alloc group by credit_id),
  lots as (
    insert into point_lots (customer_id, ledger_id, points, remaining, earned_on, expires_on)
    select c.customer_id, c.ledger_id, c.points, c.points - coalesce(d.amount, 0), c.entry_date, c.expires_on
    from crw c left join drawn d on d.credit_id = c.ledger_id
    order by c.ledger_id
    returning id, ledger_id
  )
  insert into point_lot_draws (ledger_id, lot_id, amount)
  select a.debit_id, l.id, a.amount from alloc a join lots l on l.ledger_id = a.credit_id
  order by a.debit_id, l.id;
end $$;--> statement-breakpoint

SELECT point_lots_rebuild();
