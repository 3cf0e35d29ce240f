// Orders and invoices: customer orders (placed through the app) and sales invoices (from the ERP),
// each listed, shown with its lines and looked up by document number.
import { z } from 'zod';
import { BusinessDate, Id, Money, qDate, qInt, Timestamp } from './common';
import { defineContract } from './resource';

/** Mirrors the CHECK constraints of the sales tables. */
export const INVOICE_STATUSES = ['unpaid', 'partial', 'paid', 'cancelled'] as const;
export const PAYMENT_METHODS = ['cash', 'credit', 'transfer', 'virtual_account'] as const;
/** new (placed in the app) > confirmed > processed > shipped > delivered; cancelled any time before delivery. */
export const ORDER_STATUSES = ['new', 'confirmed', 'processed', 'shipped', 'delivered', 'cancelled'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const qEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values, { error: `must be one of: ${values.join(', ')}` }).optional());

/**
 * A document number (invoice or order): letters, digits and . _ / - (ERP numbers such as
 * `INV/2024/05/00012`), at most 50 characters.
 */
export const DOCUMENT_NO_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$/;
export const DocumentNo = z.string({ error: 'must be a document number' }).trim().regex(DOCUMENT_NO_PATTERN, {
  error: 'must be 1-50 letters, digits or . _ / - (starting with a letter or digit)',
});

/**
 * The web app puts a document number into a path with every `/` replaced by `&` (SPEC.md section 5);
 * the server maps `&` back to `/`. Numbers never contain `&` themselves.
 */
export const documentNoToPath = (documentNo: string) => documentNo.replace(/\//g, '&');
export const documentNoFromPath = (segment: string) => segment.replace(/&/g, '/');

const LineBase = z.object({
  id: Id,
  line_no: z.number().int(),
  item_id: Id,
  item_code: z.string(),
  item_name: z.string(),
  qty: z.number(),
  uom: z.string(),
  price: Money,
  discount: Money,
  net_amount: Money,
});

export const CustomerOrder = z.object({
  id: Id,
  id_customer_order_header: Id,
  document_no: z.string(),
  transaction_date: BusinessDate,
  /** `HH:MM:SS`, Asia/Jakarta. */
  transaction_time: z.string(),
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  salesman_id: Id.nullable(),
  salesman_name: z.string().nullable(),
  gross_amount: Money,
  discount_amount: Money,
  net_amount: Money,
  status: z.enum(ORDER_STATUSES),
  note: z.string(),
  created_date: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;
export const CustomerOrderLine = LineBase;
export const CustomerOrderDetail = CustomerOrder.extend({ lines: z.array(CustomerOrderLine) });
export type CustomerOrderDetail = z.infer<typeof CustomerOrderDetail>;

export const customerOrderContract = defineContract({
  name: 'customer_order',
  area: 'sales',
  idKey: 'id_customer_order_header',
  paths: { list: '/web/customerorder/', get: '/web/customerorder/id/:id' },
  record: CustomerOrder,
  filters: z.object({
    /** Transaction date on or after. */
    start_date: qDate(),
    /** Transaction date on or before. */
    end_date: qDate(),
    status: qEnum(ORDER_STATUSES),
    customer_id: qInt(),
    branch_id: qInt(),
    salesman_id: qInt(),
  }),
  // SPEC.md section 9: transaction date plus time, customer name, customer code, net amount, branch name,
  // created date.
  sortKeys: [
    'transaction_date',
    'customer_name',
    'customer_code',
    'net_amount',
    'branch_name',
    'created_date',
    'created_at',
    'id',
    'id_customer_order_header',
    'document_no',
    'status',
  ],
  defaultSort: { by: 'transaction_date', dir: 'desc' },
  searchFields: ['document_no', 'customer_name', 'customer_code'],
  detail: { data: CustomerOrderDetail },
});
/** GET: the order with its lines, by document number (as stored; `/` may be sent as `%2F`). */
export const ORDER_BY_DOCUMENT_PATH = '/web/customerorder/document_no/:document_no';

export const SalesInvoice = z.object({
  id: Id,
  invoice_id: Id,
  document_no: z.string(),
  invoice_date: BusinessDate,
  due_date: BusinessDate.nullable(),
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  salesman_id: Id.nullable(),
  salesman_name: z.string().nullable(),
  gross_amount: Money,
  discount_amount: Money,
  net_amount: Money,
  status: z.enum(INVOICE_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  virtual_account_no: z.string().nullable(),
  paid_at: Timestamp.nullable(),
  note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type SalesInvoice = z.infer<typeof SalesInvoice>;
export const SalesInvoiceLine = LineBase;
export const SalesInvoiceDetail = SalesInvoice.extend({ lines: z.array(SalesInvoiceLine) });
export type SalesInvoiceDetail = z.infer<typeof SalesInvoiceDetail>;

export const salesInvoiceContract = defineContract({
  name: 'sales_invoice',
  area: 'sales',
  idKey: 'invoice_id',
  paths: { list: '/apps/sales_invoice/', get: '/apps/sales_invoice/id/:invoice_id' },
  record: SalesInvoice,
  filters: z.object({
    /** Invoice date on or after; default the first day of the current month (Asia/Jakarta), or of end_date's month. */
    start_date: qDate(),
    /** Invoice date on or before; default the last day of start_date's month (the current month without dates). */
    end_date: qDate(),
    status: qEnum(INVOICE_STATUSES),
    payment_method: qEnum(PAYMENT_METHODS),
    customer_id: qInt(),
    branch_id: qInt(),
    region_id: qInt(),
    salesman_id: qInt(),
  }),
  sortKeys: [
    'invoice_date',
    'id',
    'invoice_id',
    'document_no',
    'due_date',
    'net_amount',
    'customer_name',
    'branch_name',
    'created_at',
    'created_date',
  ],
  defaultSort: { by: 'invoice_date', dir: 'desc' },
  searchFields: ['document_no', 'customer_name', 'customer_code'],
  detail: { data: SalesInvoiceDetail },
});
/** GET: the invoice with its lines; the number's `/` are sent as `&` (documentNoToPath). Malformed: 400. */
export const INVOICE_BY_DOCUMENT_PATH = '/apps/sales_invoice/document_no/:documentNo';
