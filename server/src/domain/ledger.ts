// The points ledger as a shared domain service (CONTRACT.md section 8). Every area that moves points
// (the earning engine, staff movements, injections, coupon redemptions and their reverts, vouchers,
// the lottery) calls these functions inside its own transaction; none writes `point_ledger` or
// `customers.point_balance` itself.
//
// The guarantees, for every caller and under any number of concurrent requests:
// - A balance never goes below zero. Balances move by ONE conditional `update ... where balance +
//   delta >= 0` per statement: the row lock it takes serialises concurrent movers, and PostgreSQL
//   re-checks the condition against the latest committed balance, so "debit if enough" needs no
//   read-then-write. A refused movement answers 409 and the caller's transaction rolls back.
// - The ledger is append-only: a correction voids the old row and appends its replacement, a revert
//   appends a compensating row (`reverses_id`), nothing is deleted; `balance_after` records the
//   balance right after each row.
// - Set-based posting (`postMovements`) is all-or-nothing and applies each customer's movements in
//   the order given, every intermediate balance at zero or more, exactly as if they were posted one
//   by one, but in one statement whatever their number.
// - Points come in lots (point_lots): every credit brings one in, every debit draws them soonest
//   expiry first, then oldest earned, lots without expiry last; a revert gives back the same lots.
//   Triggers on point_ledger keep them in the writing statement (migration 0018), so no function
//   here writes them; a debit that the store's still-valid lots cannot cover answers 409 too.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../db/client';
import { sqlState } from '../db/retry';
import { ApiError, conflict, fromPgError, type Problem, problem } from '../http/errors';

export type Movement = {
  customerId: number;
  pointType: number;
  /** Signed: credits positive, debits negative (the table's sign rule per type applies). */
  points: number;
  source: string;
  reason: string;
  reference?: string;
  invoiceDocumentNo?: string | null;
  /** The row this movement compensates or replaces. */
  reversesId?: number | null;
  createdBy?: number | null;
  /** `YYYY-MM-DD`; default today (the database's current_date). */
  entryDate?: string | null;
};

export type Posted = { id: number; customer_id: number; balance_after: number };

export type LedgerEntry = {
  id: number;
  customer_id: number;
  point_type: number;
  points: number;
  source: string;
  reason: string;
  reference: string;
  entry_date: string;
  void: boolean;
  invoice_document_no: string | null;
  reverses_id: number | null;
};

/** `{1,2,3}`: an int[] literal, the same on PGlite and pg. */
export const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** A customer whose balance would go below zero: `low` is the lowest point its movements reach from 0. */
export type Refused = {
  customer_id: number;
  customer_code: string | null;
  point_balance: number | null;
  low: number;
};

export type PostOptions = {
  /** The 409 message for one refused customer, given that customer's movements (default: names the customer). */
  refusedMessage?(refused: Refused, movements: Movement[]): Problem;
};

function refusal(refused: Refused[], movements: readonly Movement[], opts?: PostOptions): ApiError {
  const missing = refused.filter((r) => r.customer_code === null);
  if (missing.length > 0) {
    return new ApiError(
      'NOT_FOUND',
      missing.map((r) => problem('not_found', { thing: 'customer', id: r.customer_id })),
    );
  }
  return conflict(
    refused.map((r) =>
      opts?.refusedMessage
        ? opts.refusedMessage(
            r,
            movements.filter((m) => m.customerId === r.customer_id),
          )
        : // The movement's points field is what a form fixes; the sentence names the customer itself.
          problem(
            'insufficient_points',
            { customer: String(r.customer_code), balance: String(r.point_balance), takes: -r.low },
            { field: 'points', named: true },
          ),
    ),
  );
}

/**
 * Posts movements in one statement, all or nothing, in the caller's transaction. Ids are taken from
 * the ledger's sequence first, so the answer lists the new rows in the order given. Throws 409
 * (naming each customer whose balance would go below zero at any step) or 404 (unknown customer);
 * the caller's transaction must then roll back, which throwing out of `db.transaction` does.
 */
