// `npm run points:verify`: recomputes every balance and the report summaries from the ledger, checks every
// balance against its lots' remaining points, and prints the differences.
// Exit 0: all match; 1: differences found; 2: the check could not run. On the embedded database it
// refuses while the server runs (one process per DATA_DIR): run it against a stopped server or a
// PostgreSQL server (DATABASE_URL).
import { ConfigError, loadConfig, loadDotEnv } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/lock';
import {
  formatDifferences,
  formatLotCheck,
  formatSummaryCheck,
  lotsDiffer,
  summaryDiffers,
  verifyBalances,
  verifyLots,
  verifyReportSummary,
} from './points.verify';

async function main(): Promise<number> {
  let database: Database;
  try {
    loadDotEnv();
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof ConfigError) {
      console.error(`points:verify: ${err.message}`);
      return 2;
    }
    throw err;
  }
  try {
    const result = await verifyBalances(database.db);
    const lines = formatDifferences(result);
    (result.differences.length > 0 ? console.error : console.log)(lines.join('\n'));
    const summary = await verifyReportSummary(database.db);
    const summaryBad = summaryDiffers(summary);
    (summaryBad ? console.error : console.log)(formatSummaryCheck(summary));
    const lots = await verifyLots(database.db);
    (lotsDiffer(lots) ? console.error : console.log)(formatLotCheck(lots).join('\n'));
    return result.differences.length > 0 || summaryBad || lotsDiffer(lots) ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`points:verify failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
