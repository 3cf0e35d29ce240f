// The store web app's first screen on a slow phone: the real server started as `npm start` starts it
// (store-app/dist as built: `npm run build` first), /usr/bin/chromium through playwright-core, the
// tab throttled through the DevTools protocol as DevTools' "Slow 4G" preset with a 4× CPU slowdown.
//
// A demo store signs in through the API (its code read from the server's log line
// `otp: <phone> <code>`, as the e2e tests and an operator read it), and its session is put where the
// app keeps it (localStorage `lbo_store_session`, store-app/src/lib/session.ts), so the app opens
// on its home. Then, per run:
// - the app's home: time from navigation start until the balance figure is in the page, cold (a new
//   browser context: no cache, no service worker) and warm (the same context, the next open, with
//   the service worker installed and the shell in its cache);
// - beside it a plain HTML page on the same origin that fetches `/v1/api/store/me` with the same
//   token and writes the balance (the floor: one document, one request), cold and warm.
// Also the home's script: the scripts index.html names, gzipped (target under 80 KB), index.html's own
// size (it carries the inline script that writes the balance first, and the styles), and what the
// cold home loaded, by kind, with the bytes on the wire.
//
// Usage: npm run build && npm run bench -- --only store-app [--runs 5] [--verbose]
// DATA_DIR picks the embedded database (default: a fresh one in a temporary folder, seeded with the
// demo data on first start); DATABASE_URL the PostgreSQL server.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { median, root, startProject } from '../lib/server';

const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const dist = path.join(root, 'store-app', 'dist');
const TARGET_BALANCE_MS = 1500;
const TARGET_SCRIPT_KB = 80;

/**
 * DevTools' "Slow 4G" preset (Chrome DevTools front_end/core/sdk/NetworkManager.ts, Slow4GConditions,
 * the preset called "Fast 3G" before Chrome 119): 1.6 Mbps down and 750 kbps up at 90 %, 150 ms
 * latency × 3.75. Throughputs in bytes per second.
 */
const SLOW_4G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};
const CPU_SLOWDOWN = 4;

/** How long a new tab is left before it navigates (bench/areas/first-load.ts SETTLE_MS: why). */
const SETTLE_MS = 1500;

// The callbacks below run in the page; the bench is type-checked without the DOM library.
type PageGlobal = any;

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, verbose: { type: 'boolean', default: false } },
  strict: false,
});
const RUNS = Math.max(1, Number(args.runs) || 5);

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

/** Records (in the page) when the first element matching `selector` appears, from navigation start. */
const WATCH = (selector: string) => `
  (() => {
    const mark = () => {
      if (window.__seenAt === undefined && document.querySelector(${JSON.stringify(selector)})) {
        window.__seenAt = performance.now();
        // Who wrote it: index.html's inline script (the app had not run yet) or the app.
        window.__seenBy = window.__lboEarly && !window.__lboEarly.taken ? 'inline' : 'app';
      }
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  })();`;

type Resource = { name: string; transferSize: number; initiatorType: string; start: number; end: number };

async function visit(
  context: BrowserContext,
  url: string,
  selector: string,
  opts: { waitForWorker?: boolean } = {},
): Promise<{ ms: number; by: string; res: Resource[] }> {
  const page = await context.newPage();
  if (args.verbose) {
    page.on('console', (m) => console.log(`    [console] ${m.text()}`));
    page.on('pageerror', (e) => console.log(`    [pageerror] ${e.message}`));
  }
  await page.addInitScript(WATCH(selector));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as PageGlobal).__seenAt !== undefined, null, {
    timeout: 60_000,
  });
  const ms = await page.evaluate(() => (globalThis as PageGlobal).__seenAt as number);
  const by = await page.evaluate(() => String((globalThis as PageGlobal).__seenBy ?? '-'));
  const res = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PageGlobal[]).map((e) => ({
      name: e.name,
      transferSize: e.transferSize,
      initiatorType: e.initiatorType,
      start: e.startTime,
      end: e.responseEnd,
    })),
  );
  if (opts.waitForWorker) {
    // The next open is "warm" only once the worker has installed and cached the shell.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const nav = (globalThis as PageGlobal).navigator;
          if (!nav.serviceWorker) return resolve(false);
          nav.serviceWorker.ready.then(() => resolve(true));
          setTimeout(() => resolve(false), 30_000);
        }),
    );
  }
  await page.close();
  return { ms, by, res };
}

/** index.html itself (its inline script and styles), gzipped. */
function indexKb(): number {
  return gzipSync(readFileSync(path.join(dist, 'index.html')), { level: 9 }).length / 1024;
}

/** The scripts index.html starts with (the home's script) and their gzip size. */
function homeScript(): { files: string[]; kb: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="\/app\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/app\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  let bytes = 0;
  for (const f of new Set(files)) bytes += gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  return { files, kb: bytes / 1024 };
}

