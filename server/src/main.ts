// Starts the server: config, database (migrated; demo data on a first embedded start), HTTP. Stops cleanly.

import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { ensureSuperAdmin } from './modules/staff/bootstrap';

const CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

async function main() {
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
  await database.migrate();

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
      console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      seededDemo = true;
    }
  }
  const createdAdmin = await ensureSuperAdmin(database.db, config.adminEmail, config.adminPassword);

  const app = await buildApp({ config, database });
  let checkpointTimer: NodeJS.Timeout | undefined;
  if (database.kind === 'pglite') {
    checkpointTimer = setInterval(() => {
      database.checkpoint().catch((err) => app.log.warn({ err }, 'checkpoint failed'));
    }, CHECKPOINT_EVERY_MS);
    checkpointTimer.unref();
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    clearInterval(checkpointTimer);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  console.log(`\nLoyalty Back Office is running at ${url}/  (API: ${url}/v1/api, docs: ${url}/v1/api/docs)`);
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
