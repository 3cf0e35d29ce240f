// The ERP feed: bulk, all-or-nothing, idempotent import of sales invoices and customer orders, on the
// shared import pipeline (server/src/resources/imports.ts: envelope, row schema, duplicates inside the
// request, one transaction, dry_run, audit). What is the feed's own:
//
// 1. resolve: the codes are looked up in three set queries (customers, items, salesmen); every unknown
//    code (400) and every header discount larger than its lines is reported, one message per problem,
//    in the feed's `documents[7]` form (the pipeline names every customer and salesman outside the
//    caller's branches, 403).
// 2. write, set-based whatever the size of the call:
//    a. find the known documents whose lines differ (full join of the sent lines with the stored ones);
//    b. upsert the headers (upsertRows: `on conflict (document_no) do update ... where` the header or
//       its lines differ), learning which were inserted and which updated (xmax = 0);
//    c. delete the lines of the updated documents and insert the lines of the written ones (both by
//       document number, joined to the headers).
//    A document sent again unchanged is not touched at all (no row version, no updated_at change).
// 3. The hooks get the written invoice ids in the same transaction (the points engine credits points).
import {
  type CustomerOrderDocument,
  customerOrderImport,
  IMPORT_MAX_LINES,
  type ImportLine,
  type ImportResult,
  type SalesInvoiceDocument,
  salesInvoiceImport,
} from '@lbo/contract/integration';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, type Tx } from '../../db/client';
import type { InvoiceWriteHook } from '../../domain/invoice-hooks';
import { problem, type Said } from '../../http/errors';
import {
  type Column,
  type ImportDef,
  ident,
  list,
  onRow,
  type RowAt,
  type RowLabel,
  recordType,
  runImport,
  type UpsertOptions,
  upsertRows,
} from '../../resources/imports';

export type ImportHooks = {
  /** Called after sales invoices (and their lines) are written, before the commit. */
  afterSalesInvoices?: InvoiceWriteHook[];
  /** Called after customer orders are written, before the commit. */
  afterCustomerOrders?: InvoiceWriteHook[];
};

type Kind = {
  entity: 'sales_invoice' | 'customer_order';
  header: string;
  lines: string;
  fk: string;
  /** Header columns besides document_no, in the order of the JSON sent to json_to_recordset. */
  columns: Column[];
  /** How a header sent again is merged with the stored one (upsertRows `merge`). */
  merge?: UpsertOptions['merge'];
};

/**
 * An invoice the bank's virtual-account callback has paid into (paid_amount > 0; va.service.ts)
 * keeps the payments' status and paid time when the ERP sends it again with a status behind it (its
 * own "unpaid", say, before it has heard of the payment): the ERP moves the status forward
 * (unpaid → partial → paid) or cancels the invoice, and never takes back a payment the bank
 * reported. Without a payment, the ERP's status and paid time are taken as they come.
 */
const keepsPayment = (stored: (c: string) => SQL, sent: (c: string) => SQL) => {
  const rank = (s: SQL) => sql`array_position(array['unpaid', 'partial', 'paid']::text[], ${s})`;
  return sql`(${stored('paid_amount')} > 0 and ${sent('status')} <> 'cancelled'
    and coalesce(${rank(stored('status'))}, 0) > coalesce(${rank(sent('status'))}, 0))`;
};

const INVOICE: Kind = {
  entity: 'sales_invoice',
  header: 'sales_invoices',
  lines: 'sales_invoice_lines',
  fk: 'invoice_id',
  columns: [
    { name: 'invoice_date', type: 'date' },
    { name: 'due_date', type: 'date' },
    { name: 'customer_id', type: 'integer' },
    { name: 'branch_id', type: 'integer' },
    { name: 'salesman_id', type: 'integer' },
    { name: 'gross_amount', type: 'numeric(18,2)' },
    { name: 'discount_amount', type: 'numeric(18,2)' },
    { name: 'net_amount', type: 'numeric(18,2)' },
    { name: 'status', type: 'text' },
    { name: 'payment_method', type: 'text' },
    { name: 'virtual_account_no', type: 'text' },
    { name: 'paid_at', type: 'timestamptz' },
    { name: 'note', type: 'text' },
  ],
  merge: {
    status: (stored, sent) =>
      sql`case when ${keepsPayment(stored, sent)} then ${stored('status')} else ${sent('status')} end`,
    paid_at: (stored, sent) =>
      sql`case when ${keepsPayment(stored, sent)} then ${stored('paid_at')} else ${sent('paid_at')} end`,
  },
};

