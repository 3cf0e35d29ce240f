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
import { qString } from '@lbo/contract/common';
import { CSV_BOM, CSV_CONTENT_TYPE, type CsvType, csvLine } from '@lbo/contract/csv';
import { and, asc, Column, gt, is, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { badRequest, problem } from '../http/errors';
import { type Lang, requestLang } from '../http/messages';
import type { AnyResourceDef } from './define';
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

/** Words some of a list's columns its own way (the screen's render), per batch of rows. */
export type ExportRowFormat = (
  db: Db,
  rows: Record<string, unknown>[],
  lang: Lang,
) => Promise<Record<string, unknown>[]>;

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
  let last = 0;
  for (;;) {
    const rows = (await baseQuery(db, def, { ...columns, __export_id: def.table.id })
      .where(and(where, gt(def.table.id, last)))
      .orderBy(asc(def.table.id))
      .limit(EXPORT_BATCH)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    last = Number(rows[rows.length - 1].__export_id);
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

async function countOf(db: Db, def: AnyResourceDef, where: SQL | undefined): Promise<number> {
  const { count } = await import('drizzle-orm');
  const res = (await baseQuery(db, def, { n: count() }).where(where)) as { n: number }[];
  return Number(res[0]?.n ?? 0);
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
        querystring: ExportQuery.extend(contract.filters.shape),
      },
    },
    async (req: FastifyRequest, reply) => {
      const q = req.query as z.infer<typeof ExportQuery> & Record<string, unknown>;
      const all = selectColumns(def);
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
      const source = (k: string) => {
        const named = k.endsWith('_id') ? `${k.slice(0, -3)}_name` : '';
        return named && Object.hasOwn(all, named) ? all[named] : all[k];
      };
      const columns = Object.fromEntries(keys.map((k) => [k, source(k)]));
      const format = ROW_FORMATS.get(contract.name);
      const where = conditions(def, req, q);
      const total = await countOf(db, def, where);
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const filename = `${contract.name}-${stamp}.${q.format}`;
      reply.header('X-Total-Count', String(total));
      reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      reply.header('Content-Disposition', `attachment; filename="${filename}"`);
      reply.header('Cache-Control', 'no-store');
      const rowsOf = async (batch: Record<string, unknown>[], xlsx: boolean): Promise<Cell[][]> => {
        const rows = format ? await format(db, batch, lang) : batch;
        return rows.map((row) =>
          keys.map((k, i) => exportCell(row[k], { key: k, kind: kinds[i], lang, xlsx })),
        );
      };

      if (q.format === 'csv') {
        reply.type(CSV_CONTENT_TYPE);
        const types = keys.map((k, i) => csvType(columns[k], kinds[i]));
        const source = Readable.from(
          (async function* () {
            yield `${CSV_BOM}${csvLine(headers)}`;
            for await (const rows of batches(db, def, columns, where))
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
      const ws = wb.addWorksheet(label.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
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
          for await (const rows of batches(db, def, columns, where)) {
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
    },
  );
}