const r1 = (v: number) => Math.round(v * 10) / 10;

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('store-app/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  let tempDir: string | undefined;
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info' };
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'lbo-store-app-'));
    env.DATA_DIR = tempDir;
    console.log(`store-app: fresh embedded database in ${tempDir} (the demo seed runs on first start)`);
  }
  const codes = new Map<string, string>();
  const server = await startProject(env, {
    onLine(line) {
      const m = /"msg":"otp: (\S+) (\d{6})"/.exec(line);
      if (m) codes.set(m[1], m[2]);
    },
  });
  const browser = await launch();
  try {
    const { url } = server;
    const api = async (method: string, p: string, token: string | null, body?: unknown) => {
      const r = await fetch(`${url}/v1/api${p}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await r.json()) as { data: any };
      if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
      return json.data;
    };

    // A demo store that may use the app, with points and a phone number of its own (as e2e picks it).
    const staff = (await api('POST', '/web/auth', null, ADMIN)).token as string;
    const balances = (await api(
      'GET',
      '/point/report/customer_balance?limit=100&by=point_balance&sort=desc',
      staff,
    )) as Array<{
      customer_code: string;
      show_in_app: boolean;
      exclude_all_point: boolean;
      point_balance: number;
    }>;
    let store: { customer_id: number; phone_number: string } | undefined;
    for (const b of balances) {
      if (!b.show_in_app || b.exclude_all_point || b.point_balance <= 0) continue;
      const found = (await api('GET', `/web/customer/?limit=1&search=${b.customer_code}`, staff)) as {
        list_customer: Array<{
          customer_id: number;
          customer_code: string;
          phone_number: string;
          active: boolean;
        }>;
      };
      const c = found.list_customer.find((x) => x.customer_code === b.customer_code);
      if (c?.active && /^0\d{8,14}$/.test(c.phone_number)) {
        store = c;
        break;
      }
    }
    if (!store) throw new Error('no demo store that can sign in');
    await api('POST', '/store/auth/otp', null, { phone_number: store.phone_number });
    const deadline = Date.now() + 15_000;
    while (!codes.has(store.phone_number)) {
      if (Date.now() > deadline)
        throw new Error(`no sign-in code in the server log for ${store.phone_number}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await api('POST', '/store/auth', null, {
      phone_number: store.phone_number,
      code: codes.get(store.phone_number),
      customer_id: store.customer_id,
    });
    // What store-app/src/lib/session.ts saveSession keeps.
    const session = {
      token: login.token,
      refresh_token: login.refresh_token,
      expired_date: login.expired_date,
      customer_id: login.customer_id,
      customer_name: login.customer_name,
      customer_code: login.customer_code,
    };
    const storage = {
      cookies: [],
      origins: [
        {
          origin: url,
          localStorage: [
            { name: 'lbo_store_session', value: JSON.stringify(session) },
            { name: 'lbo_store_lang', value: 'id' },
          ],
        },
      ],
    };
    // Outside /app/: the app's service worker does not answer for it.
    const PLAIN = `${url}/__bench_store_plain.html`;
    const plainHtml = `<!doctype html><html lang="id"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>plain</title></head><body>
<p id="out"></p><script>
const s = JSON.parse(localStorage.getItem('lbo_store_session'));
fetch('/v1/api/store/me', { headers: { authorization: 'Bearer ' + s.token } })
  .then((r) => r.json()).then((b) => {
    document.getElementById('out').innerHTML = '<span id="balance">' + b.data.point_balance + '</span> poin';
  });
</script></body></html>`;

    const viewport = { width: 390, height: 844 };
    const samples: Record<string, number[]> = {};
    const add = (k: string, v: number) => {
      samples[k] ??= [];
      samples[k].push(v);
    };
    let coldRes: Resource[] = [];
    const writers: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      {
        const context = await browser.newContext({ viewport, storageState: storage, isMobile: true });
        const cold = await visit(context, `${url}/app/`, '[data-testid="balance"]', { waitForWorker: true });
        add('app cold', cold.ms);
        coldRes = cold.res;
        const warm = await visit(context, `${url}/app/`, '[data-testid="balance"]');
        add('app warm', warm.ms);
        const meAt = (res: Resource[]) => {
          const r = res.find((x) => new URL(x.name).pathname === '/v1/api/store/me');
          return r ? String(Math.round(r.end)) : '-';
        };
        writers.push(`${cold.by}/${warm.by}; /store/me answered at ${meAt(cold.res)}/${meAt(warm.res)} ms`);
        await context.close();
      }
      {
        const context = await browser.newContext({ viewport, storageState: storage, isMobile: true });
        await context.route(PLAIN, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: plainHtml }),
        );
        add('plain cold', (await visit(context, PLAIN, '#balance')).ms);
        add('plain warm', (await visit(context, PLAIN, '#balance')).ms);
        await context.close();
      }
      if (args.verbose) {
        console.log(
          `  run ${i + 1}: app ${r1(samples['app cold'][i])} / ${r1(samples['app warm'][i])} ms (written by ${writers[i]}), plain ${r1(samples['plain cold'][i])} / ${r1(samples['plain warm'][i])} ms`,
        );
      }
    }
    const m = (k: string) => median(samples[k]);
    const script = homeScript();
    console.log(
      `\nStore app home in Chromium, DevTools "Slow 4G" + ${CPU_SLOWDOWN}x CPU slowdown, 390 px, median of ${RUNS} runs`,
    );
    console.log(
      `  home script: ${script.files.join(', ')}: ${r1(script.kb)} KB gzipped (target < ${TARGET_SCRIPT_KB} KB: ${script.kb < TARGET_SCRIPT_KB ? 'ok' : 'ABOVE'})`,
    );
    console.log(`  index.html (inline script and styles): ${r1(indexKb())} KB gzipped`);
    console.log('  cold home loaded (from navigation start, ms; bytes on the wire):');
    for (const r of coldRes) {
      console.log(
        `    ${r.initiatorType.padEnd(14)} ${new URL(r.name).pathname.padEnd(44)} ${String(Math.round(r.start)).padStart(5)}–${String(Math.round(r.end)).padStart(5)}  ${r.transferSize} B`,
      );
    }
    for (const kind of ['cold', 'warm']) {
      const app = m(`app ${kind}`);
      const plain = m(`plain ${kind}`);
      console.log(
        `  balance shown  ${kind} ${r1(app)} ms (target < ${TARGET_BALANCE_MS} ms: ${app < TARGET_BALANCE_MS ? 'ok' : 'ABOVE'})   plain HTML+fetch ${r1(plain)} ms   ratio ${r1(app / plain)}x`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
