// Streamed export of a whole list (issue 14): every matching row, past any page or cap, with the
// list's filters, search and branch scope, as CSV and XLSX, with the total announced up front.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { EXPORT_BATCH } from '../src/resources/export';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
const MANY = EXPORT_BATCH * 2 + 123;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  const { b1, b3 } = h.fixture.branches;
  // More customers than two export batches: most in b1, every seventh in b3 (outside the branch user).
  await h.database.db.execute(sql`
    insert into customers (customer_code, customer_name, phone_number, branch_id)
    select 'EXP-' || lpad(g::text, 6, '0'), 'Toko Ekspor ' || g, '0813' || lpad(g::text, 7, '0'),
           case when g % 7 = 0 then ${b3.id}::int else ${b1.id}::int end
    from generate_series(1, ${MANY}) g`);
});
afterAll(async () => {
  await h?.close();
});

async function get(token: string, url: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return res;
}

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /export/<resource>', () => {
  it('should stream every matching row as CSV, past the old 10,000-row page limit of the client', async () => {
    const res = await get(
      admin,
      '/export/customer?format=csv&search=Toko%20Ekspor&columns=customer_code,customer_name,branch_id&labels=Kode|Nama|Cabang',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="customer-\d{8}\.csv"/);
    expect(Number(res.headers['x-total-count'])).toBe(MANY);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Kode,Nama,Cabang');
    expect(lines).toHaveLength(MANY + 1);
    const codes = new Set(lines.slice(1).map((l) => l.split(',')[0]));
    expect(codes.size).toBe(MANY);
    expect(codes.has('EXP-000001')).toBe(true);
    expect(codes.has(`EXP-${String(MANY).padStart(6, '0')}`)).toBe(true);
  });

  it('should apply the list filters and the caller branch scope', async () => {
    const { b3 } = h.fixture.branches;
    const onlyB3 = await get(
      admin,
      `/export/customer?search=Toko%20Ekspor&branch_id=${b3.id}&columns=customer_code`,
    );
    expect(csvLines(onlyB3.body)).toHaveLength(Math.floor(MANY / 7) + 1);
    const scoped = await get(
      branchUser,
      '/export/customer?search=Toko%20Ekspor&columns=customer_code,branch_id',
    );
    expect(scoped.statusCode).toBe(200);
    const lines = csvLines(scoped.body).slice(1);
    expect(lines).toHaveLength(MANY - Math.floor(MANY / 7));
    expect(lines.every((l) => l.split(',')[1] !== String(b3.id))).toBe(true);
    expect(Number(scoped.headers['x-total-count'])).toBe(lines.length);
  });

  it('should write a valid XLSX with the headers and every row', async () => {
    const res = await get(
      admin,
      '/export/customer?format=xlsx&search=Toko%20Ekspor&columns=customer_code,customer_name&labels=Kode|Nama',
    );
    expect(res.statusCode).toBe(200);
    const ExcelJS = ((await import('exceljs')) as unknown as { default: typeof import('exceljs') }).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'Kode', 'Nama']);
    expect(ws.rowCount).toBe(MANY + 1);
    expect(ws.getRow(2).getCell(1).value).toBe('EXP-000001');
  });

  it('should refuse an unknown column (or skip it when asked) and a call without a token', async () => {
    const bad = await get(admin, '/export/customer?columns=customer_code,password_hash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().err_msg[0]).toMatch(/^columns: unknown column 'password_hash'/);
    const skipped = await get(
      admin,
      '/export/customer?search=Toko%20Ekspor%201&columns=customer_code,flags,customer_name&labels=Kode|Tanda|Nama&unknown=skip',
    );
    expect(skipped.statusCode).toBe(200);
    expect(csvLines(skipped.body)[0]).toBe('Kode,Nama');
    const anon = await h.app.inject({ method: 'GET', url: '/v1/api/export/customer' });
    expect(anon.statusCode).toBe(401);
    const [{ n }] = await rows<{ n: number }>(h.database.db, sql`select count(*)::int as n from customers`);
    expect(n).toBeGreaterThanOrEqual(MANY);
  });
});
