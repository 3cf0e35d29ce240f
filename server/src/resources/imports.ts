// The import pipeline (CONTRACT.md section 7): every bulk import of the API runs through here, so
// each import declares only what is its own (contract/src/import.ts has the rules it follows):
//
//   registerImport(app, db, {
//     contract,                       // defineImport(...): path, permission, row schema, key, limits
//     resolve(tx, rows, ctx) {...},   // optional: check rows against the database, codes -> ids
//     write(tx, resolved, ctx) {...}, // the set-based write; answers the counts (upsertRows helps)
//   });
//
// What the pipeline does with a request:
// 1. The route checks only the envelope of the body (the rows as an array of anything, 1..maxRows,
//    the shared params, dry_run), so one bad row never hides the others.
// 2. Each row is parsed with the contract's row schema (`row 7: customer_code: is required`), then
//    rows repeating a natural key inside the request are refused (`row 9: duplicate of row 3
//    (customer_code C001)`).
// 3. In ONE transaction: every reference field of the rows (contract: `ref`) naming a record of
//    another branch is a 403 naming the row (one query per kind, references.ts rowsOutsideScope);
//    `resolve` reports unknown codes (400) and anything else of its own for the rows that parsed. Any problem so far answers with every
//    message, sorted by row (at most IMPORT_MAX_MESSAGES, then "... and N more"), and nothing is
//    written. Otherwise `write`, the hooks (with the ids written), and one audit row with the counts;
//    a dry run does all of it and rolls back.
//
// Mind the embedded database: awaited PGlite calls never yield to the event loop, so writes are a
// few set-based statements over json_to_recordset whatever the number of rows (never a loop of
// small ones), and the row parsing loop yields every few thousand rows.
import {
  IMPORT_MAX_MESSAGES,
  type ImportContract,
  type ImportResult,
  importBody,
  importEnvelope,
  importRules,
} from '@lbo/contract/import';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, rows as selectRows, type Tx } from '../db/client';
import { retryOnConflict } from '../db/retry';
import { writeAudit } from '../http/audit';
import { ApiError, type Problem, phrase, problem, type Said, zodProblem } from '../http/errors';
import { assertReferences, rowsOutsideScope } from './references';

/** A row that passed its schema, with its 0-based position in the request. */
export type RowAt<Row> = { index: number; row: Row };

/** Names a row (and a field in it) in messages: `row 7`, `row 7: customer_code`. */
export type RowLabel = (index: number, path?: string) => string;

export const defaultRowLabel: RowLabel = (index, path) => `row ${index + 1}${path ? `: ${path}` : ''}`;

export type ImportContext<Params> = {
  req: FastifyRequest;
  params: Params;
  dryRun: boolean;
  /** The label of a row, as used in every message of this request. */
  at: RowLabel;
};

export type ResolveContext<Params> = ImportContext<Params> & {
  /**
   * A row that cannot be imported (400), `path` the field it concerns. `index` null: a problem of
   * the whole request.
   */
  fail(index: number | null, said: Said, path?: string): void;
  /** A row outside the caller's branches (403 when nothing else is wrong). */
  outside(index: number, said: Said): void;
};

/** Runs inside the import's transaction after the write, with the ids it wrote. */
export type ImportHook<Params = unknown> = (
  tx: Tx,
  ids: number[],
  ctx: ImportContext<Params>,
) => Promise<unknown>;

/** One parsed row of an import: the output of its contract's row schema. */
export type ImportRow<C extends ImportContract> = z.output<C['row']>;
type RowOf<C extends ImportContract> = ImportRow<C>;
type ParamsOf<C extends ImportContract> = C['params'] extends z.ZodObject ? z.output<C['params']> : undefined;
type ResultOf<C extends ImportContract> = z.output<C['result']>;