const ORDER: Kind = {
  entity: 'customer_order',
  header: 'customer_order_headers',
  lines: 'customer_order_lines',
  fk: 'customer_order_header_id',
  columns: [
    { name: 'transaction_date', type: 'date' },
    { name: 'transaction_time', type: 'time' },
    { name: 'customer_id', type: 'integer' },
    { name: 'branch_id', type: 'integer' },
    { name: 'salesman_id', type: 'integer' },
    { name: 'gross_amount', type: 'numeric(18,2)' },
    { name: 'discount_amount', type: 'numeric(18,2)' },
    { name: 'net_amount', type: 'numeric(18,2)' },
    { name: 'status', type: 'text' },
    { name: 'note', type: 'text' },
  ],
};

const LINE_COLUMNS: Column[] = [
  { name: 'line_no', type: 'integer' },
  { name: 'item_id', type: 'integer' },
  { name: 'qty', type: 'numeric(18,4)' },
  { name: 'uom', type: 'text' },
  { name: 'price', type: 'numeric(18,2)' },
  { name: 'discount', type: 'numeric(18,2)' },
  { name: 'net_amount', type: 'numeric(18,2)' },
];

type LineRow = {
  document_no: string;
  line_no: number;
  item_id: number;
  qty: number;
  uom: string;
  price: number;
  discount: number;
  net_amount: number;
};

type Resolved = {
  customers: Map<string, { id: number; branch_id: number; salesman_id: number | null }>;
  items: Map<string, { id: number; uom: string }>;
  salesmen: Map<string, number>;
};

const round2 = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;

async function resolveCodes(
  db: Tx,
  docs: { customer_code: string; salesman_code?: string | null; lines: ImportLine[] }[],
): Promise<Resolved> {
  const customerCodes = [...new Set(docs.map((d) => d.customer_code))];
  const itemCodes = [...new Set(docs.flatMap((d) => d.lines.map((l) => l.item_code)))];
  const salesmanCodes = [...new Set(docs.map((d) => d.salesman_code).filter((s): s is string => !!s))];
  const codes = (list: string[]) => sql`(select json_array_elements_text(${JSON.stringify(list)}::json))`;
  const [cs, is, ss] = await Promise.all([
    rows<{ code: string; id: number; branch_id: number; salesman_id: number | null }>(
      db,
      sql`select customer_code as code, id, branch_id, salesman_id from customers where customer_code in ${codes(customerCodes)}`,
    ),
    rows<{ code: string; id: number; uom: string }>(
      db,
      sql`select item_code as code, id, uom from items where item_code in ${codes(itemCodes)}`,
    ),
    salesmanCodes.length === 0
      ? Promise.resolve([])
      : rows<{ code: string; id: number }>(
          db,
          sql`select salesman_code as code, id from salesmen where salesman_code in ${codes(salesmanCodes)}`,
        ),
  ]);
  return {
    customers: new Map(
      cs.map((c) => [c.code, { id: c.id, branch_id: c.branch_id, salesman_id: c.salesman_id }]),
    ),
    items: new Map(is.map((i) => [i.code, { id: i.id, uom: i.uom }])),
    salesmen: new Map(ss.map((s) => [s.code, s.id])),
  };
}

type Prepared = { headers: Record<string, unknown>[]; lines: LineRow[] };

type Document = SalesInvoiceDocument | CustomerOrderDocument;

/** `documents[7]`, `documents[7].lines[0].qty`: the feed's messages name documents by array index. */
const documentLabel: RowLabel = (index, path) => `documents[${index}]${path ? `.${path}` : ''}`;

