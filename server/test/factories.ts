// Record factories for the customer, product and sales tests (independent of the demo seed):
// each takes the database and overrides, fills the rest with unique, valid values.
import type { PermissionArea } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../src/db/client';
import { customer_activities, customer_types, customers, salesman_visits } from '../src/db/schema/customers';
import { item_categories, item_uom_lines, items } from '../src/db/schema/products';
import {
  customer_order_headers,
  customer_order_lines,
  sales_invoice_lines,
  sales_invoices,
} from '../src/db/schema/sales';
import {
  role_group_roles,
  role_groups,
  roles,
  staff_user_branches,
  staff_users,
} from '../src/db/schema/staff';
import { customer_targets } from '../src/db/schema/targets';
import { hashPassword } from '../src/http/password';

let seq = 0;
const next = () => ++seq;

export async function makeCustomerType(
  db: DbOrTx,
  overrides: Partial<typeof customer_types.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(customer_types)
    .values({ code: `CT-${n}`, name: `Tipe ${n}`, ...overrides })
    .returning();
  return row;
}

export async function makeCustomer(
  db: DbOrTx,
  overrides: Partial<typeof customers.$inferInsert> & { branch_id: number },
) {
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({
      customer_code: `C-${String(n).padStart(5, '0')}`,
      customer_name: `Toko ${n}`,
      phone_number: `0812${String(n).padStart(7, '0')}`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function makeItemCategory(
  db: DbOrTx,
  overrides: Partial<typeof item_categories.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(item_categories)
    .values({ code: `CAT-${n}`, name: `Kategori ${n}`, ...overrides })
    .returning();
  return row;
}

export async function makeItem(
  db: DbOrTx,
  overrides: Partial<typeof items.$inferInsert> & { item_category_id: number },
) {
  const n = next();
  const [row] = await db
    .insert(items)
    .values({ item_code: `ITM-${n}`, item_name: `Produk ${n}`, uom: 'PCS', price: 1000 * n, ...overrides })
    .returning();
  await db
    .insert(item_uom_lines)
    .values({ item_id: row.id, uom: row.uom, conversion_qty: 1, price: row.price, is_base: true });
  return row;
}

type LineInput = { item_id: number; qty: number; price: number; uom?: string; discount?: number };

const lineValues = (lines: LineInput[]) =>
  lines.map((l, i) => ({
    line_no: i + 1,
    item_id: l.item_id,
    qty: l.qty,
    uom: l.uom ?? 'PCS',
    price: l.price,
    discount: l.discount ?? 0,
    net_amount: Math.round((l.qty * l.price - (l.discount ?? 0)) * 100) / 100,
  }));

export async function makeInvoice(
  db: DbOrTx,
  input: {
    customer: { id: number; branch_id: number };
    invoice_date: string;
    lines: LineInput[];
  } & Partial<typeof sales_invoices.$inferInsert>,
) {
  const { customer, lines, ...rest } = input;
  const lv = lineValues(lines);
  const gross = lv.reduce((s, l) => s + l.net_amount, 0);
  const [row] = await db
    .insert(sales_invoices)
    .values({
      document_no: `INV/${next()}`,
      customer_id: customer.id,
      branch_id: customer.branch_id,
      gross_amount: gross,
      net_amount: gross,
      ...rest,
    })
    .returning();
  await db.insert(sales_invoice_lines).values(lv.map((l) => ({ ...l, invoice_id: row.id })));
  return row;
}

export async function makeOrder(
  db: DbOrTx,
  input: {
    customer: { id: number; branch_id: number };
    transaction_date: string;
    lines: LineInput[];
  } & Partial<typeof customer_order_headers.$inferInsert>,
) {
  const { customer, lines, ...rest } = input;
  const lv = lineValues(lines);
  const gross = lv.reduce((s, l) => s + l.net_amount, 0);
  const [row] = await db
    .insert(customer_order_headers)
    .values({
      document_no: `SO/${next()}`,
      customer_id: customer.id,
      branch_id: customer.branch_id,
      gross_amount: gross,
      net_amount: gross,
      ...rest,
    })
    .returning();
  await db.insert(customer_order_lines).values(lv.map((l) => ({ ...l, customer_order_header_id: row.id })));
  return row;
}

export async function makeTarget(
  db: DbOrTx,
  input: { customer_id: number; year: number; month: number; target_amount: number },
) {
  const [row] = await db.insert(customer_targets).values(input).returning();
  return row;
}

export async function makeVisit(
  db: DbOrTx,
  input: { customer_id: number; salesman_id: number; visit_date: string; note?: string },
) {
  const [row] = await db.insert(salesman_visits).values(input).returning();
  return row;
}

export async function makeActivity(
  db: DbOrTx,
  input: { customer_id: number; activity: string; at: string; device?: string },
) {
  const [row] = await db.insert(customer_activities).values(input).returning();
  await db.execute(
    sql`update customers set last_seen_at = greatest(coalesce(last_seen_at, ${input.at}::timestamptz), ${input.at}::timestamptz) where id = ${input.customer_id}`,
  );
  return row;
}

/**
 * A staff user with the given area grants (letters v/c/u/d) limited to the given branches
 * ('all' for every branch). Returns the credentials for `h.login`.
 */
export async function makeStaff(
  db: DbOrTx,
  opts: { email: string; grants: Partial<Record<PermissionArea, string>>; branches: number[] | 'all' },
) {
  const password = 'secret-123';
  const [group] = await db
    .insert(role_groups)
    .values({ name: `Group ${opts.email}` })
    .returning();
  for (const [area, letters] of Object.entries(opts.grants)) {
    const [role] = await db
      .insert(roles)
      .values({
        name: `${area} ${letters} ${opts.email}`,
        area,
        can_view: letters.includes('v'),
        can_create: letters.includes('c'),
        can_update: letters.includes('u'),
        can_delete: letters.includes('d'),
      })
      .returning();
    await db.insert(role_group_roles).values({ role_group_id: group.id, role_id: role.id });
  }
  const [user] = await db
    .insert(staff_users)
    .values({
      name: opts.email,
      email: opts.email,
      password_hash: await hashPassword(password),
      role_group_id: group.id,
      all_branches: opts.branches === 'all',
    })
    .returning();
  if (opts.branches !== 'all' && opts.branches.length > 0) {
    await db
      .insert(staff_user_branches)
      .values(opts.branches.map((branch_id) => ({ user_id: user.id, branch_id })));
  }
  return { id: user.id, email: opts.email, password };
}

/** How many rows a table holds (raw, for "nothing was written" checks). */
export async function countRows(db: DbOrTx, table: string): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return r.n;
}

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body for `app.inject`: text fields and files. */
export function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lbo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''
    }\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
