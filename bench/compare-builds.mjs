// Two builds of the server side by side, interleaved, as `npm start -w server` runs each
// (`node dist/main.js`, the embedded database, the demo seed on its first start): requests/s of the
// store routes and a staff list at 10 and 50 connections, medians of the rounds. Usage:
//   git worktree add /tmp/base <commit> && (cd /tmp/base && ln -s <this checkout>/node_modules . && node server/build.mjs)
//   node server/build.mjs && node bench/compare-builds.mjs /tmp/base/server server
// ROUNDS (3) and DUR (seconds a run, 3); FRESH=1 seeds the two data directories again.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const [beforeDir, afterDir] = process.argv.slice(2).map((d) => path.resolve(d));
const builds = { before: beforeDir, after: afterDir };
const ROUNDS = Number(process.env.ROUNDS ?? 3),
  DUR = Number(process.env.DUR ?? 3);
const PHONE = '088242036093';
async function start(name, dir, port) {
  const data = path.join(process.env.TMPDIR ?? '/tmp', `lbo-compare-${name}`);
  if (process.env.FRESH) rmSync(data, { recursive: true, force: true });
  const p = spawn(process.execPath, ['dist/main.js'], {
    cwd: dir,
    env: {
      ...process.env,
      DATA_DIR: data,
      PORT: String(port),
      HOST: '127.0.0.1',
      CHECK_RESPONSES: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  p.stdout.on('data', (d) => {
    out += d;
    if (out.length > 1e6) out = out.slice(-1e5);
  });
  p.stderr.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      const r = await fetch(`${url}/v1/api/health`);
      if (r.status < 500) break;
    } catch {
      // not listening yet
    }
    if (p.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 300));
  }
  const B = `${url}/v1/api`;
  const post = (u, b) =>
    fetch(B + u, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b),
    }).then((r) => r.json());
  const staff = (await post('/web/auth', { email: 'admin@example.com', password: 'admin123' })).data.token;
  out = '';
  await post('/store/auth/otp', { phone_number: PHONE });
  await new Promise((r) => setTimeout(r, 500));
  const code = out.match(new RegExp(`${PHONE}\\D+(\\d{6})`))[1];
  const store = (await post('/store/auth', { phone_number: PHONE, code })).data.token;
  return { name, url, staff, store, proc: p };
}
const a = await start('before', builds.before, 39101);
const b = await start('after', builds.after, 39102);
const routes = [
  ['/store/me', 'store'],
  ['/store/points', 'store'],
  ['/store/inbox', 'store'],
  ['/store/feed', 'store'],
  ['/web/customer/', 'staff'],
];
const res = {};
for (let round = 0; round < ROUNDS; round++)
  for (const conns of [10, 50])
    for (const [route, who] of routes)
      for (const s of round % 2 ? [b, a] : [a, b]) {
        const r = await autocannon({
          url: `${s.url}/v1/api${route}`,
          connections: conns,
          duration: DUR,
          headers: { authorization: `Bearer ${s[who]}`, 'x-app-version': '1.0.0' },
        });
        const k = `${route} c${conns}`;
        res[k] = res[k] ?? { before: [], after: [] };
        res[k][s.name].push({
          rps: r.requests.average,
          p50: r.latency.p50,
          non2xx: r.non2xx,
          errors: r.errors,
        });
      }
const med = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
console.log(
  '| route | conns | before req/s | after req/s | after/before | p50 before / after ms | non-2xx |',
);
for (const [k, v] of Object.entries(res)) {
  const [route, c] = k.split(' ');
  const rb = med(v.before.map((x) => x.rps)),
    ra = med(v.after.map((x) => x.rps));
  console.log(
    `| ${route} | ${c.slice(1)} | ${rb.toFixed(0)} | ${ra.toFixed(0)} | ${(ra / rb).toFixed(2)}× | ${med(v.before.map((x) => x.p50))} / ${med(v.after.map((x) => x.p50))} | ${[...v.before, ...v.after].reduce((s, x) => s + x.non2xx + x.errors, 0)} |`,
  );
}
a.proc.kill('SIGTERM');
b.proc.kill('SIGTERM');