/** The resolve step of the pipeline: codes to ids, amounts, one message per problem. */
async function prepare<D extends Document>(
  tx: Tx,
  docs: RowAt<D>[],
  ctx: {
    req: FastifyRequest;
    fail(index: number | null, said: Said, path?: string): void;
  },
  header: (d: D) => Record<string, unknown>,
): Promise<Prepared> {
  const lineCount = docs.reduce((n, d) => n + d.row.lines.length, 0);
  if (lineCount > IMPORT_MAX_LINES) {
    ctx.fail(null, problem('lines_max', { max: IMPORT_MAX_LINES, got: lineCount }, 'documents'));
  }
  const resolved = await resolveCodes(
    tx,
    docs.map((d) => d.row),
  );
  const headers: Record<string, unknown>[] = [];
  const lines: LineRow[] = [];
  for (const { index, row: d } of docs) {
    const customer = resolved.customers.get(d.customer_code);
    const code = { field: 'customer_code', named: true };
    if (!customer)
      ctx.fail(index, problem('not_found', { thing: 'customer_code', value: d.customer_code }, code));
    let salesmanId = customer?.salesman_id ?? null;
    if (d.salesman_code) {
      const s = resolved.salesmen.get(d.salesman_code);
      if (s === undefined) {
        ctx.fail(
          index,
          problem(
            'not_found',
            { thing: 'salesman_code', value: d.salesman_code },
            { field: 'salesman_code', named: true },
          ),
        );
      } else salesmanId = s;
    }
    let gross = 0;
    d.lines.forEach((l, j) => {
      const item = resolved.items.get(l.item_code);
      if (!item) {
        ctx.fail(index, problem('not_found', { thing: 'item_code', value: l.item_code }), `lines[${j}]`);
        return;
      }
      const net = l.net_amount ?? round2(l.qty * l.price - l.discount);
      gross += net;
      lines.push({
        document_no: d.document_no,
        line_no: l.line_no ?? j + 1,
        item_id: item.id,
        qty: l.qty,
        uom: l.uom ?? item.uom,
        price: l.price,
        discount: l.discount,
        net_amount: net,
      });
    });
    gross = round2(gross);
    if (d.discount_amount > gross) {
      ctx.fail(
        index,
        problem(
          'discount_over',
          { discount: d.discount_amount, total: gross },
          { field: 'discount_amount', named: true },
        ),
      );
    }
    if (customer) {
      headers.push({
        document_no: d.document_no,
        ...header(d),
        customer_id: customer.id,
        branch_id: customer.branch_id,
        salesman_id: salesmanId,
        gross_amount: gross,
        discount_amount: d.discount_amount,
        net_amount: round2(gross - d.discount_amount),
        note: d.note,
      });
    }
  }
  return { headers, lines };
}

/** Steps 2a-2c of the header comment, for either kind of document. */
async function writeDocuments(
  tx: Tx,
  kind: Kind,
  { headers, lines }: Prepared,
): Promise<{ inserted: number[]; updated: number[]; unchanged: number }> {
  const H = ident(kind.header);
  const L = ident(kind.lines);
  const FK = ident(kind.fk);
  const lineCols = LINE_COLUMNS.map((c) => ident(c.name));
  const lineRecord = sql`json_to_recordset(${JSON.stringify(lines)}::json) as l("document_no" text, ${recordType(LINE_COLUMNS)})`;

  // 0. Lock the customers concerned, in id order, before any document row: the customers of the sent
  //    documents and those that own them now (a document may move). Imports of overlapping batches then
  //    take their locks in one order (no deadlock), and the later one waits for the earlier to commit,
  //    so the comparison below sees its documents: sent again unchanged, they count as unchanged. The
  //    points engine and the ledger lock the same customer rows, in the same order, next.
  await tx.execute(
    sql`select id from customers where id in (
          select json_array_elements_text(${JSON.stringify([...new Set(headers.map((h) => h.customer_id))])}::json)::int
          union
          select customer_id from ${H}
          where "document_no" in (select json_array_elements_text(${JSON.stringify(headers.map((h) => h.document_no))}::json))
        ) order by id for update`,
  );

  // a. Known documents whose lines differ from the ones sent (new documents show up too; harmless).
  const changedLines = await rows<{ document_no: string }>(
    tx,
    sql`with l as (select * from ${lineRecord}),
         e as (
           select h."document_no", ${list(lineCols.map((c) => sql`x.${c}`))}
           from ${H} h join ${L} x on x.${FK} = h."id"
           where h."document_no" in (select distinct "document_no" from l)
         )
       select distinct coalesce(l."document_no", e."document_no") as document_no
       from l full join e on e."document_no" = l."document_no" and e."line_no" = l."line_no"
       where l."document_no" is null or e."document_no" is null
          or (${list(lineCols.map((c) => sql`l.${c}`))}) is distinct from (${list(lineCols.map((c) => sql`e.${c}`))})`,
  );

  // b. Upsert the headers; a known document is only rewritten when its header or its lines differ.
  const { written } = await upsertRows<{ id: number; document_no: string }>(tx, {
    table: kind.header,
    key: [{ name: 'document_no', type: 'text' }],
    columns: kind.columns,
    rows: headers,
    touch: ['updated_at'],
    alsoWhen: sql`${H}."document_no" in (select json_array_elements_text(${JSON.stringify(changedLines.map((r) => r.document_no))}::json))`,
    returning: ['id', 'document_no'],
    merge: kind.merge,
  });
  const inserted = written.filter((w) => w.inserted).map((w) => w.id);
  const updated = written.filter((w) => !w.inserted).map((w) => w.id);

  // c. Replace the lines of the updated documents, add those of the new ones. Both statements name
  //    documents by number (not by the ids just returned), so they read the same whenever they run.
  const updatedNos = written.filter((w) => !w.inserted).map((w) => w.document_no);
  if (updatedNos.length > 0) {
    await tx.execute(
      sql`delete from ${L} where ${FK} in (
            select h."id" from ${H} h
            where h."document_no" in (select json_array_elements_text(${JSON.stringify(updatedNos)}::json)))`,
    );
  }
  if (written.length > 0) {
    const writtenNos = new Set(written.map((w) => w.document_no));
    const writtenLines =
      written.length === headers.length ? lines : lines.filter((l) => writtenNos.has(l.document_no));
    await tx.execute(
      sql`insert into ${L} (${FK}, ${list(lineCols)})
          select h."id", ${list(lineCols.map((c) => sql`l.${c}`))}
          from json_to_recordset(${JSON.stringify(writtenLines)}::json) as l("document_no" text, ${recordType(LINE_COLUMNS)})
          join ${H} h on h."document_no" = l."document_no"`,
    );
  }
  return { inserted, updated, unchanged: headers.length - written.length };
}