export type ImportDef<C extends ImportContract, Resolved = RowAt<RowOf<C>>[]> = {
  contract: C;
  /** Checks the parsed rows against the database; answers what `write` needs. */
  resolve?(tx: Tx, rows: RowAt<RowOf<C>>[], ctx: ResolveContext<ParamsOf<C>>): Promise<Resolved>;
  /** Writes everything; `ids` (optional) are handed to the hooks. */
  write(
    tx: Tx,
    resolved: Resolved,
    ctx: ImportContext<ParamsOf<C>>,
  ): Promise<{ result: ResultOf<C>; ids?: number[] }>;
  hooks?: ImportHook<ParamsOf<C>>[];
  /** Default `row N` (1-based). The ERP feed keeps its `documents[7]` form. */
  rowLabel?: RowLabel;
  /** The problem of a row repeating an earlier row's key (default `row 9: duplicate of row 3 (key value)`). */
  duplicateMessage?(index: number, first: number, row: RowOf<C>, at: RowLabel): Problem;
  /**
   * Reads the rows from a body of another form as well (e.g. an older API); `extraBody` documents
   * and admits its fields. Absent: the rows are `body[rowsKey]`.
   */
  bodyRows?(body: Record<string, unknown>): { rows: unknown[]; rowLabel?: RowLabel };
  extraBody?: z.ZodRawShape;
  /** Audit action (default `import`), entity (default the contract's name) and extra `after` fields. */
  audit?: {
    action?: string;
    entity?: string;
    after?(resolved: Resolved, result: ResultOf<C>, ctx: ImportContext<ParamsOf<C>>): Record<string, unknown>;
  };
  /** Per-route body limit (default: room for maxRows rows of about 600 bytes, at least 1 MiB). */
  bodyLimit?: number;
};

// biome-ignore lint/suspicious/noExplicitAny: a registry of imports of different row types
export type AnyImportDef = ImportDef<any, any>;

type Message = { index: number; problem: Problem };

/** A dry run ends by throwing this out of the transaction, which rolls it back. */
class DryRunRollback extends Error {
  constructor(readonly result: unknown) {
    super('dry run');
  }
}

/** ['lines', 0, 'qty'] -> `lines[0].qty`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

const valueAt = (row: unknown, path: readonly PropertyKey[]): unknown => {
  let cur = row;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
};

/** One problem per issue; a missing field says `is required` (zod's own text is technical). */
function issueProblems(row: unknown, error: z.ZodError): { path: string; problem: Problem }[] {
  return error.issues.map((issue) => {
    if (issue.code === 'invalid_type' && issue.path.length === 0) {
      return { path: '', problem: problem('object_of_fields') };
    }
    const missing = issue.code === 'invalid_type' && valueAt(row, issue.path) === undefined;
    return {
      path: formatPath(issue.path),
      problem: missing
        ? problem('required')
        : zodProblem('', issue.code, issue.message, { ...issue, input: valueAt(row, issue.path) } as never),
    };
  });
}

/** A problem placed on its row: the row's number and label (with the field) go before its text. */
export const onRow = (said: Said, index: number, at: RowLabel, path?: string): Problem => {
  const p = typeof said === 'string' ? phrase(said) : said;
  // `path` is a place in the row named before the text; a field the sentence names itself is not.
  const field = path ?? p.field;
  const shown = path ?? (p.named ? undefined : p.field);
  return { ...p, ...(field ? { field } : {}), row: index + 1, at: at(index, shown) };
};

const keyText = (row: Record<string, unknown>, key: readonly string[]) =>
  key
    .filter((k) => row[k] !== undefined && row[k] !== null)
    .map((k) => `${k} ${String(row[k])}`)
    .join(', ');

