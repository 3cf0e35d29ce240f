// Factories for the points tests: customers, item categories, items, invoices, rules, promos and
// maximums, inserted directly with drizzle; plus a "point" role for the fixture's branch staff.
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import { point_max_customers, point_promos, point_rules } from '../src/db/schema/points';
import { sales_invoice_lines, sales_invoices } from '../src/db/schema/sales';
import { role_group_roles, roles } from '../src/db/schema/staff';
import { postMovement } from '../src/domain/ledger';

export { makeCustomer, makeCustomerType, makeItem, makeItemCategory as makeCategory } from './factories';

let seq = 0;
const next = () => ++seq + Math.floor(Math.random() * 1e6) * 1000;

/** Gives a customer points the honest way: an injected ledger row plus the cached balance. */
export async function credit(db: Db, customerId: number, points: number) {
  return db.transaction((tx) =>
    postMovement(tx, {
      customerId,
      pointType: 2,
      points,
      source: 'inject',
      reason: 'test balance',
    }),
  );
}

export type Line = { item_id: number; net_amount: number };

export async function makeInvoice(
  db: DbOrTx,
  v: {
    customer_id: number;
    invoice_date: string;
    lines: Line[];
    document_no?: string;
    status?: string;
  },
) {
  const [c] = await db
    .select({ branch_id: customers.branch_id })
    .from(customers)
    .where(eq(customers.id, v.customer_id));
  const total = v.lines.reduce((s, l) => s + l.net_amount, 0);
  const [inv] = await db
    .insert(sales_invoices)
    .values({
      document_no: v.document_no ?? `INV/${next()}`,
      invoice_date: v.invoice_date,
      customer_id: v.customer_id,
      branch_id: c.branch_id,
      gross_amount: total,
      net_amount: total,
      status: v.status ?? 'unpaid',
    })
    .returning();
  await setInvoiceLines(db, inv.id, v.lines);
  return inv;
}

/** Replaces an invoice's lines, as a re-sent invoice from the ERP would. */
export async function setInvoiceLines(db: DbOrTx, invoiceId: number, lines: Line[]) {
  await db.delete(sales_invoice_lines).where(eq(sales_invoice_lines.invoice_id, invoiceId));
  if (lines.length === 0) return;
  await db.insert(sales_invoice_lines).values(
    lines.map((l, i) => ({
      invoice_id: invoiceId,
      line_no: i + 1,
      item_id: l.item_id,
      qty: 1,
      uom: 'PCS',
      price: l.net_amount,
      net_amount: l.net_amount,
    })),
  );
  const total = lines.reduce((s, l) => s + l.net_amount, 0);
  await db.execute(
    sql`update sales_invoices set gross_amount = ${total}, net_amount = ${total} where id = ${invoiceId}`,
  );
}

export async function makeRule(
  db: DbOrTx,
  v: Partial<typeof point_rules.$inferInsert> & { amount_per_point: number },
) {
  const [row] = await db
    .insert(point_rules)
    .values({ name: `Rule ${next()}`, start_date: '2024-01-01', end_date: '2024-12-31', ...v })
    .returning();
  return row;
}

export async function makePromo(
  db: DbOrTx,
  v: Partial<typeof point_promos.$inferInsert> & { start_date: string; end_date: string },
) {
  const [row] = await db
    .insert(point_promos)
    .values({ name: `Promo ${next()}`, ...v })
    .returning();
  return row;
}

export async function makeMax(
  db: DbOrTx,
  v: { customer_id: number; max_point: number; start_date: string; end_date: string },
) {
  const [row] = await db.insert(point_max_customers).values(v).returning();
  return row;
}

/** Lets the fixture's branch staff (branches b1, b2) view and create points. */
export async function grantPointsToBranchStaff(db: DbOrTx, roleGroupId: number) {
  const [role] = await db
    .insert(roles)
    .values({ name: 'point – view/create', area: 'point', can_view: true, can_create: true })
    .returning();
  await db.insert(role_group_roles).values({ role_group_id: roleGroupId, role_id: role.id });
}
