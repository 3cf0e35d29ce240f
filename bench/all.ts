// `npm run bench [-- --only <name>[,<name>]] [-- <args passed on>]`: runs every benchmark in turn, each
// in its own process (so one's memory and caches do not colour the next): bench/run.ts (customers,
// invoices, the ERP feed), then each area's bench/areas/<name>.ts in name order. Each prints its own
// figures beside its targets; this prints which ones failed to run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const argv = process.argv.slice(2);
const onlyAt = argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set(argv[onlyAt + 1]?.split(',')) : null;
const passOn = onlyAt >= 0 ? [...argv.slice(0, onlyAt), ...argv.slice(onlyAt + 2)] : argv;

const benches = [
  { name: 'core', file: path.join(here, 'run.ts') },
  ...readdirSync(path.join(here, 'areas'))
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => ({ name: f.replace(/\.ts$/, ''), file: path.join(here, 'areas', f) })),
].filter((b) => !only || only.has(b.name));

// One token drives thousands of requests a minute here: the per-user limit stays on (its cost is
// part of every figure) but out of reach, unless the environment sets it.
process.env.USER_RATE_LIMIT ??= '1000000000';

const failed: string[] = [];
for (const b of benches) {
  console.log(`\n=== bench: ${b.name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', b.file, ...passOn], { stdio: 'inherit' });
  if (r.status !== 0) failed.push(b.name);
}
if (failed.length) {
  console.error(`\nFailed to run: ${failed.join(', ')}`);
  process.exit(1);
}
