// Sales: invoices from the ERP (with lines) and customer orders placed through the app (with lines).
// branch_id and salesman_id are copied onto invoice and order headers from the customer at the time
// of the sale: branch scope and the dashboards filter and group millions of invoices by branch and
// date without a join through customers, and the figures stay with the branch that made the sale
// when a customer later moves.
// The statuses and payment methods the CHECK constraints allow are defined once, in the contract.
import { INVOICE_STATUSES, ORDER_STATUSES, PAYMENT_METHODS } from '@lbo/contract/sales';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, time, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, inList, timestamps, timestamptz } from './common';
import { customers } from './customers';
import { branches, salesmen } from './organisation';
import { items } from './products';

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });
const quantity = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });

/** An invoice from the ERP, with the branch and salesman of the store at the time of the sale. */
export const sales_invoices = pgTable(
  'sales_invoices',
  {
    id: id(),
    document_no: text('document_no').notNull().unique('sales_invoices_document_no_uq'),
    invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    salesman_id: integer('salesman_id').references(() => salesmen.id, { onDelete: 'set null' }),
    gross_amount: money('gross_amount').notNull().default(0),
    discount_amount: money('discount_amount').notNull().default(0),
    net_amount: money('net_amount').notNull().default(0),
    /** What has been paid (virtual-account payments add to it; 0005_dashboards.sql). */
    paid_amount: money('paid_amount').notNull().default(0),
    status: text('status').notNull().default('unpaid'),
    payment_method: text('payment_method').notNull().default('cash'),
    virtual_account_no: text('virtual_account_no'),
    paid_at: timestamptz('paid_at'),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('sales_invoices_date_idx').on(t.invoice_date, t.id),
    index('sales_invoices_customer_date_idx').on(t.customer_id, t.invoice_date),
    index('sales_invoices_branch_date_idx').on(t.branch_id, t.invoice_date),
    index('sales_invoices_salesman_date_idx').on(t.salesman_id, t.invoice_date),
    index('sales_invoices_va_idx')
      .on(t.invoice_date, t.branch_id)
      .where(sql`${t.virtual_account_no} is not null`),
    index('sales_invoices_document_no_trgm').using('gin', sql`${t.document_no} gin_trgm_ops`),
    // Outstanding invoices (0005_dashboards.sql; the SQL also INCLUDEs due_date, net_amount, paid_amount).
    index('sales_invoices_open_idx')
      .on(t.branch_id, t.invoice_date)
      .where(sql`${t.status} in ('unpaid', 'partial')`),
    check('sales_invoices_paid_ck', sql`${t.paid_amount} >= 0`),
    check('sales_invoices_status_ck', sql`${t.status} in (${inList(INVOICE_STATUSES)})`),
    check('sales_invoices_payment_method_ck', sql`${t.payment_method} in (${inList(PAYMENT_METHODS)})`),
    check(
      'sales_invoices_amounts_ck',
      sql`${t.gross_amount} >= 0 and ${t.discount_amount} >= 0 and ${t.net_amount} >= 0 and ${t.discount_amount} <= ${t.gross_amount}`,
    ),
    check('sales_invoices_due_ck', sql`${t.due_date} is null or ${t.due_date} >= ${t.invoice_date}`),
  ],
);

/** A line of an invoice. */
export const sales_invoice_lines = pgTable(
  'sales_invoice_lines',
  {
    id: id(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => sales_invoices.id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: quantity('qty').notNull(),
    uom: text('uom').notNull(),
    price: money('price').notNull(),
    discount: money('discount').notNull().default(0),
    net_amount: money('net_amount').notNull(),
  },
  (t) => [
    uniqueIndex('sales_invoice_lines_invoice_line_uq').on(t.invoice_id, t.line_no),
    index('sales_invoice_lines_item_idx').on(t.item_id),
    check('sales_invoice_lines_qty_ck', sql`${t.qty} > 0`),
    check(
      'sales_invoice_lines_amounts_ck',
      sql`${t.price} >= 0 and ${t.discount} >= 0 and ${t.net_amount} >= 0`,
    ),
  ],
);

/** An order a store placed through the app. */
export const customer_order_headers = pgTable(
  'customer_order_headers',
  {
    id: id(),
    document_no: text('document_no').notNull(),
    transaction_date: date('transaction_date', { mode: 'string' }).notNull(),
    transaction_time: time('transaction_time').notNull().default('00:00:00'),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    salesman_id: integer('salesman_id').references(() => salesmen.id, { onDelete: 'set null' }),
    gross_amount: money('gross_amount').notNull().default(0),
    discount_amount: money('discount_amount').notNull().default(0),
    net_amount: money('net_amount').notNull().default(0),
    status: text('status').notNull().default('new'),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customer_order_headers_document_no_uq').on(t.document_no),
    index('customer_order_headers_date_idx').on(t.transaction_date, t.transaction_time, t.id),
    index('customer_order_headers_customer_idx').on(t.customer_id, t.transaction_date),
    index('customer_order_headers_branch_date_idx').on(t.branch_id, t.transaction_date),
    index('customer_order_headers_status_idx').on(t.status, t.transaction_date),
    index('customer_order_headers_net_idx').on(t.net_amount, t.id),
    index('customer_order_headers_created_idx').on(t.created_at, t.id),
    index('customer_order_headers_document_no_trgm').using('gin', sql`${t.document_no} gin_trgm_ops`),
    check('customer_order_headers_status_ck', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check(
      'customer_order_headers_amounts_ck',
      sql`${t.gross_amount} >= 0 and ${t.discount_amount} >= 0 and ${t.net_amount} >= 0`,
    ),
  ],
);

/** A line of an app order. */
export const customer_order_lines = pgTable(
  'customer_order_lines',
  {
    id: id(),
    customer_order_header_id: integer('customer_order_header_id')
      .notNull()
      .references(() => customer_order_headers.id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id),
    qty: quantity('qty').notNull(),
    uom: text('uom').notNull(),
    price: money('price').notNull(),
    discount: money('discount').notNull().default(0),
    net_amount: money('net_amount').notNull(),
  },
  (t) => [
    uniqueIndex('customer_order_lines_order_line_uq').on(t.customer_order_header_id, t.line_no),
    index('customer_order_lines_item_idx').on(t.item_id),
    check('customer_order_lines_qty_ck', sql`${t.qty} > 0`),
    check(
      'customer_order_lines_amounts_ck',
      sql`${t.price} >= 0 and ${t.discount} >= 0 and ${t.net_amount} >= 0`,
    ),
  ],
);
