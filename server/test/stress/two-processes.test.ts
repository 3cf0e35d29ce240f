// Two API processes on one PostgreSQL database and one S3-compatible bucket (s3rver, started here),
// as behind a load balancer: a photo uploaded through one is served by the other, a logout on one is
// honoured by the other, an SSE client on one hears an ERP import sent to the other within a second,
// and a broadcast is delivered exactly once while both run and again after the process delivering
// it is killed mid-way (the other resumes it once its lease expires).
//
// Only with TEST_DATABASE_URL: two processes cannot share the embedded database. The test makes its
// own database beside TEST_DATABASE_URL's (`<name>_two`), seeds the demo data into it with the seed
// command and drops it at the end; the database the other tests use is not touched.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer, waitHealthy } from '../support/server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.log(
    'two-processes.test: skipped without TEST_DATABASE_URL (two processes need a PostgreSQL server)',
  );

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');
const BUCKET = 'lbo-two';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// Small slices make a delivery of the demo's ~2,000 stores last seconds, long enough to kill its
// process mid-way. The lease (pg-boss renews none while a job runs) must outlast a whole delivery on
// a loaded machine, and is short so the survivor takes the dead one's run within the test; the
// maintenance run that notices an expired lease comes every 2 s instead of 2 minutes.
const SLICE = 4;
const LEASE_SECONDS = 30;

type Proc = { name: string; port: number; proc: ServerProcess; dir: string };

