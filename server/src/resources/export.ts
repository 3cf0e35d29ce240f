// Export of any resource list in full, with the list's filters and search, streamed as it is read:
// `GET /export/<resource>?format=csv|xlsx&<filters>&columns=a,b&labels=A|B`. Rows are read in
// batches of EXPORT_BATCH by id (keyset, so the millionth row costs what the first does) and written
// to the answer as they come; memory stays flat whatever the size. The same permission and branch
// scope as the list apply. `X-Total-Count` announces the rows to come, so a client can show progress.
import { PassThrough, Readable } from 'node:stream';
import { qString } from '@lbo/contract/common';
import { and, asc, gt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import type { AnyResourceDef } from './define';
import { baseQuery, conditions, selectColumns } from './routes';

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
});

/** A cell as text for CSV / a value for XLSX: dates and timestamps stay ISO, objects become JSON. */
function plain(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v))
    return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  return JSON.stringify(v);
}

function csvCell(v: string | number | boolean | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n;]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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
      config: { area: contract.area, action: 'view' },
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
      const unknown = asked.filter((k) => !(k in all) || k.startsWith('__'));
      if (unknown.length > 0 && q.unknown === 'error')
        throw badRequest(`columns: unknown column ${unknown.map((k) => `'${k.slice(0, 40)}'`).join(', ')}`);
      const labels = q.labels ? q.labels.split('|') : [];
      const keys = asked.filter((k) => !unknown.includes(k));
      if (keys.length === 0) throw badRequest('columns: name at least one column of the list');
      const headers = keys.map((k) => labels[asked.indexOf(k)]?.trim() || k);
      const columns = Object.fromEntries(keys.map((k) => [k, all[k]]));
      const where = conditions(def, req, q);
      const total = await countOf(db, def, where);
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const filename = `${contract.name}-${stamp}.${q.format}`;
      reply.header('X-Total-Count', String(total));
      reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      reply.header('Content-Disposition', `attachment; filename="${filename}"`);
      reply.header('Cache-Control', 'no-store');
      const rowsOf = (rows: Record<string, unknown>[]) => rows.map((row) => keys.map((k) => plain(row[k])));

      if (q.format === 'csv') {
        reply.type('text/csv; charset=utf-8');
        const source = Readable.from(
          (async function* () {
            yield `\uFEFF${headers.map(csvCell).join(',')}\r\n`;
            for await (const rows of batches(db, def, columns, where))
              yield rowsOf(rows)
                .map((cells) => `${cells.map(csvCell).join(',')}\r\n`)
                .join('');
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
      ws.columns = headers.map((h) => ({ header: h, width: Math.min(40, Math.max(10, h.length + 2)) }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      (async () => {
        try {
          for await (const rows of batches(db, def, columns, where)) {
            for (const cells of rowsOf(rows)) ws.addRow(cells.map((c) => (c === null ? '' : c))).commit();
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
