// Throughput with one API process and with two on the same PostgreSQL database, side by side in one
// run (docs/deploy.md runs several behind a load balancer). Both processes are started as `npm start`
// starts the server, with one JWT_SECRET as a deployment sets it; process B runs beside A the whole
// time, so the only difference between the rounds is where the load goes. A round with one process
// sends every connection to A; a round with two sends half to A and half to B (what a round-robin
// balancer does), and adds the two answers' requests per second. Rounds alternate, and the table
// gives the medians and the ratio two ÷ one.
//
// On a machine with few cores the ratio says what limits it: the processes, PostgreSQL and the load
// generator share the same cores, so a second process helps only while one process's own CPU (the
// Node.js event loop, serialisation) is the bottleneck and PostgreSQL still has room.
//
// Usage: DATABASE_URL=postgres://.../lbo_bench npm run bench -- --only processes
//          [--connections 50 --duration 5 --runs 3]
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { median, type Proc, signIn, startProject } from '../lib/server';

type CannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
// autocannon ships no types.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<CannonResult>;

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
  },
  strict: false,
});
const CONNECTIONS = Math.max(2, Number(args.connections) || 50);
const DURATION = Math.max(1, Number(args.duration) || 5);
const RUNS = Math.max(1, Number(args.runs) || 3);

type Round = { rps: number; p99: number; errors: number };

/** One load on each `targets` entry at once (connections split evenly); requests/s added up. */
async function round(targets: string[], path: string, token: string): Promise<Round> {
  const each = Math.floor(CONNECTIONS / targets.length);
  const results = await Promise.all(
    targets.map((url) =>
      autocannon({
        url: `${url}/v1/api${path}`,
        connections: each,
        duration: DURATION,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
  };
}

async function main(databaseUrl: string) {
  const env = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // One token drives every request: the per-user limit is not what is measured.
    USER_RATE_LIMIT: '100000000',
  };
  const procs: Proc[] = [];
  try {
    // A first (it migrates and seeds an empty database), then B on what A made.
    procs.push(await startProject(env));
    procs.push(await startProject(env));
    const [a, b] = procs;
    const token = await signIn(a.url);
    const paths = [
      { name: 'customer list, page 1', path: '/web/customer/?page=1&limit=20' },
      { name: 'item list, page 1', path: '/web/item/?page=1&limit=20' },
      { name: 'health (no database)', path: '/health' },
    ];
    // Warm both processes (compiled serialisers, pools, plans) before measuring.
    for (const p of paths) await round([a.url, b.url], p.path, token);

    console.log(
      `\nprocesses: one vs two API processes on one PostgreSQL database, ${CONNECTIONS} connections, ` +
        `${DURATION} s rounds, ${RUNS} runs each, alternating; ${cpus().length} cores`,
    );
    console.log('| route | 1 process req/s | 2 processes req/s | 2 ÷ 1 | p99 ms (1 / 2) | errors | load |');
    console.log('|---|---|---|---|---|---|---|');
    for (const p of paths) {
      const one: Round[] = [];
      const two: Round[] = [];
      for (let i = 0; i < RUNS; i++) {
        one.push(await round([a.url], p.path, token));
        two.push(await round([a.url, b.url], p.path, token));
      }
      const o = median(one.map((r) => r.rps));
      const t = median(two.map((r) => r.rps));
      const errors = [...one, ...two].reduce((s, r) => s + r.errors, 0);
      console.log(
        `| ${p.name} | ${o.toFixed(0)} | ${t.toFixed(0)} | ${(t / o).toFixed(2)}× | ` +
          `${median(one.map((r) => r.p99)).toFixed(0)} / ${median(two.map((r) => r.p99)).toFixed(0)} | ` +
          `${errors} | ${loadavg()[0].toFixed(1)} |`,
      );
    }
  } finally {
    for (const p of procs) await p.stop();
  }
}

if (!process.env.DATABASE_URL) {
  console.log(
    'processes: needs the PostgreSQL server (DATABASE_URL); two processes cannot share the embedded database; skipped',
  );
} else {
  await main(process.env.DATABASE_URL);
  process.exit(0);
}