export async function postMovements(
  tx: Tx,
  movements: readonly Movement[],
  opts?: PostOptions,
): Promise<Posted[]> {
  if (movements.length === 0) return [];
  const ids = (
    await rows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('point_ledger', 'id'))::int as id
          from generate_series(1, ${movements.length}::int)`,
    )
  )
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  const input = movements.map((m, ord) => ({
    ord,
    id: ids[ord],
    customer_id: m.customerId,
    point_type: m.pointType,
    points: m.points,
    source: m.source,
    reason: m.reason,
    reference: m.reference ?? '',
    invoice_document_no: m.invoiceDocumentNo ?? null,
    reverses_id: m.reversesId ?? null,
    created_by: m.createdBy ?? null,
    entry_date: m.entryDate ?? null,
  }));
  const [r] = await lotsAnswer(
    rows<{ posted: Posted[] | null; refused: Refused[] | null }>(
      tx,
      sql`with inp as (
          select * from json_to_recordset(${JSON.stringify(input)}::json) as m(
            ord int, id int, customer_id int, point_type smallint, points int, source text, reason text,
            reference text, invoice_document_no text, reverses_id int, created_by int, entry_date date)
        ),
        pre as (
          select ord, customer_id,
                 sum(points) over (partition by customer_id order by ord)::int as prefix
          from inp
        ),
        deltas as (
          select customer_id, (array_agg(prefix order by ord desc))[1] as d, least(0, min(prefix))::int as low
          from pre group by customer_id
        ),
        -- The customers are locked in id order before any balance moves: two posts naming the same
        -- customers never wait for each other in opposite orders (the lots' triggers lock the same way).
        lk as materialized (
          select id from customers where id in (select customer_id from deltas) order by id for no key update
        ),
        upd as (
          update customers c set point_balance = c.point_balance + deltas.d
          from deltas join lk on lk.id = deltas.customer_id
          where c.id = deltas.customer_id and c.point_balance + deltas.low >= 0
          returning c.id, (c.point_balance - deltas.d)::int as start
        ),
        ins as (
          insert into point_ledger (id, customer_id, point_type, points, invoice_document_no, reference, reason,
                                    source, reverses_id, created_by, entry_date, balance_after)
          select inp.id, inp.customer_id, inp.point_type, inp.points, inp.invoice_document_no, inp.reference,
                 inp.reason, inp.source, inp.reverses_id, inp.created_by, coalesce(inp.entry_date, current_date),
                 upd.start + pre.prefix
          from inp
          join pre on pre.ord = inp.ord
          join upd on upd.id = inp.customer_id
          order by inp.ord
          returning id, customer_id, balance_after
        )
        select
          (select json_agg(json_build_object('id', id, 'customer_id', customer_id, 'balance_after', balance_after)
                           order by id) from ins) as posted,
          (select json_agg(json_build_object('customer_id', d.customer_id, 'customer_code', c.customer_code,
                                             'point_balance', c.point_balance, 'low', d.low)
                           order by d.customer_id)
             from deltas d left join customers c on c.id = d.customer_id
            where d.customer_id not in (select id from upd)) as refused`,
    ),
  );
  const refused = typeof r.refused === 'string' ? (JSON.parse(r.refused) as Refused[]) : r.refused;
  if (refused && refused.length > 0) throw refusal(refused, movements, opts);
  const posted = typeof r.posted === 'string' ? (JSON.parse(r.posted) as Posted[]) : (r.posted ?? []);
  return posted;
}

/**
 * A statement that moves lots (the triggers of migration 0018): a debit its store's lots cannot
 * cover (SQLSTATE LOT01) becomes the 409 naming the shortfall, for callers that read ApiErrors.
 */
async function lotsAnswer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (sqlState(err) === 'LOT01') throw fromPgError(err) ?? err;
    throw err;
  }
}

/** One movement; see postMovements. */
export async function postMovement(tx: Tx, m: Movement): Promise<{ id: number; balance_after: number }> {
  const [p] = await postMovements(tx, [m]);
  return { id: p.id, balance_after: p.balance_after };
}

/**
 * Moves a cached balance by `delta` if, and only if, it stays at zero or more: one conditional
 * statement. Throws 409 (or 404 for an unknown customer) when refused.
 */
async function moveBalance(tx: Tx, customerId: number, delta: number): Promise<number> {
  const [r] = await rows<{ point_balance: number }>(
    tx,
    sql`update customers set point_balance = point_balance + ${delta}::int
        where id = ${customerId} and point_balance + ${delta}::int >= 0
        returning point_balance`,
  );
  if (r) return r.point_balance;
  const [c] = await rows<{ customer_code: string; point_balance: number }>(
    tx,
    sql`select customer_code, point_balance from customers where id = ${customerId}`,
  );
  throw refusal(
    [
      {
        customer_id: customerId,
        customer_code: c?.customer_code ?? null,
        point_balance: c?.point_balance ?? null,
        low: delta,
      },
    ],
    [],
  );
}

/** Reads a ledger row and locks it until the transaction ends (corrections, voids, reverts). */
export async function lockEntry(tx: Tx, id: number): Promise<LedgerEntry | undefined> {
  const [row] = await rows<LedgerEntry>(
    tx,
    sql`select id, customer_id, point_type, points, source, reason, reference, entry_date::text as entry_date,
               void, invoice_document_no, reverses_id
        from point_ledger where id = ${id} for update`,
  );
  return row;
}

async function markVoid(tx: Tx, id: number, by: number | null): Promise<void> {
  await rows(
    tx,
    sql`update point_ledger set void = true, voided_at = now(), voided_by = ${by}, updated_at = now()
        where id = ${id}`,
  );
}

/** Voids a (locked, live) row: it stays in the ledger and its points leave the balance (409 if that goes below zero). */
export async function voidEntry(
  tx: Tx,
  entry: LedgerEntry,
  by: number | null,
): Promise<{ balance_after: number }> {
  if (entry.void) throw conflict(problem('already_void', { id: entry.id }));
  const balance = await moveBalance(tx, entry.customer_id, -entry.points);
  await lotsAnswer(markVoid(tx, entry.id, by));
  return { balance_after: balance };
}

export type Replacement = {
  point_type: number;
  points: number;
  source: string;
  reason: string;
  reference: string;
  entry_date: string;
};

/**
 * Corrects a (locked, live) row: voids it and appends the replacement (`reverses_id` -> the old row);
 * the balance moves by the difference only.
 */
export async function correctEntry(
  tx: Tx,
  entry: LedgerEntry,
  next: Replacement,
  by: number | null,
): Promise<{ id: number; balance_after: number }> {
  if (entry.void) throw conflict(problem('already_void', { id: entry.id }));
  const balance = await moveBalance(tx, entry.customer_id, next.points - entry.points);
  const append = async () => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into point_ledger
            (customer_id, point_type, points, reference, reason, source, reverses_id, created_by, entry_date, balance_after)
          values (${entry.customer_id}, ${next.point_type}, ${next.points}, ${next.reference}, ${next.reason},
            ${next.source}, ${entry.id}, ${by}, ${next.entry_date}::date, ${balance})
          returning id`,
    );
    return row;
  };
  // The lots move in two steps (the void, the replacement); the one that adds to them goes first, so
  // no step asks the lots for more than they hold: a credit corrected downwards after some of it was
  // spent takes its points back only once the replacement lot is there.
  let row: { id: number };
  if (next.points > 0) {
    row = await lotsAnswer(append());
    await lotsAnswer(markVoid(tx, entry.id, by));
  } else {
    await lotsAnswer(markVoid(tx, entry.id, by));
    row = await lotsAnswer(append());
  }
  return { id: row.id, balance_after: balance };
}

/**
 * Appends the compensating row of a (locked, live) movement: the same points with the opposite sign,
 * `reverses_id` -> the movement (a coupon redemption's revert is type 6). A movement is reverted at
 * most once: a second revert answers 409, also when both arrive at once (the row lock orders them and
 * the second sees the first's row).
 */
export async function reverseEntry(
  tx: Tx,
  entry: LedgerEntry,
  m: Omit<Movement, 'customerId' | 'points' | 'reversesId'>,
): Promise<{ id: number; balance_after: number }> {
  if (entry.void) throw conflict(problem('nothing_to_revert', { id: entry.id }));
  const [already] = await rows<{ id: number }>(
    tx,
    sql`select id from point_ledger where reverses_id = ${entry.id} and not void limit 1`,
  );
  if (already) throw conflict(problem('already_reverted', { id: entry.id, by: already.id }));
  return postMovement(tx, {
    ...m,
    customerId: entry.customer_id,
    points: -entry.points,
    reversesId: entry.id,
  });
}