/** One kind of document on the pipeline: the feed's labels and messages, resolve, write, hooks. */
function documentImport<D extends Document, C extends typeof salesInvoiceImport | typeof customerOrderImport>(
  contract: C,
  kind: Kind,
  header: (d: D) => Record<string, unknown>,
  hooks: InvoiceWriteHook[],
): ImportDef<C, Prepared> {
  return {
    contract,
    rowLabel: documentLabel,
    duplicateMessage: (index, first, row, at) =>
      onRow(
        problem('repeats_row', { value: (row as D).document_no, first: at(first) }, 'document_no'),
        index,
        at,
      ),
    resolve: (tx, docs, ctx) => prepare(tx, docs as RowAt<D>[], ctx, header),
    write: async (tx, prepared) => {
      const r = await writeDocuments(tx, kind, prepared);
      return {
        result: { inserted: r.inserted.length, updated: r.updated.length, unchanged: r.unchanged } as never,
        ids: [...r.inserted, ...r.updated],
      };
    },
    hooks: hooks.map((hook) => (tx: Tx, ids: number[]) => hook(tx, ids)),
    audit: { after: (prepared) => ({ lines: prepared.lines.length }) },
    // 5,000 documents with their lines as JSON: generous, but bounded.
    bodyLimit: 64 * 1024 * 1024,
  };
}

const invoiceHeader = (d: SalesInvoiceDocument) => ({
  invoice_date: d.invoice_date,
  due_date: d.due_date ?? null,
  status: d.status,
  payment_method: d.payment_method,
  virtual_account_no: d.virtual_account_no ?? null,
  paid_at: d.paid_at ?? null,
});

const orderHeader = (d: CustomerOrderDocument) => ({
  transaction_date: d.transaction_date,
  transaction_time: d.transaction_time.length === 5 ? `${d.transaction_time}:00` : d.transaction_time,
  status: d.status,
});

export const salesInvoiceImportDef = (hooks: InvoiceWriteHook[] = []) =>
  documentImport(salesInvoiceImport, INVOICE, invoiceHeader, hooks);

export const customerOrderImportDef = (hooks: InvoiceWriteHook[] = []) =>
  documentImport(customerOrderImport, ORDER, orderHeader, hooks);

/** The sales invoice import without a route (tests, tools): the same checks, transaction and hooks. */
export function importSalesInvoices(
  db: Db,
  req: FastifyRequest,
  docs: SalesInvoiceDocument[],
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  return runImport(db, req, salesInvoiceImportDef(hooks.afterSalesInvoices), {
    rows: docs,
    params: undefined,
  });
}

export function importCustomerOrders(
  db: Db,
  req: FastifyRequest,
  docs: CustomerOrderDocument[],
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  return runImport(db, req, customerOrderImportDef(hooks.afterCustomerOrders), {
    rows: docs,
    params: undefined,
  });
}
