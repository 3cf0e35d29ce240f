// First load in Chromium: the real server started as a process
// (web/dist as built; `npm run build` first), /usr/bin/chromium through playwright-core.
//
// For each page, cold (a new browser context: empty cache) and warm (the same context, second visit),
// navigating in a tab that has settled (SETTLE_MS below); the customer list also in a tab just opened:
// - /login: time from navigation start until the sign-in form's e-mail box is in the page; script bytes
//   on the wire, and the gzip size of the scripts the route loaded (target: under 100 KB gzipped).
// - the customer list: time from navigation start until its first data row is in the page (target
//   under 400 ms), beside a plain HTML page on the same server that fetches the same list with
//   `fetch()` and writes the rows (the floor: one document, one request). Ratio = app / plain.
// Also the asset headers: Content-Encoding for a hashed script when the browser offers br/gzip, and
// Cache-Control for it and for index.html.
//
// Usage: npm run bench -- --only first-load [--runs 7] ; DATABASE_URL or DATA_DIR pick the database
// (default: a fresh embedded database in a temporary folder, seeded with the demo data).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const ADMIN = { email: 'admin@example.com', password: 'admin123' };

/** Chromium as the end-to-end tests start it (e2e/support.ts). */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

// The callbacks below run in the page; the bench is type-checked without the DOM library.
type PageGlobal = any;

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, verbose: { type: 'boolean', default: false } },
  strict: false,
});
const RUNS = Math.max(1, Number(args.runs) || 7);
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'web', 'dist');

const TARGET_LOGIN_KB = 100;
const TARGET_FIRST_ROW_MS = 400;

/**
 * How `npm start` runs the server: compiled (server/build.mjs, rebuilt now so the figures are of
 * the current code); through tsx when the build fails (a colleague's code mid-edit).
 */
function serverArgv(): string[] {
  const built = spawnSync(process.execPath, ['server/build.mjs'], { cwd: root, stdio: 'inherit' });
  const compiled = path.join(root, 'server', 'dist', 'main.js');
  if (built.status === 0 && existsSync(compiled)) return [compiled];
  console.warn('the server build failed: measuring the TypeScript sources through tsx');
  return ['--import', 'tsx', 'server/src/main.ts'];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server the way `npm start` does (compiled when server/dist exists). */
export async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; proc: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const argv = serverArgv();
  const proc = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', CHECK_RESPONSES: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/v1/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await new Promise((r) => proc.once('exit', r));
    clearTimeout(t);
  };
  return { url, proc, stop };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Records (in the page) when the first element matching `selector` appears, from navigation start. */
const WATCH = (selector: string) => `
  (() => {
    const mark = () => {
      if (window.__seenAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__seenAt = performance.now();
      }
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  })();`;

async function seenAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (globalThis as PageGlobal).__seenAt !== undefined, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => (globalThis as PageGlobal).__seenAt as number);
}

type Resource = { name: string; transferSize: number; encodedBodySize: number; initiatorType: string };

async function resources(page: Page): Promise<Resource[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PageGlobal[]).map((e) => ({
      name: e.name,
      transferSize: e.transferSize,
      encodedBodySize: e.encodedBodySize,
      initiatorType: e.initiatorType,
    })),
  );
}

const LOGIN_BOX = 'input[type="email"], input[autocomplete="username"], input[name="email"]';
const LIST_ROW = 'table tbody tr td + td';

/**
 * How long a new tab is left before it navigates. Chromium (156, headless) starts two renderers for
 * every new window's omnibox popup (chrome://omnibox-popup.top-chrome/), about 0.35 s of CPU each,
 * while the new tab's first navigation runs: on this 2-core machine they took the page's CPU and
 * added 150 ms or more to every first row measured from a tab just opened. A person
 * opens a bookmark or reloads in a tab that is already there; the bench measures that (`settled`)
 * and also a navigation in a tab just opened (`fresh`).
 */
const SETTLE_MS = 1500;

async function visit(
  context: BrowserContext,
  url: string,
  selector: string,
  tab: 'settled' | 'fresh' = 'settled',
): Promise<{ ms: number; res: Resource[]; nav: number }> {
  const page = await context.newPage();
  await page.addInitScript(WATCH(selector));
  if (tab === 'settled') await new Promise((r) => setTimeout(r, SETTLE_MS));
  await page.goto(url, { waitUntil: 'commit' });
  const ms = await seenAt(page);
  const res = await resources(page);
  const nav = await page.evaluate(() => {
    const n = (performance as PageGlobal).getEntriesByType('navigation')[0];
    return n ? (n.transferSize as number) : 0;
  });
  await page.close();
  return { ms, res, nav };
}

