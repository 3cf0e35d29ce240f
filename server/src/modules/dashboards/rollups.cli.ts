// `npm run rollups:verify`: checks every turnover rollup against the same figures summed directly from
// the invoices and the ledger; `npm run rollups:rebuild` recomputes them first (one transaction), then
// checks. Exit 0: all match; 1: differences found; 2: the check could not run. On the embedded database
// it refuses while the server runs (one process per DATA_DIR).
import { ConfigError, loadConfig, loadDotEnv } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/lock';
import { formatChecks, rebuildRollups, verifyRollups } from './rollups';

async function main(): Promise<number> {
  const rebuild = process.argv.includes('--rebuild');
  const name = rebuild ? 'rollups:rebuild' : 'rollups:verify';
  let database: Database;
  try {
    loadDotEnv();
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    await database.migrate();
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof ConfigError) {
      console.error(`${name}: ${err.message}`);
      return 2;
    }
    throw err;
  }
  try {
    if (rebuild) {
      const t0 = performance.now();
      await database.db.transaction((tx) => rebuildRollups(tx));
      console.log(`rollups:rebuild: rebuilt in ${Math.round(performance.now() - t0)} ms`);
    }
    const { ok, lines } = formatChecks(await verifyRollups(database.db));
    (ok ? console.log : console.error)(lines.join('\n'));
    return ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`rollups failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
