// The ERP feed: bulk import of sales invoices and customer orders (CONTRACT.md section 7).
//
// - POST /v1/api/integration/sales_invoice and /v1/api/integration/customer_order, JSON
//   `{ "documents": [...] }`, 1 to 5,000 documents a call; needs the `integration` area's create action.
// - Runs on the shared import pipeline (import.ts). All-or-nothing: every document is checked first (shape, dates, amounts, customer_code, salesman_code
//   and item_code known, customers inside the caller's branches); any problem answers 400 with one
//   `err_msg` entry per problem (`documents[7]: customer_code 'X' not found`) and nothing is written.
// - Idempotent on document_no: a new number is inserted; a known one is updated in place (its lines
//   replaced) when anything differs, and left untouched when the same document is sent again.
// - Amounts: a line's net_amount defaults to qty x price - discount (rounded to 2 decimals); the header's
//   gross_amount is the sum of its lines' net amounts and net_amount = gross_amount - discount_amount.
//   Branch and salesman are taken from the customer unless salesman_code is given.
import { z } from 'zod';
import { BusinessDate, moneyInput, qtyInput, ref } from './common';
import { defineImport, importBody } from './import';
import { withPeriod } from './period';
import { DocumentNo, INVOICE_STATUSES, ORDER_STATUSES, PAYMENT_METHODS } from './sales';

export const IMPORT_MAX_DOCUMENTS = 5000;
export const IMPORT_MAX_LINES_PER_DOCUMENT = 500;
export const IMPORT_MAX_LINES = 100_000;

const code = () => z.string({ error: 'must be a code' }).trim().min(1, { error: 'is required' }).max(50);

export const ImportLine = z.object({
  /** Position in the document; default its place in `lines` (1, 2, ...). Unique within a document. */
  line_no: z.number().int().positive().max(100_000).optional(),
  item_code: ref('item', code(), 'code'),
  qty: qtyInput(),
  /** Default: the item's base unit. */
  uom: z.string().trim().min(1).max(20).optional(),
  price: moneyInput(),
  discount: moneyInput().optional().default(0),
  /** Default qty x price - discount. */
  net_amount: moneyInput().optional(),
});
export type ImportLine = z.infer<typeof ImportLine>;

const lineChecks = (lines: ImportLine[], ctx: z.RefinementCtx) => {
  const seen = new Map<number, number>();
  lines.forEach((l, i) => {
    const no = l.line_no ?? i + 1;
    const first = seen.get(no);
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'line_no'],
        message: `line_no ${no} repeats lines[${first}]`,
        params: { code: 'line_no_repeats', no, first: `lines[${first}]` },
      });
    } else seen.set(no, i);
    if (l.net_amount === undefined && l.qty * l.price - l.discount < -0.005) {
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'discount'], message: 'is more than qty x price' });
    }
  });
};
const docLines = () =>
  z
    .array(ImportLine)
    .min(1, { error: 'must hold at least one line' })
    .max(IMPORT_MAX_LINES_PER_DOCUMENT, { error: `may hold at most ${IMPORT_MAX_LINES_PER_DOCUMENT} lines` });

export const SalesInvoiceDocument = withPeriod(
  z
    .object({
      document_no: DocumentNo,
      invoice_date: BusinessDate,
      due_date: BusinessDate.nullable().optional(),
      customer_code: ref('customer', code(), 'code'),
      /** Default: the customer's salesman. */
      salesman_code: ref('salesman', code(), 'code').nullable().optional(),
      status: z.enum(INVOICE_STATUSES).optional().default('unpaid'),
      payment_method: z.enum(PAYMENT_METHODS).optional().default('cash'),
      virtual_account_no: z.string().trim().min(1).max(50).nullable().optional(),
      paid_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp' }).nullable().optional(),
      /** Header discount on top of the lines' own discounts. */
      discount_amount: moneyInput().optional().default(0),
      note: z.string().trim().max(500).optional().default(''),
      lines: docLines(),
    })
    .superRefine((d, ctx) => lineChecks(d.lines, ctx)),
  { start: 'invoice_date', end: 'due_date' },
);
export type SalesInvoiceDocument = z.infer<typeof SalesInvoiceDocument>;

export const CustomerOrderDocument = z
  .object({
    document_no: DocumentNo,
    transaction_date: BusinessDate,
    /** `HH:MM` or `HH:MM:SS`, Asia/Jakarta; default 00:00:00. */
    transaction_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'must be a time as HH:MM or HH:MM:SS' })
      .optional()
      .default('00:00:00'),
    customer_code: ref('customer', code(), 'code'),
    salesman_code: ref('salesman', code(), 'code').nullable().optional(),
    status: z.enum(ORDER_STATUSES).optional().default('new'),
    discount_amount: moneyInput().optional().default(0),
    note: z.string().trim().max(500).optional().default(''),
    lines: docLines(),
  })
  .superRefine((d, ctx) => lineChecks(d.lines, ctx));
export type CustomerOrderDocument = z.infer<typeof CustomerOrderDocument>;

export const INTEGRATION_PATHS = {
  sales_invoice: '/integration/sales_invoice',
  customer_order: '/integration/customer_order',
} as const;

const AMOUNTS_NOTE =
  "Amounts: a line's net_amount defaults to qty x price - discount; the header's gross_amount is the sum of its " +
  "lines' net amounts, net_amount = gross_amount - discount_amount. Branch and salesman come from the customer " +
  `unless salesman_code is given. At most ${IMPORT_MAX_LINES} lines in all.`;

/** The ERP feed's two imports, on the shared import pipeline (see import.ts). */
export const salesInvoiceImport = defineImport({
  name: 'sales_invoice',
  path: INTEGRATION_PATHS.sales_invoice,
  area: 'integration',
  row: SalesInvoiceDocument,
  key: ['document_no'],
  maxRows: IMPORT_MAX_DOCUMENTS,
  rowsKey: 'documents',
  summary: 'Import sales invoices from the ERP (bulk, idempotent on document_no)',
  notes: `A known document is updated in place (its lines replaced) when anything differs. ${AMOUNTS_NOTE}`,
});
export const customerOrderImport = defineImport({
  name: 'customer_order',
  path: INTEGRATION_PATHS.customer_order,
  area: 'integration',
  row: CustomerOrderDocument,
  key: ['document_no'],
  maxRows: IMPORT_MAX_DOCUMENTS,
  rowsKey: 'documents',
  summary: 'Import customer orders from the ERP (bulk, idempotent on document_no)',
  notes: `A known document is updated in place (its lines replaced) when anything differs. ${AMOUNTS_NOTE}`,
});

export const SalesInvoiceImport = importBody(salesInvoiceImport);
export type SalesInvoiceImport = z.infer<typeof SalesInvoiceImport>;
export const CustomerOrderImport = importBody(customerOrderImport);
export type CustomerOrderImport = z.infer<typeof CustomerOrderImport>;

export { ImportResult } from './import';