/** Polls `check` until it answers a value other than undefined, or fails after `ms`. */
async function waitUntil<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function api(p: Proc, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${p.port}/v1/api${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function login(p: Proc): Promise<string> {
  const res = await api(p, 'POST', '/web/auth', undefined, {
    email: 'admin@example.com',
    password: 'admin123',
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data.token as string;
}

/** Opens /web/events and records when each `change` event arrives. */
async function openStream(p: Proc, token: string) {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${p.port}/v1/api/web/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  const events: { at: number; data: Record<string, unknown> }[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (/^event: change$/m.test(block) && data) events.push({ at: Date.now(), data: JSON.parse(data) });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { events, close: () => abort.abort() };
}

/** Stores the logging push adapter says it pushed broadcast `id` to, in one process's log. */
function pushedIn(output: string, id: number): number {
  let n = 0;
  for (const line of output.split('\n')) {
    if (!line.includes(`"broadcast_id":${id},`) || !line.includes('"adapter":"logging"')) continue;
    try {
      n += Number(JSON.parse(line).recipients);
    } catch {
      /* the last line, still being written */
    }
  }
  return n;
}

describe.skipIf(!serverUrl)('two API processes on one database and one bucket', () => {
  const url = new URL(serverUrl ?? 'postgres://unused/unused');
  const dbName = `${url.pathname.slice(1)}_two`;
  const adminUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
  const dbUrl = Object.assign(new URL(url), { pathname: `/${dbName}` }).toString();
  const s3dir = mkdtempSync(path.join(tmpdir(), 'lbo-two-s3-'));
  let s3server: S3rver | undefined;
  let db: pg.Client | undefined;
  const procs: Proc[] = [];
  let a: Proc;
  let b: Proc;

  async function adminQuery(text: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  const q = async <T = Record<string, unknown>>(text: string, values?: unknown[]) =>
    ((await db?.query(text, values))?.rows ?? []) as T[];

  async function start(name: string, env: Record<string, string>): Promise<Proc> {
    const dir = mkdtempSync(path.join(tmpdir(), `lbo-two-${name}-`));
    const port = await freePort();
    const proc = startServer(dir, port, { env });
    const p = { name, port, proc, dir };
    procs.push(p);
    await waitHealthy(port, proc, 180_000);
    return p;
  }

  beforeAll(async () => {
    const ident = `"${dbName.replaceAll('"', '""')}"`;
    await adminQuery(`drop database if exists ${ident} with (force)`);
    await adminQuery(`create database ${ident}`);
    s3server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port: s3port } = await s3server.run();

    // The demo data, as `npm run seed` writes it into a server database (the server seeds only the
    // embedded one itself).
    const seeded = spawn(process.execPath, ['--import', 'tsx', 'src/db/seed/cli.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: dbUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let seedOut = '';
    seeded.stdout?.on('data', (d) => {
      seedOut += d;
    });
    seeded.stderr?.on('data', (d) => {
      seedOut += d;
    });
    const code = await new Promise<number | null>((resolve) => seeded.on('exit', resolve));
    expect(code, seedOut).toBe(0);

    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();

    const env = {
      DATABASE_URL: dbUrl,
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // The same signing key in both (docs/deploy.md): unset, each would generate its own in its DATA_DIR.
      JWT_SECRET: 'two-processes-test-signing-key-0123456789',
      // The push adapter's log line per slice tells which process delivers a broadcast.
      LOG_LEVEL: 'info',
      USER_RATE_LIMIT: '0',
      JOB_WORKERS: 'true',
      JOB_MAINTENANCE_SECONDS: '2',
      BROADCAST_LEASE_SECONDS: String(LEASE_SECONDS),
      BROADCAST_SLICE_SIZE: String(SLICE),
    };
    a = await start('A', env);
    b = await start('B', env);
  });

  afterAll(async () => {
    for (const p of procs) {
      if (p.proc.child.exitCode === null && p.proc.child.signalCode === null) {
        p.proc.child.kill('SIGKILL');
        await p.proc.exited;
      }
      rmSync(p.dir, { recursive: true, force: true });
    }
    await db?.end();
    await s3server?.close();
    rmSync(s3dir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(`drop database if exists "${dbName.replaceAll('"', '""')}" with (force)`);
  });

  it('should serve through B the bytes of a photo uploaded through A', async () => {
    const token = await login(a);
    const boundary = '----lbo-two';
    const res = await fetch(`http://127.0.0.1:${a.port}/v1/api/point_promo/photo`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.status).toBe(201);
    const photo = ((await res.json()) as { data: { url: string } }).data.url;
    expect(photo).toMatch(/^\/uploads\//);
    const served = await fetch(`http://127.0.0.1:${b.port}${photo}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('should refuse on B a token logged out on A', async () => {
    const token = await login(a);
    expect((await api(b, 'GET', '/web/auth/me', token)).status).toBe(200);
    const out = await api(a, 'POST', '/web/auth/logout', token, {});
    expect(out.status, out.text).toBeLessThan(300);
    expect((await api(b, 'GET', '/web/auth/me', token)).status).toBe(401);
    expect((await api(a, 'GET', '/web/auth/me', token)).status).toBe(401);
  });

  it('should tell an event stream on B of an ERP import sent to A within a second', async () => {
    const token = await login(a);
    const stream = await openStream(b, await login(b));
    try {
      const [store] = await q<{ customer_code: string }>(
        `select customer_code from customers where active order by id limit 1`,
      );
      const [item] = await q<{ item_code: string }>(`select item_code from items order by id limit 1`);
      const day = new Date().toISOString().slice(0, 10);
      const res = await api(a, 'POST', '/integration/sales_invoice', token, {
        documents: [
          {
            document_no: `TWO/${Date.now()}`,
            invoice_date: day,
            due_date: day,
            customer_code: store.customer_code,
            lines: [{ item_code: item.item_code, qty: 2, price: 1500 }],
          },
        ],
      });
      const answered = Date.now();
      expect(res.status, res.text).toBe(200);
      const heard = await waitUntil('the import on B', 5_000, async () =>
        stream.events.find((e) => e.data.entity === 'sales_invoice'),
      );
      expect(heard.at - answered).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  /** Creates a broadcast through `p`, executes it and answers its id and audience. */
  async function execute(p: Proc, token: string, body: Record<string, unknown>) {
    const created = await api(p, 'POST', '/broadcast/add', token, {
      title: 'Dua proses',
      message: 'Halo',
      ...body,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const preview = await api(p, 'GET', `/broadcast/execute/${id}/preview`, token);
    const audience = preview.body.data.count as number;
    expect(audience).toBeGreaterThan(0);
    const done = await api(p, 'POST', `/broadcast/execute/${id}?confirm_count=${audience}`, token);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe('queued');
    return { id, audience };
  }

  async function expectDeliveredOnce(id: number, audience: number) {
    const [counts] = await q<{ rows: number; stores: number; sent: number; status: string }>(
      `select (select count(*)::int from broadcast_deliveries where broadcast_id = $1) as rows,
              (select count(distinct customer_id)::int from broadcast_deliveries where broadcast_id = $1) as stores,
              b.sent_count as sent, b.status
         from broadcasts b where b.id = $1`,
      [id],
    );
    expect(counts).toEqual({ rows: audience, stores: audience, sent: audience, status: 'sent' });
    const jobs = await q<{ state: string; retry_count: number }>(
      `select state::text, retry_count from pgboss.job
         where name = 'broadcast-delivery' and (data->>'broadcast_id')::int = $1`,
      [id],
    );
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    return jobs[0];
  }

  const statusOf = async (id: number) =>
    (await q<{ status: string }>(`select status from broadcasts where id = $1`, [id]))[0]?.status;

  it('should deliver a broadcast executed through A exactly once while both run', async () => {
    const token = await login(a);
    const branches = await q<{ id: number }>(`select id from branches order by id limit 2`);
    const { id, audience } = await execute(a, token, {
      audience: 'branch',
      branch_ids: branches.map((r) => r.id),
    });
    const started = Date.now();
    await waitUntil('the broadcast sent', 120_000, async () =>
      (await statusOf(id)) === 'sent' ? true : undefined,
    );
    console.log(
      `two-processes: ${audience} stores delivered in ${Date.now() - started} ms (slices of ${SLICE})`,
    );
    await expectDeliveredOnce(id, audience);
    // The push adapter was called once per store in all, whichever process delivered.
    expect(pushedIn(a.proc.output(), id) + pushedIn(b.proc.output(), id)).toBe(audience);
  });

  it('should deliver exactly once when the process delivering is killed mid-way', async () => {
    const token = await login(b);
    const { id, audience } = await execute(b, token, { audience: 'all' });
    // The process whose push adapter logs this broadcast's first slice runs the job.
    const runner = await waitUntil('a process delivering', 60_000, async () =>
      [a, b].find((p) => pushedIn(p.proc.output(), id) > 0),
    );
    runner.proc.child.kill('SIGKILL');
    await runner.proc.exited;
    const killedAt = Date.now();
    const [mid] = await q<{ n: number }>(
      `select count(*)::int as n from broadcast_deliveries where broadcast_id = $1`,
      [id],
    );
    // Killed mid-delivery: some stores have theirs, not all.
    expect(mid.n).toBeGreaterThan(0);
    expect(mid.n).toBeLessThan(audience);
    expect(await statusOf(id)).not.toBe('sent');
    const survivor = runner === a ? b : a;
    await waitUntil('the survivor to finish the broadcast', LEASE_SECONDS * 1000 + 120_000, async () =>
      (await statusOf(id)) === 'sent' ? true : undefined,
    );
    console.log(
      `two-processes: killed ${runner.name} after ${mid.n}/${audience} deliveries; ${survivor.name} finished ${Date.now() - killedAt} ms later`,
    );
    const job = await expectDeliveredOnce(id, audience);
    // The same job, taken back after its lease and run again by the survivor.
    expect(job.retry_count).toBeGreaterThanOrEqual(1);
    expect(pushedIn(survivor.proc.output(), id)).toBeGreaterThan(0);
    // A push accepted just before the kill, whose slice never committed, is repeated: at most one slice.
    const pushed = pushedIn(a.proc.output(), id) + pushedIn(b.proc.output(), id);
    expect(pushed).toBeGreaterThanOrEqual(audience);
    expect(pushed).toBeLessThanOrEqual(audience + SLICE);
    expect((await api(survivor, 'GET', '/health')).status).toBe(200);
  });
});
