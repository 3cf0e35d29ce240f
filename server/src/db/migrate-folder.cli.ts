// Applies a migrations folder (journal + SQL files) to a database the way the app does
// (drizzle-orm's migrator), so an old and a new journal can be compared on the same database.
// Usage: tsx src/db/migrate-folder.cli.ts <folder> <postgres://url | pglite-data-dir>
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

const [folder, target] = process.argv.slice(2);
if (!folder || !target) {
  console.error('usage: tsx src/db/migrate-folder.cli.ts <folder> <postgres://url | pglite-data-dir>');
  process.exit(2);
}
const migrationsFolder = path.resolve(folder);
if (target.startsWith('postgres')) {
  const pool = new pg.Pool({ connectionString: target, max: 1 });
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  await pool.end();
} else {
  mkdirSync(path.resolve(target), { recursive: true });
  const client = await PGlite.create({ dataDir: path.resolve(target), extensions: { pg_trgm } });
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  await client.close();
}
