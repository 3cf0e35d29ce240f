// GET /ready: whether this process can serve, for a load balancer's health check. /health says the
// process answers and reaches the database; /ready also says the database has every migration this
// build ships and the upload store is reachable. A process answering 503 here is taken out of the
// pool (during an upgrade, before another process has migrated) rather than serving errors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_DIR } from '../db/client';
import type { UploadStore } from './uploads';

export type Readiness = {
  status: 'ready' | 'not_ready';
  db: 'ok' | 'unreachable';
  migrations: 'ok' | 'pending' | 'unknown';
  storage: 'ok' | 'unreachable';
};

/** The newest migration's `when` in the journal this build carries (drizzle's migrator compares it). */
function newestJournalEntry(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

export function readinessCheck(database: Database, uploads: UploadStore): () => Promise<Readiness> {
  const newest = newestJournalEntry();
  return async () => {
    const [db, migrations] = await database
      .rows<{ newest: number | null }>(
        sql`select max(created_at)::bigint as newest from drizzle.__drizzle_migrations`,
      )
      .then(
        ([r]): [Readiness['db'], Readiness['migrations']] => [
          'ok',
          r?.newest != null && Number(r.newest) >= newest ? 'ok' : 'pending',
        ],
        (): [Readiness['db'], Readiness['migrations']] => ['unreachable', 'unknown'],
      );
    const storage = await uploads.ready().then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const ok = db === 'ok' && migrations === 'ok' && storage === 'ok';
    return { status: ok ? 'ready' : 'not_ready', db, migrations, storage };
  };
}
