// Export of any resource list in full, with the list's filters and search, streamed as it is read:
// `GET /export/<resource>?format=csv|xlsx&<filters>&columns=a,b&labels=A|B`. Rows are read in
// batches of EXPORT_BATCH by id (keyset, so the millionth row costs what the first does) and written
// to the answer as they come; memory stays flat whatever the size. The same permission and branch
// scope as the list apply. `X-Total-Count` announces the rows to come, so a client can show progress.
//
// The file holds what the list shows, not raw values: the headers the client passes (its labels, in
// the user's language), the record's name where a column holds another record's id and the list
// has that name (`branch_id` → `branch_name`), dates as dates (Jakarta time; real dates in XLSX),
// yes/no and active/inactive as words in the request's language (Accept-Language), and for some
// lists their own wording of a column (the customer log's changes, with names instead of ids).
import { PassThrough, Readable } from 'node:stream';
import { ListQuery, type PermissionArea, qString } from '@lbo/contract/common';
import { CSV_BOM, CSV_CONTENT_TYPE, type CsvType, csvLine } from '@lbo/contract/csv';
import { and, asc, Column, gt, is, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { badRequest, problem } from '../http/errors';
import { type Lang, requestLang } from '../http/messages';
import { type AnyResourceDef, withFilterPeriod } from './define';
import { baseQuery, conditions, selectColumns } from './records';

export const EXPORT_BATCH = 2000;

const ExportQuery = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  search: qString(),
  /** Output keys of the list to export, in order (default: every column of the list). */
  columns: qString(),
  /** Header per column, `|`-separated, in the client's language (default: the keys). */
  labels: qString(),
  /** `skip`: leave out columns the list does not have (a screen's computed column) instead of a 400. */
  unknown: z.enum(['error', 'skip']).default('error'),
  /**
   * How the screen shows each column, `,`-separated in the order of `columns` (the web app's column
   * kinds: `active`, `boolean`, `date`, `datetime`, `number`, `money`, anything else is text; empty:
   * guessed from the value).
   */
  kinds: qString(),
});

/** Columns whose yes/no the screens show as active/inactive. */
const ACTIVE_KEYS = new Set(['active', 'is_active', 'status_active']);

const WORDS: Record<Lang, Record<'yes' | 'no' | 'active' | 'inactive', string>> = {
  en: { yes: 'Yes', no: 'No', active: 'Active', inactive: 'Inactive' },
  id: { yes: 'Ya', no: 'Tidak', active: 'Aktif', inactive: 'Nonaktif' },
};

/**
 * How a list words some columns its own way (the screen's render), per batch of rows: the customer
 * log's changes, a point type's name, a customer's flags.
 */
export type ExportRowFormat = {
  /** Columns the screen computes (no database column): the format writes them. */
  adds?: readonly string[];
  /** List columns the format reads, selected even when the file leaves them out. */
  reads?: readonly string[];
  rows(db: Db, rows: Record<string, unknown>[], lang: Lang): Promise<Record<string, unknown>[]>;
};

const ROW_FORMATS = new Map<string, ExportRowFormat>();

/** modules/index.ts registers each area's format here, so this shared machinery never imports an area. */
export function registerExportRowFormat(name: string, format: ExportRowFormat): void {
  ROW_FORMATS.set(name, format);
}

/** The business day's clock (Asia/Jakarta, UTC+7 all year): a timestamp as the screens show it. */
const JAKARTA_MS = 7 * 3600_000;

type Cell = string | number | boolean | Date | null;

/** A cell as the list shows it: for CSV text and numbers, for XLSX also real dates. */
export function exportCell(
  v: unknown,
  opts: { key: string; kind?: string; lang: Lang; xlsx: boolean },
): Cell {
  if (v === null || v === undefined) return null;
  const { kind, lang, xlsx } = opts;
  if (typeof v === 'boolean' || kind === 'boolean' || kind === 'active') {
    const on = v === true || v === 'true' || v === 1;
    if (kind === 'active' || (!kind && ACTIVE_KEYS.has(opts.key)))
      return WORDS[lang][on ? 'active' : 'inactive'];
    return WORDS[lang][on ? 'yes' : 'no'];
  }
  // Timestamps come as Date objects or ISO text (timestamptz columns read in string mode).
  const stamp = v instanceof Date || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v));
  if (stamp || kind === 'datetime') {
    const d = v instanceof Date ? v : new Date(String(v));
    if (Number.isNaN(d.getTime())) return String(v);
    // The Jakarta wall-clock time, written as if UTC (a spreadsheet date has no time zone).
    const wall = new Date(d.getTime() + JAKARTA_MS);
    if (kind === 'date')
      return xlsx ? new Date(wall.toISOString().slice(0, 10)) : wall.toISOString().slice(0, 10);
    return xlsx ? wall : wall.toISOString().slice(0, 16).replace('T', ' ');
  }
  if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
    return xlsx ? new Date(`${v}T00:00:00Z`) : v;
  if (
    (kind === 'number' || kind === 'money') &&
    typeof v === 'string' &&
    v.trim() !== '' &&
    Number.isFinite(Number(v))
  )
    return Number(v);
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (Array.isArray(v))
    return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  return JSON.stringify(v);
}

