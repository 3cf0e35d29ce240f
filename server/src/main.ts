// Starts the server: config, database (migrated; demo data on a first embedded start), HTTP. Stops cleanly.

import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { ensureSuperAdmin } from './modules/staff/bootstrap';

// Crash recovery replays the WAL written since the last checkpoint, and the embedded database has no
// background checkpointer: checkpoint by volume, so a kill during heavy writes replays at most ~8-10 MB
// (about half a second), and by age, so a quiet server's next start replays nothing. A checkpoint of
// 26-58 MB of WAL held the event loop for 0.12-0.15 s in a trial; 8 MB costs less.
const CHECKPOINT_CHECK_MS = 2_000;
const CHECKPOINT_WAL_BYTES = 8 * 1024 * 1024;
const CHECKPOINT_MAX_AGE_MS = 60_000;
/** Below the 30 s most orchestrators (Kubernetes, systemd's default 90 s) wait before a SIGKILL. */
const SHUTDOWN_GRACE_MS = 25_000;

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(2)} s`;

async function main() {
  const startedAt = Date.now();
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // PGlite's own log: keep what matters (recovery, warnings, errors), drop start-up chatter.
    onLog: (text) => {
      if (!/skipping missing configuration file/.test(text)) process.stderr.write(`[db] ${text}\n`);
    },
  });
  // Opening the embedded database includes its crash recovery (replaying the WAL since the last checkpoint).
  const openedIn = seconds(startedAt);
  const migrateStarted = Date.now();
  await database.migrate();
  const migratedIn = seconds(migrateStarted);

  let seededDemo = false;
  if (database.kind === 'pglite' && config.seedDemo === 'auto') {
    const { isDatabaseEmpty, seedDemo } = await import('./db/seed/demo');
    if (await isDatabaseEmpty(database)) {
      console.log('First start on an empty embedded database: seeding demo data...');
      const started = Date.now();
      await seedDemo(database, (m) => console.log(`  ${m}`), {
        adminEmail: config.adminEmail,
        adminPassword: config.adminPassword,
      });
      // The seed writes a few hundred MB of WAL before the periodic checkpoint below is running: a
      // crash soon after would replay all of it (40 s in a trial) on the next start.
      await database.checkpoint();
      console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      seededDemo = true;
    }
  }
  const createdAdmin = await ensureSuperAdmin(database.db, config.adminEmail, config.adminPassword);

  const appStarted = Date.now();
  const app = await buildApp({ config, database });
  const builtIn = seconds(appStarted);
  // The checkpoint stays a timer of this process, not a job: it writes the embedded database's WAL
  // of this process's own data directory, which no other process can reach.
  let checkpointTimer: NodeJS.Timeout | undefined;
  if (database.kind === 'pglite') {
    let lastCheckpoint = Date.now();
    let checking = false;
    checkpointTimer = setInterval(async () => {
      if (checking) return;
      checking = true;
      try {
        const [{ bytes }] = await database.rows<{ bytes: number }>(
          sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint as bytes from pg_control_checkpoint()`,
        );
        const age = Date.now() - lastCheckpoint;
        // An idle checkpoint still writes a little WAL of its own: only "real" writes count for age.
        if (bytes >= CHECKPOINT_WAL_BYTES || (bytes > 4096 && age >= CHECKPOINT_MAX_AGE_MS)) {
          await database.checkpoint();
          lastCheckpoint = Date.now();
        }
      } catch (err) {
        app.log.warn({ err }, 'checkpoint failed');
      } finally {
        checking = false;
      }
    }, CHECKPOINT_CHECK_MS);
    checkpointTimer.unref();
  }

  // Background jobs (jobs/registry.ts): the upload sweep, the daily points expiry, broadcast delivery.
  if (config.jobWorkers) await app.jobs.start();

  // Graceful stop (a deploy's SIGTERM, Ctrl+C): app.close() stops accepting connections, ends the
  // live-update streams, lets requests in flight finish, then runs the onClose hooks (the LISTEN
  // connection, the rate-limit store, and whatever else registered one, e.g. a job queue handing its
  // jobs back); the database closes last. A request that hangs does not hold the stop for ever.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    clearInterval(checkpointTimer);
    const deadline = setTimeout(() => {
      app.log.error(`still stopping after ${SHUTDOWN_GRACE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'stopping the server failed');
      code = 1;
    } finally {
      await database.close();
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(`\nLoyalty Back Office is running at ${url}/  (API: ${url}/v1/api, docs: ${url}/v1/api/docs)`);
  // CPU time beside the wall time: on a busy machine the wall time is mostly waiting for a core.
  const cpu = process.cpuUsage();
  console.log(
    `Started in ${seconds(startedAt)}, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU since the process began (database opened in ${openedIn}, migrations checked in ${migratedIn}, API built in ${builtIn})`,
  );
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)'}`,
  );
  if (seededDemo) {
    console.log('Demo logins:');
    console.log(`  super admin: ${config.adminEmail} / ${config.adminPassword}`);
    console.log('  branch user: branch@example.com / branch123 (two branches, no deletes)');
  } else if (createdAdmin) {
    console.log(`First staff user created: ${config.adminEmail} / ${config.adminPassword}`);
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
