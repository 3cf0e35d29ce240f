// Orders and invoices, declared once: customer orders and sales invoices, each listed (scoped to the
// caller's branches through the branch copied onto the header) and shown with its lines.
import { customerOrderContract, salesInvoiceContract } from '@lbo/contract/sales';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { branches, salesmen } from '../../db/schema/organisation';
import { items } from '../../db/schema/products';
import {
  sales_invoice_lines as invoiceLines,
  sales_invoices as invoices,
  customer_order_lines as orderLines,
  customer_order_headers as orders,
} from '../../db/schema/sales';
import { monthRange } from '../../http/dates';
import { branchCondition } from '../../http/scope';
import { defineResource, outerColumn } from '../../resources/define';
import { baseQuery, selectColumns } from '../../resources/routes';

const fromDate = (col: AnyPgColumn) => (d: string) => sql`${col} >= ${d}::date`;
const untilDate = (col: AnyPgColumn) => (d: string) => sql`${col} <= ${d}::date`;

function loadLines(db: DbOrTx, table: typeof orderLines | typeof invoiceLines, parent: SQL | AnyPgColumn) {
  return db
    .select({
      id: table.id,
      line_no: table.line_no,
      item_id: table.item_id,
      item_code: items.item_code,
      item_name: items.item_name,
      qty: table.qty,
      uom: table.uom,
      price: table.price,
      discount: table.discount,
      net_amount: table.net_amount,
    })
    .from(table)
    .innerJoin(items, eq(items.id, table.item_id))
    .where(sql`${parent}`)
    .orderBy(asc(table.line_no));
}

export const customerOrderResource = defineResource({
  contract: customerOrderContract,
  table: orders,
  columns: {
    id: orders.id,
    document_no: orders.document_no,
    transaction_date: orders.transaction_date,
    transaction_time: orders.transaction_time,
    customer_id: orders.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: orders.branch_id,
    branch_name: branches.name,
    salesman_id: orders.salesman_id,
    salesman_name: salesmen.salesman_name,
    gross_amount: orders.gross_amount,
    discount_amount: orders.discount_amount,
    net_amount: orders.net_amount,
    status: orders.status,
    note: orders.note,
    created_date: orders.created_at,
    created_at: orders.created_at,
    updated_at: orders.updated_at,
  },
  // Left joins (the rows always exist) so that counts and page-id scans need no join at all.
  joins: (q) =>
    q
      .leftJoin(customers, eq(customers.id, orders.customer_id))
      .leftJoin(branches, eq(branches.id, orders.branch_id))
      .leftJoin(salesmen, eq(salesmen.id, orders.salesman_id)),
  sort: {
    // Date plus time (index customer_order_headers_date_idx), then the id tie-breaker.
    transaction_date: [orders.transaction_date, orders.transaction_time],
    customer_name: customers.customer_name,
    customer_code: customers.customer_code,
    net_amount: orders.net_amount,
    branch_name: branches.name,
    created_date: orders.created_at,
    created_at: orders.created_at,
    id: orders.id,
    id_customer_order_header: orders.id,
    document_no: orders.document_no,
    status: orders.status,
  },
  search: [orders.document_no, customers.customer_name, customers.customer_code],
  filters: {
    start_date: fromDate(orders.transaction_date),
    end_date: untilDate(orders.transaction_date),
    status: orders.status,
    customer_id: orders.customer_id,
    branch_id: orders.branch_id,
    salesman_id: orders.salesman_id,
  },
  scope: { branchColumn: orders.branch_id },
  detail: async (order, { db }) => ({
    ...order,
    lines: await loadLines(db, orderLines, eq(orderLines.customer_order_header_id, order.id as number)),
  }),
});