function scriptFiles(res: Resource[]): string[] {
  return res
    .map((r) => new URL(r.name).pathname)
    .filter((p) => p.endsWith('.js'))
    .map((p) => p.replace(/^\//, ''));
}

function gzipKb(files: string[]): number {
  let bytes = 0;
  for (const f of new Set(files)) {
    const file = path.join(dist, f);
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('web/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  let tempDir: string | undefined;
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'lbo-first-load-'));
    env.DATA_DIR = tempDir;
    console.log(`first-load: fresh embedded database in ${tempDir} (the demo seed runs on first start)`);
  }
  const server = await startServer(env);
  const browser: Browser = await launch();
  try {
    const { url } = server;
    // Asset headers, as a browser asks for them.
    const index = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    const html = await index.text();
    const main = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
    const asset = main ? await fetch(`${url}/${main}`, { headers: { 'accept-encoding': 'br, gzip' } }) : null;
    console.log('\nAsset headers (Accept-Encoding: br, gzip)');
    console.log(`  index.html      Cache-Control: ${index.headers.get('cache-control')}`);
    if (asset) {
      console.log(`  ${main}  Content-Encoding: ${asset.headers.get('content-encoding') ?? '(none)'}`);
      console.log(`  ${' '.repeat(main?.length ?? 0)}  Cache-Control: ${asset.headers.get('cache-control')}`);
    }

    // A signed-in session to copy into fresh contexts (the customer list needs one).
    const loginRes = await fetch(`${url}/v1/api/web/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const login = (await loginRes.json()) as { data: Record<string, unknown> & { token: string } };
    if (!loginRes.ok) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
    const { token, ...rest } = login.data;
    const storage = {
      cookies: [],
      origins: [
        {
          origin: url,
          localStorage: [
            { name: 'token', value: token },
            { name: 'user_id', value: String(rest.user_id) },
            { name: 'lbo_session', value: JSON.stringify(rest) },
            { name: 'lbo_lang', value: 'id' },
          ],
        },
      ],
    };
    const PLAIN = `${url}/__bench_plain.html`;
    const plainHtml = `<!doctype html><html><head><meta charset="utf-8"><title>plain</title></head><body>
<table><tbody id="rows"></tbody></table><script>
fetch('/v1/api/web/customer/?page=1&limit=10', { headers: { authorization: 'Bearer ' + localStorage.getItem('token') } })
  .then((r) => r.json()).then((b) => {
    const rows = Array.isArray(b.data) ? b.data : Object.values(b.data)[0];
    document.getElementById('rows').innerHTML = rows.map((c) =>
      '<tr><td>' + c.id + '</td><td>' + String(c.name ?? c.customer_name ?? '').replace(/</g, '&lt;') + '</td></tr>').join('');
  });
</script></body></html>`;

    const samples: Record<string, number[]> = {};
    const add = (k: string, v: number) => {
      samples[k] ??= [];
      samples[k].push(v);
    };
    let loginScripts: string[] = [];
    let loginWire = 0;
    let listScripts: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      // /login, cold then warm.
      {
        const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
        const cold = await visit(context, `${url}/#/login`, LOGIN_BOX);
        add('login cold', cold.ms);
        loginScripts = scriptFiles(cold.res);
        loginWire =
          cold.nav + cold.res.filter((r) => r.name.endsWith('.js')).reduce((s, r) => s + r.transferSize, 0);
        add('login warm', (await visit(context, `${url}/#/login`, LOGIN_BOX)).ms);
        await context.close();
      }
      // Customer list, cold then warm, then the plain page (cold, warm) in its own context; in a
      // settled tab, then in a tab just opened.
      for (const tab of ['settled', 'fresh'] as const) {
        {
          const context = await browser.newContext({
            viewport: { width: 1366, height: 800 },
            storageState: storage,
          });
          const cold = await visit(context, `${url}/#/customers`, LIST_ROW, tab);
          add(`customers cold ${tab}`, cold.ms);
          if (tab === 'settled') listScripts = scriptFiles(cold.res);
          add(`customers warm ${tab}`, (await visit(context, `${url}/#/customers`, LIST_ROW, tab)).ms);
          await context.close();
        }
        {
          const context = await browser.newContext({
            viewport: { width: 1366, height: 800 },
            storageState: storage,
          });
          await context.route(PLAIN, (route) =>
            route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: plainHtml }),
          );
          add(`plain cold ${tab}`, (await visit(context, PLAIN, '#rows tr td + td', tab)).ms);
          add(`plain warm ${tab}`, (await visit(context, PLAIN, '#rows tr td + td', tab)).ms);
          await context.close();
        }
      }
    }
    const m = (k: string) => median(samples[k]);
    console.log(`\nFirst load in Chromium, median of ${RUNS} runs (time from navigation start)`);
    console.log(
      `  /login script: ${loginScripts.length} files, ${r1(gzipKb(loginScripts))} KB gzipped (target < ${TARGET_LOGIN_KB} KB); ${r1(loginWire / 1024)} KB on the wire (cold, html + scripts)`,
    );
    if (args.verbose) {
      for (const f of loginScripts) console.log(`    /login loads ${f}: ${r1(gzipKb([f]))} KB gzipped`);
      for (const f of listScripts) console.log(`    list loads ${f}: ${r1(gzipKb([f]))} KB gzipped`);
    }
    console.log(`  customer list script: ${listScripts.length} files, ${r1(gzipKb(listScripts))} KB gzipped`);
    console.log(
      `  /login form shown         cold ${r1(m('login cold'))} ms   warm ${r1(m('login warm'))} ms`,
    );
    for (const tab of ['settled', 'fresh'] as const) {
      console.log(
        tab === 'settled'
          ? `  In a settled tab (navigating ${SETTLE_MS / 1000} s after the tab opened, as a reload or a bookmark):`
          : '  In a tab just opened (its own start-up competes with the page):',
      );
      for (const kind of ['cold', 'warm']) {
        const app = m(`customers ${kind} ${tab}`);
        const plain = m(`plain ${kind} ${tab}`);
        const target =
          tab === 'settled'
            ? ` (target < ${TARGET_FIRST_ROW_MS} ms: ${app < TARGET_FIRST_ROW_MS ? 'ok' : 'ABOVE'})`
            : '';
        console.log(
          `  customer list first row   ${kind} ${r1(app)} ms${target}   plain HTML+fetch ${r1(plain)} ms   ratio ${r1(app / plain)}x`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