/** `customer_name` → `Customer name`: a header when the client sends no label. */
const humanize = (key: string) => {
  const s = key.replace(/_/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/**
 * A column's CSV type: a number when the screen says so or the database column holds numbers; text
 * otherwise (text cells are kept from reading as formulas, number cells stay numbers).
 */
function csvType(source: unknown, kind: string | undefined): CsvType {
  if (kind === 'number' || kind === 'money') return 'number';
  if (is(source, Column) && (source.dataType === 'number' || source.dataType === 'bigint')) return 'number';
  return 'text';
}

/** Every row the list would show for `where`, in batches by id. */
async function* batches(
  db: Db,
  def: AnyResourceDef,
  columns: Record<string, unknown>,
  where: SQL | undefined,
): AsyncGenerator<Record<string, unknown>[]> {
  // The key as the database returned it (an integer, or a uuid for the job queue's jobs); the first
  // batch has no lower bound, so no key type needs a "before everything" value.
  let last: unknown;
  for (;;) {
    const rows = (await baseQuery(db, def, { ...columns, __export_id: def.table.id })
      .where(and(where, last === undefined ? undefined : gt(def.table.id, last)))
      .orderBy(asc(def.table.id))
      .limit(EXPORT_BATCH)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    last = rows[rows.length - 1].__export_id;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

async function countOf(db: Db, def: AnyResourceDef, where: SQL | undefined): Promise<number> {
  const { count } = await import('drizzle-orm');
  const res = (await baseQuery(db, def, { n: count() }).where(where)) as { n: number }[];
  return Number(res[0]?.n ?? 0);
}

type ExportQueryOf = z.infer<typeof ExportQuery> & Record<string, unknown>;

/** What one export streams: the list's columns (key → its database column, where it has one) and its rows. */
type ExportSource = {
  name: string;
  label: string;
  /** Every column the list has; a Column value tells a number column from a text one. */
  available: Record<string, unknown>;
  /** Rows announced in `X-Total-Count` (null: not known in advance). */
  total: (columns: Record<string, unknown>) => Promise<number | null>;
  batches: (columns: Record<string, unknown>) => AsyncIterable<Record<string, unknown>[]>;
  /**
   * True when the rows are selected as `columns` (each asked key holding what it shows); false when
   * they are whole report rows, the id and the name side by side, and the name is read here.
   */
  selected: boolean;
  format?: ExportRowFormat;
};

/** Picks the asked columns, then streams the rows as CSV or XLSX with the list's wording. */
async function sendExport(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  q: ExportQueryOf,
  src: ExportSource,
) {
  const format = src.format;
  const added = new Set(format?.adds ?? []);
  const all = { ...src.available, ...Object.fromEntries([...added].map((k) => [k, undefined])) };
  const asked = q.columns
    ? q.columns
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : Object.keys(all);
  // Own keys only: `constructor` or `toString` name no column of the list.
  const unknown = asked.filter((k) => !Object.hasOwn(all, k) || k.startsWith('__'));
  if (unknown.length > 0 && q.unknown === 'error')
    throw badRequest(
      problem(
        'columns_unknown',
        { columns: unknown.map((k) => `'${k.slice(0, 40)}'`).join(', ') },
        'columns',
      ),
    );
  const labels = q.labels ? q.labels.split('|') : [];
  const kindsAsked = q.kinds ? q.kinds.split(',').map((k) => k.trim()) : [];
  const keys = asked.filter((k) => !unknown.includes(k));
  if (keys.length === 0) throw badRequest(problem('columns_empty', undefined, 'columns'));
  const headers = keys.map((k) => labels[asked.indexOf(k)]?.trim() || humanize(k));
  const kinds = keys.map((k) => kindsAsked[asked.indexOf(k)] || undefined);
  const lang = requestLang(req.headers['accept-language']) ?? 'en';
  // Another record's id where the list has that record's name: the name, as the screen shows it.
  const sourceOf = (k: string) => {
    const named = k.endsWith('_id') ? `${k.slice(0, -3)}_name` : '';
    return named && Object.hasOwn(all, named) ? { key: named, col: all[named] } : { key: k, col: all[k] };
  };
  const read = (format?.reads ?? []).filter((k) => Object.hasOwn(src.available, k) && !keys.includes(k));
  const columns = Object.fromEntries(
    [...keys.filter((k) => !added.has(k)), ...read].map((k) => [k, sourceOf(k).col]),
  );
  const total = await src.total(columns);
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const filename = `${src.name}-${stamp}.${q.format}`;
  if (total !== null) reply.header('X-Total-Count', String(total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
  reply.header('Content-Disposition', `attachment; filename="${filename}"`);
  reply.header('Cache-Control', 'no-store');
  const rowsOf = async (batch: Record<string, unknown>[], xlsx: boolean): Promise<Cell[][]> => {
    const rows = format ? await format.rows(db, batch, lang) : batch;
    return rows.map((row) =>
      keys.map((k, i) =>
        exportCell(row[src.selected ? k : sourceOf(k).key], { key: k, kind: kinds[i], lang, xlsx }),
      ),
    );
  };

  if (q.format === 'csv') {
    reply.type(CSV_CONTENT_TYPE);
    const types = keys.map((k, i) => csvType(columns[k], kinds[i]));
    const source = Readable.from(
      (async function* () {
        yield `${CSV_BOM}${csvLine(headers)}`;
        for await (const rows of src.batches(columns))
          yield (await rowsOf(rows, false)).map((cells) => csvLine(cells, types)).join('');
      })(),
    );
    return reply.send(source);
  }

  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const mod = (await import('exceljs')) as unknown as {
    default?: typeof import('exceljs');
  } & typeof import('exceljs');
  const ExcelJS = mod.default ?? mod;
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet(src.label.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = headers.map((h, i) => ({
    header: h,
    width: Math.min(40, Math.max(kinds[i] === 'datetime' ? 17 : 10, h.length + 2)),
    style:
      kinds[i] === 'date'
        ? { numFmt: 'yyyy-mm-dd' }
        : kinds[i] === 'datetime'
          ? { numFmt: 'yyyy-mm-dd hh:mm' }
          : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  (async () => {
    try {
      for await (const rows of src.batches(columns)) {
        for (const cells of await rowsOf(rows, true)) {
          const row = ws.addRow(cells.map((c) => (c === null ? '' : c)));
          // A timestamp the client did not describe still reads as a date and time.
          cells.forEach((c, i) => {
            if (c instanceof Date && !kinds[i]) row.getCell(i + 1).numFmt = 'yyyy-mm-dd hh:mm';
          });
          row.commit();
        }
      }
      ws.commit();
      await wb.commit();
    } catch (err) {
      req.log.error({ err }, 'export failed while streaming');
      out.destroy(err as Error);
    }
  })();
  return reply.send(out);
}

/** Registers the export route of one resource (called from registerResource for every list). */
export function registerExport(app: FastifyInstance, db: Db, def: AnyResourceDef): void {
  const { contract } = def;
  if (!contract.paths.list) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const label = contract.name.replace(/_/g, ' ');
  r.get(
    `/export/${contract.name}`,
    {
      config: { area: contract.area, action: 'view', scope: { resource: contract.name } },
      schema: {
        tags: ['export'],
        summary: `Export every ${label} record matching the filters (CSV or XLSX, streamed)`,
        querystring: withFilterPeriod(contract, ExportQuery.extend(contract.filters.shape)),
      },
    },
    async (req: FastifyRequest, reply) => {
      const q = req.query as ExportQueryOf;
      const where = conditions(def, req, q);
      return sendExport(db, req, reply, q, {
        name: contract.name,
        label,
        available: selectColumns(def),
        total: () => countOf(db, def, where),
        batches: (columns) => batches(db, def, columns, where),
        selected: true,
        format: ROW_FORMATS.get(contract.name),
      });
    },
  );
}

/** One page of a report, as its list route reads it. */
export type ReportPage<Q> = (
  req: FastifyRequest,
  q: Q & { page: number; limit: number },
) => Promise<{ rows: Record<string, unknown>[]; meta: { total_data?: number | null } }>;

/**
 * The export of a report (a list over its own SQL rather than a resource): every row the report's
 * list shows for its filters, in the list's order, read page by page through the report's own query,
 * so the file and the screen cannot disagree. Scope and permission are the report route's.
 */
export function registerReportExport<Q extends Record<string, unknown>>(
  app: FastifyInstance,
  db: Db,
  report: {
    contract: { name: string; area: PermissionArea; record: z.ZodObject; filters: z.ZodObject };
    page: ReportPage<Q>;
  },
): void {
  const { contract } = report;
  const label = contract.name.replace(/_/g, ' ');
  const available = Object.fromEntries(Object.keys(contract.record.shape).map((k) => [k, undefined]));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `/export/${contract.name}`,
    {
      config: { area: contract.area, action: 'view', scope: 'branch' },
      schema: {
        tags: ['export'],
        summary: `Export every row of the ${label} report matching the filters, in the list's order (CSV or XLSX, streamed)`,
        querystring: ExportQuery.extend({ by: ListQuery.shape.by, sort: ListQuery.shape.sort }).extend(
          contract.filters.shape,
        ),
      },
    },
    async (req: FastifyRequest, reply) => {
      const q = req.query as ExportQueryOf & Q;
      const first = await report.page(req, { ...q, page: 1, limit: EXPORT_BATCH });
      return sendExport(db, req, reply, q, {
        name: contract.name,
        label,
        available,
        total: async () => (typeof first.meta.total_data === 'number' ? first.meta.total_data : null),
        selected: false,
        format: ROW_FORMATS.get(contract.name),
        batches: async function* () {
          let rows = first.rows;
          for (let page = 2; ; page++) {
            if (rows.length === 0) return;
            yield rows;
            if (rows.length < EXPORT_BATCH) return;
            rows = (await report.page(req, { ...q, page, limit: EXPORT_BATCH })).rows;
          }
        },
      });
    },
  );
}