function capped(messages: Message[]): Problem[] {
  const sorted = messages
    .map((m, order) => ({ ...m, order }))
    .sort((a, b) => a.index - b.index || a.order - b.order)
    .map((m) => m.problem);
  if (sorted.length <= IMPORT_MAX_MESSAGES) return sorted;
  return [
    ...sorted.slice(0, IMPORT_MAX_MESSAGES),
    problem('more', { count: sorted.length - IMPORT_MAX_MESSAGES }),
  ];
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

export type ImportInput<Params> = {
  rows: readonly unknown[];
  params: Params;
  dryRun?: boolean;
  rowLabel?: RowLabel;
};

/**
 * Runs an import: steps 2 and 3 of the header. Routes call it through registerImport; services and
 * tests may call it directly with rows they hold. Throws ApiError (400/403/409) when refused.
 */
export async function runImport<C extends ImportContract, Resolved>(
  db: Db,
  req: FastifyRequest,
  def: ImportDef<C, Resolved>,
  input: ImportInput<ParamsOf<C>>,
): Promise<ResultOf<C>> {
  const c = def.contract;
  const at = input.rowLabel ?? def.rowLabel ?? defaultRowLabel;
  const dryRun = input.dryRun === true;
  const problems: Message[] = [];
  const good: RowAt<RowOf<C>>[] = [];
  const seen = new Map<string, number>();

  for (let index = 0; index < input.rows.length; index++) {
    if (index > 0 && index % 2000 === 0) await yieldToLoop();
    const raw = input.rows[index];
    const parsed = c.row.safeParse(raw);
    if (!parsed.success) {
      for (const m of issueProblems(raw, parsed.error)) {
        problems.push({ index, problem: onRow(m.problem, index, at, m.path || undefined) });
      }
      continue;
    }
    const row = parsed.data as RowOf<C>;
    const values = row as Record<string, unknown>;
    const text = keyText(values, c.key);
    if (text) {
      const id = JSON.stringify(c.key.map((k) => values[k] ?? null));
      const first = seen.get(id);
      if (first !== undefined) {
        problems.push({
          index,
          problem: def.duplicateMessage
            ? def.duplicateMessage(index, first, row, at)
            : onRow(problem('duplicate_row', { first: at(first), key: text }), index, at),
        });
        continue;
      }
      seen.set(id, index);
    }
    good.push({ index, row });
  }

  const outside: Message[] = [];
  const base: ImportContext<ParamsOf<C>> = { req, params: input.params, dryRun, at };
  const resolveCtx: ResolveContext<ParamsOf<C>> = {
    ...base,
    fail: (index, said, path) =>
      problems.push({
        index: index ?? -1,
        problem:
          index === null ? (typeof said === 'string' ? phrase(said) : said) : onRow(said, index, at, path),
      }),
    outside: (index, said) => outside.push({ index, problem: onRow(said, index, at) }),
  };

  try {
    // A deadlock or serialization failure between concurrent imports is retried before it is a 409.
    return await retryOnConflict(
      () =>
        db.transaction(async (tx) => {
          // The rows' reference fields (contract: ref) are the machinery's to check against the
          // caller's branches, as every body's are: a resolve looks codes up, it does not scope them.
          if (c.params && input.params)
            await assertReferences(tx, req, c.params, input.params, { unknown: 'leave' });
          for (const m of await rowsOutsideScope(tx, req, c.row, good))
            outside.push({ index: m.index, problem: onRow(m.problem, m.index, at) });
          const resolved =
            def.resolve && good.length > 0
              ? await def.resolve(tx, good, resolveCtx)
              : (good as unknown as Resolved);
          if (problems.length > 0) throw new ApiError('VALIDATION_ERROR', capped(problems));
          if (outside.length > 0) throw new ApiError('FORBIDDEN', capped(outside));
          const { result, ids } = await def.write(tx, resolved, base);
          if (ids && ids.length > 0) for (const hook of def.hooks ?? []) await hook(tx, ids, base);
          if (dryRun) throw new DryRunRollback({ ...result, dry_run: true });
          await writeAudit(tx, req, {
            action: def.audit?.action ?? 'import',
            entity: def.audit?.entity ?? c.name,
            entityId: null,
            after: {
              [c.rowsKey]: input.rows.length,
              ...(result as ImportResult),
              ...def.audit?.after?.(resolved, result, base),
            },
          });
          return result;
        }),
      {
        onRetry: (attempt, code) =>
          req.log.warn({ code, attempt }, `import ${c.name}: retrying after ${code}`),
      },
    );
  } catch (err) {
    if (err instanceof DryRunRollback) return err.result as ResultOf<C>;
    throw err;
  }
}

/** The contracts of the registered imports by path: the scope walk puts other branches' records in their rows. */
export const importContracts = new Map<string, ImportContract>();

/**
 * Registers an import's route: auth and the role check (the contract's area/action), the envelope
 * check, a body limit sized for its rows, the OpenAPI entry (rows documented with their schema, the
 * rules in the description), and runImport.
 */
export function registerImport<C extends ImportContract, Resolved>(
  app: FastifyInstance,
  db: Db,
  def: ImportDef<C, Resolved>,
): void {
  const c = def.contract;
  importContracts.set(c.path, c);
  const envelope = importEnvelope(c, def.extraBody, !!def.bodyRows);
  const documented = importBody(c, def.extraBody, !!def.bodyRows);
  const paramKeys = Object.keys(c.params?.shape ?? {});
  app.withTypeProvider<ZodTypeProvider>().post(
    c.path,
    {
      bodyLimit: def.bodyLimit ?? Math.max(1024 * 1024, c.maxRows * 600),
      // runImport checks every row's references against the caller's branches, naming each row.
      config: { area: c.area, action: c.action, scope: 'branch' },
      // The OpenAPI document shows the rows with their schema; the route itself checks only the
      // envelope, so that every bad row is reported by runImport rather than the first few.
      validatorCompiler: (route) =>
        validatorCompiler({
          ...route,
          schema: route.httpPart === 'body' ? envelope : (route.schema as unknown as z.ZodType),
        }),
      schema: {
        tags: [c.area],
        summary: c.summary,
        description: importRules(c),
        body: documented,
        response: { [c.status]: z.object({ data: c.result }) },
      },
    },
    async (req, reply) => {
      const body = req.body as Record<string, unknown>;
      const from = def.bodyRows ? def.bodyRows(body) : { rows: body[c.rowsKey] as unknown[] };
      const params = c.params
        ? Object.fromEntries(paramKeys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]))
        : undefined;
      const result = await runImport(db, req, def, {
        rows: from.rows,
        params: params as ParamsOf<C>,
        dryRun: body.dry_run === true,
        rowLabel: from.rowLabel,
      });
      return reply.code(c.status).send({ data: result });
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Set-based upsert for writes

export type Column = { name: string; type: string };

const IDENT = /^[a-z_][a-z0-9_]*$/;
/** A table or column name written by the code (never a client's), quoted. */
export const ident = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return sql.raw(`"${name}"`);
};
export const list = (parts: SQL[]) => sql.join(parts, sql`, `);
/** The column definition list of `json_to_recordset(...) as d(<this>)`. */
export const recordType = (cols: readonly Column[]) =>
  sql.join(
    cols.map((c) => sql`${ident(c.name)} ${sql.raw(c.type)}`),
    sql`, `,
  );

export type UpsertOptions = {
  table: string;
  /** The natural key: a unique index over these columns must exist (ON CONFLICT needs it). */
  key: Column[];
  /** The other columns written; a known row is updated only when one of them differs. */
  columns: Column[];
  rows: readonly Record<string, unknown>[];
  /** Columns set to now() when a row is updated (e.g. updated_at). */
  touch?: string[];
  /** Also update a known row when this holds (it may name the target table), e.g. its children changed. */
  alsoWhen?: SQL;
  /** Columns to answer for every row written (inserted or updated). */
  returning?: string[];
  /**
   * A column's value when a known row is updated, from the stored row (`stored`, its columns
   * qualified by the table) and the one sent (`sent`, `excluded`); by default the value sent. A row
   * whose merged values equal the stored ones is left untouched, as one sent unchanged.
   */
  merge?: Record<string, (stored: (column: string) => SQL, sent: (column: string) => SQL) => SQL>;
};

export type UpsertResult<R> = {
  inserted: number;
  updated: number;
  unchanged: number;
  /** The written rows with `inserted` (false: updated). */
  written: (R & { inserted: boolean })[];
};

/**
 * Inserts new keys, updates known keys whose columns differ, leaves the rest untouched: ONE
 * statement over json_to_recordset. Rows are taken in key order, so concurrent imports lock rows in
 * the same order (no deadlock); a row sent again unchanged gets no new row version.
 * `xmax = 0` tells an inserted row from an updated one. The rows must not repeat a key.
 */
export async function upsertRows<R = Record<string, unknown>>(
  tx: Tx,
  o: UpsertOptions,
): Promise<UpsertResult<R>> {
  if (o.rows.length === 0) return { inserted: 0, updated: 0, unchanged: 0, written: [] };
  const T = ident(o.table);
  const all = [...o.key, ...o.columns];
  const record = recordType(all);
  const keyCols = o.key.map((c) => ident(c.name));
  const cols = o.columns.map((c) => ident(c.name));
  const allCols = all.map((c) => ident(c.name));
  const returning = (o.returning ?? []).map(ident);
  const json = JSON.stringify(
    o.rows.map((r) => Object.fromEntries(all.map((c) => [c.name, r[c.name] ?? null]))),
  );
  const stored = (c: string) => sql`${T}.${ident(c)}`;
  const sent = (c: string) => sql`excluded.${ident(c)}`;
  const newValue = o.columns.map((c) => o.merge?.[c.name]?.(stored, sent) ?? sent(c.name));
  const onConflict =
    cols.length === 0
      ? sql`do nothing`
      : sql`do update set ${list([
          ...cols.map((c, i) => sql`${c} = ${newValue[i]}`),
          ...(o.touch ?? []).map((t) => sql`${ident(t)} = now()`),
        ])}
          where (${list(o.columns.map((c) => stored(c.name)))}) is distinct from (${list(newValue)})
          ${o.alsoWhen ? sql`or ${o.alsoWhen}` : sql``}`;
  const written = await selectRows<R & { inserted: boolean }>(
    tx,
    sql`insert into ${T} (${list(allCols)})
        select ${list(allCols.map((c) => sql`d.${c}`))}
        from json_to_recordset(${json}::json) as d(${record})
        order by ${list(keyCols.map((c) => sql`d.${c}`))}
        on conflict (${list(keyCols)}) ${onConflict}
        returning ${list([...returning, sql`(xmax = 0) as inserted`])}`,
  );
  const inserted = written.filter((w) => w.inserted).length;
  return {
    inserted,
    updated: written.length - inserted,
    unchanged: o.rows.length - written.length,
    written,
  };
}
