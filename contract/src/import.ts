// How a bulk import is declared (CONTRACT.md section 7). One declaration per import gives the
// server its route, validation, permission check and OpenAPI entry (server/src/resources/imports.ts)
// and gives the web app's import dialog its path, columns and template (web/src/components/import/).
//
// The rules every import follows
// - The body is JSON: the rows under `rows` (or the key an import names, e.g. the ERP feed's
//   `documents`), 1 to `maxRows` of them (never more than 100,000), plus the import's shared params
//   (fields that apply to every row, e.g. the points and the reason of an injection) and an optional
//   `dry_run: true`.
// - All or nothing. Every row is checked first: against the row schema, for duplicates inside the
//   request (by the natural key), then against the database (unknown codes, rows outside the caller's
//   branches). Any problem answers 400 with one `err_msg` entry per problem, every bad row at once:
//   `row N: field: message` or `row N: message`, where N is the 1-based position in the rows array.
//   In a spreadsheet with a header line, data row N is line N + 1. Rows outside the caller's branches
//   answer 403, each one named. Nothing is written when anything is wrong.
// - A good request is written in ONE transaction, idempotent on the natural key: a new key is
//   inserted, a known one updated when anything differs, left untouched when sent again unchanged.
//   The answer counts them: `{inserted, updated, unchanged}` (an import may add fields).
// - `dry_run: true` runs every check and the write, answers the same counts, and rolls back.
import { z } from 'zod';
import type { Action, PermissionArea } from './common';

/** No import takes more rows than this in one request. */
export const IMPORT_MAX_ROWS = 100_000;
/** At most this many messages in one error answer; the rest are counted in a last message. */
export const IMPORT_MAX_MESSAGES = 500;

export const ImportResult = z.object({
  /** Rows whose natural key was new. */
  inserted: z.number().int(),
  /** Known rows that differed and were written. */
  updated: z.number().int(),
  /** Known rows sent again unchanged (nothing written). */
  unchanged: z.number().int(),
  /** Present (true) when the request was a dry run: the counts are what it would have done. */
  dry_run: z.literal(true).optional(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** The columns of an import's template file, and an example row (values as a user would type them). */
export type ImportTemplate = {
  /** Header names, in file order; the web dialog maps a file's columns to these by name. */
  columns: readonly string[];
  /** Columns a row must fill (the rest may be left empty). */
  required: readonly string[];
  example: Readonly<Record<string, string | number>>;
  /** Columns sent as numbers (a CSV cell is text; everything else is sent as text). */
  numbers?: readonly string[];
  /** Other header names a file may use for a column (matched like the column's own name). */
  aliases?: Readonly<Record<string, readonly string[]>>;
};

export type ImportContract<
  Row extends z.ZodType = z.ZodType,
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Result extends z.ZodObject = z.ZodObject,
> = {
  /** Audit entity and OpenAPI operation name, e.g. `point_inject`. */
  name: string;
  path: string;
  area: PermissionArea;
  action: Action;
  /** One row of the file. */
  row: Row;
  /** Fields that apply to every row (sent beside the rows). */
  params: Params;
  /** Row fields naming a row (idempotency and duplicates inside a request). */
  key: readonly string[];
  maxRows: number;
  /** Body key holding the rows. */
  rowsKey: string;
  /** The answer's `data`. */
  result: Result;
  /** HTTP status of a successful answer. */
  status: 200 | 201;
  /** False for imports that are not idempotent by nature (a points injection credits again). */
  idempotent: boolean;
  summary: string;
  /** Import-specific notes, added to the rules in the OpenAPI description. */
  notes: string;
  /** For imports offered as a file upload on the web. */
  template?: ImportTemplate;
};

export function defineImport<
  Row extends z.ZodType,
  Params extends z.ZodObject | undefined = undefined,
  Result extends z.ZodObject = typeof ImportResult,
>(c: {
  name: string;
  path: string;
  area: PermissionArea;
  action?: Action;
  row: Row;
  params?: Params;
  key: readonly (keyof z.input<Row> & string)[];
  maxRows: number;
  rowsKey?: string;
  result?: Result;
  status?: 200 | 201;
  idempotent?: boolean;
  summary: string;
  notes?: string;
  template?: ImportTemplate;
}): ImportContract<Row, Params, Result> {
  if (c.maxRows < 1 || c.maxRows > IMPORT_MAX_ROWS) {
    throw new Error(`import ${c.name}: maxRows must be 1..${IMPORT_MAX_ROWS}`);
  }
  return {
    name: c.name,
    path: c.path,
    area: c.area,
    action: c.action ?? 'create',
    row: c.row,
    params: c.params as Params,
    key: c.key,
    maxRows: c.maxRows,
    rowsKey: c.rowsKey ?? 'rows',
    result: (c.result ?? ImportResult) as Result,
    status: c.status ?? 200,
    idempotent: c.idempotent ?? true,
    summary: c.summary,
    notes: c.notes ?? '',
    template: c.template,
  };
}

const plural = (key: string) => key.replace(/_/g, ' ');

/**
 * The envelope of a request as the server checks it before looking at any row: the rows as an array
 * of anything (each row is checked on its own afterwards, so every bad row is reported), bounded;
 * the params; dry_run. `extra` adds fields (e.g. the keys of an older body form).
 */
export function importEnvelope(c: ImportContract, extra: z.ZodRawShape = {}, rowsOptional = false) {
  const rows = z
    .array(z.unknown(), { error: `must be a list of ${plural(c.rowsKey)}` })
    .min(1, { error: `must hold at least one ${c.rowsKey === 'rows' ? 'row' : 'item'}` })
    .max(c.maxRows, { error: `may hold at most ${c.maxRows} ${plural(c.rowsKey)}` });
  return z.object({
    [c.rowsKey]: rowsOptional ? rows.optional() : rows,
    ...(c.params?.shape ?? {}),
    ...extra,
    dry_run: DryRun,
  });
}

/** The request body as documented (and as typed by the web client): the rows with their schema. */
export function importBody<C extends ImportContract>(c: C, extra: z.ZodRawShape = {}, rowsOptional = false) {
  const rows = z.array(c.row).min(1).max(c.maxRows);
  return z.object({
    [c.rowsKey]: rowsOptional ? rows.optional() : rows,
    ...(c.params?.shape ?? {}),
    ...extra,
    dry_run: DryRun,
  });
}

/** `true`: check everything, answer the counts, write nothing. */
export const DryRun = z.boolean({ error: 'must be true or false' }).optional();

/** The rules of every import, for OpenAPI descriptions and docs. */
export function importRules(c: ImportContract): string {
  const key = c.key.join(' + ');
  return [
    `JSON \`{"${c.rowsKey}": [...]}\`${c.params ? ' with the shared fields beside it' : ''}, 1 to ${c.maxRows} ${plural(c.rowsKey)}.`,
    'All or nothing: every row is checked first (its fields, duplicates inside the request, then the database); ' +
      `any problem answers 400 with one err_msg entry per problem (\`row 7: field: message\`; N is the 1-based position in \`${c.rowsKey}\`, ` +
      'line N+1 of a spreadsheet with a header line) and nothing is written. Rows outside your branches answer 403, each named.',
    c.idempotent
      ? `Idempotent on ${key}: new keys are inserted, known ones updated when anything differs and left untouched when sent again unchanged; the answer counts inserted / updated / unchanged.`
      : `Duplicates of ${key} inside one request are refused, but this import is NOT idempotent: sending the same request twice applies it twice.`,
    '`dry_run: true` runs every check and answers the counts without writing anything.',
    c.notes,
  ]
    .filter(Boolean)
    .join(' ');
}