export const salesInvoiceResource = defineResource({
  contract: salesInvoiceContract,
  table: invoices,
  columns: {
    id: invoices.id,
    document_no: invoices.document_no,
    invoice_date: invoices.invoice_date,
    due_date: invoices.due_date,
    customer_id: invoices.customer_id,
    customer_code: customers.customer_code,
    customer_name: customers.customer_name,
    branch_id: invoices.branch_id,
    branch_name: branches.name,
    salesman_id: invoices.salesman_id,
    salesman_name: salesmen.salesman_name,
    gross_amount: invoices.gross_amount,
    discount_amount: invoices.discount_amount,
    net_amount: invoices.net_amount,
    status: invoices.status,
    payment_method: invoices.payment_method,
    virtual_account_no: invoices.virtual_account_no,
    paid_at: invoices.paid_at,
    note: invoices.note,
    created_at: invoices.created_at,
    updated_at: invoices.updated_at,
  },
  // Left joins (the rows always exist) so that counts and page-id scans need no join at all.
  joins: (q) =>
    q
      .leftJoin(customers, eq(customers.id, invoices.customer_id))
      .leftJoin(branches, eq(branches.id, invoices.branch_id))
      .leftJoin(salesmen, eq(salesmen.id, invoices.salesman_id)),
  sort: {
    invoice_date: invoices.invoice_date,
    id: invoices.id,
    invoice_id: invoices.id,
    document_no: invoices.document_no,
    due_date: invoices.due_date,
    net_amount: invoices.net_amount,
    customer_name: customers.customer_name,
    branch_name: branches.name,
    created_at: invoices.created_at,
    created_date: invoices.created_at,
  },
  search: [invoices.document_no, customers.customer_name, customers.customer_code],
  filters: {
    status: invoices.status,
    payment_method: invoices.payment_method,
    customer_id: invoices.customer_id,
    branch_id: invoices.branch_id,
    region_id: branches.region_id,
    salesman_id: invoices.salesman_id,
  },
  // The date range always applies to the list: the current calendar month unless dates are given.
  where: (req) => {
    const q = (req.query ?? {}) as { start_date?: string; end_date?: string };
    const r = monthRange(q.start_date, q.end_date);
    return sql`${invoices.invoice_date} between ${r.start}::date and ${r.end}::date`;
  },
  scope: { branchColumn: invoices.branch_id },
  // With no filter but dates and branch, the total comes from the per-day-per-branch invoice counts
  // (dash_day_branch, kept by triggers in every writer's transaction: /work/notes/rollups.md), so a
  // year's count reads ~365 x branches rows instead of every invoice.
  count: (req, q) => {
    const others = ['status', 'payment_method', 'customer_id', 'region_id', 'salesman_id'];
    if (others.some((k) => q[k] !== undefined) || (typeof q.search === 'string' && q.search.trim())) {
      return undefined;
    }
    const r = monthRange(q.start_date as string | undefined, q.end_date as string | undefined);
    const parts = [
      sql`d.day between ${r.start}::date and ${r.end}::date`,
      q.branch_id === undefined ? undefined : sql`d.branch_id = ${q.branch_id}`,
      branchCondition(req, sql`d.branch_id`),
    ].filter((p): p is SQL => p !== undefined);
    return sql`select coalesce(sum(d.invoice_count), 0)::bigint as n from dash_day_branch d where ${sql.join(parts, sql` and `)}`;
  },
  detail: async (invoice, { db }) => ({
    ...invoice,
    lines: await loadLines(db, invoiceLines, eq(invoiceLines.invoice_id, invoice.id as number)),
  }),
});

export const salesResources = [customerOrderResource, salesInvoiceResource];

/** The points an invoice earned: its live ledger rows (index point_ledger_invoice_idx). */
const pointsEarned = sql<number>`(select coalesce(sum(l.points), 0)::int from point_ledger l
  where l.invoice_document_no = ${outerColumn(invoices.document_no)} and not l.void)`;

/**
 * One store's invoices as the invoice list shows them, newest first (index customer_id,
 * invoice_date), each with the points it earned: the sum of the live ledger rows tied to it.
 */
export async function invoicesOfStore(
  db: DbOrTx,
  customerId: number,
  page: { page: number; limit: number },
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const cols = { ...selectColumns(salesInvoiceResource), points_earned: pointsEarned };
  const [list, [{ n }]] = await Promise.all([
    baseQuery(db, salesInvoiceResource, cols)
      .where(eq(invoices.customer_id, customerId))
      .orderBy(desc(invoices.invoice_date), desc(invoices.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit) as Promise<Record<string, unknown>[]>,
    db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(eq(invoices.customer_id, customerId)),
  ]);
  return { rows: list, total: Number(n) };
}

/** One of the store's invoices with its lines (the invoice detail's), or null when it is not the store's. */
export async function invoiceOfStore(
  db: DbOrTx,
  req: FastifyRequest,
  customerId: number,
  id: number,
): Promise<Record<string, unknown> | null> {
  const cols = { ...selectColumns(salesInvoiceResource), points_earned: pointsEarned };
  const [row] = (await baseQuery(db, salesInvoiceResource, cols)
    .where(and(eq(invoices.id, id), eq(invoices.customer_id, customerId)))
    .limit(1)) as Record<string, unknown>[];
  if (!row) return null;
  return (await salesInvoiceResource.detail!(row, { req, db, query: {} })) as Record<string, unknown>;
}
