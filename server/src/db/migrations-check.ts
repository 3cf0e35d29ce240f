// Checks that keep the migrations folder trustworthy (`npm run db:check`):
// - the journal: one entry per SQL file, numbered 0000, 0001... in the order they apply, and each
//   `when` later than the one before. drizzle-orm's migrator applies every entry whose `when` is
//   later than the newest `created_at` in drizzle.__drizzle_migrations, so an entry that is not the
//   latest would be skipped by every database migrated before it.
// - the landed files: checksums.txt lists each migration's tag, `when` and sha-256. A database
//   never re-runs a migration it has recorded, so an edited landed file changes fresh databases only.
// - the snapshots: drizzle-kit diffs the schema against the newest meta/NNNN_snapshot.json, so the
//   newest entry must have one, each snapshot must point at the one before (two branches that
//   each added a migration point at the same parent), and `drizzle-kit generate` on a clean tree
//   must find nothing to write.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type JournalEntry = { idx: number; version: string; when: number; tag: string; breakpoints: boolean };
export type Journal = { version: string; dialect: string; entries: JournalEntry[] };

export const CHECKSUMS_FILE = 'checksums.txt';
const TAG = /^(\d{4})_[a-z0-9_]+$/;

export function readJournal(dir: string): Journal {
  return JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
}

export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Problems with the journal's order and its files; empty when it is in order. */
export function checkJournal(dir: string): string[] {
  const problems: string[] = [];
  const { entries } = readJournal(dir);
  entries.forEach((e, i) => {
    const m = TAG.exec(e.tag);
    if (e.idx !== i) problems.push(`journal entry ${i} (${e.tag}) has idx ${e.idx}`);
    if (!m) problems.push(`journal tag ${e.tag} is not NNNN_name`);
    else if (Number(m[1]) !== i)
      problems.push(`journal entry ${i} is ${e.tag}: its number should be ${String(i).padStart(4, '0')}`);
    if (i > 0 && !(e.when > entries[i - 1].when)) {
      problems.push(
        `journal entry ${e.tag}: when ${e.when} is not later than ${entries[i - 1].tag}'s ${entries[i - 1].when}`,
      );
    }
    if (!existsSync(path.join(dir, `${e.tag}.sql`))) problems.push(`${e.tag}.sql is missing`);
  });
  const tags = new Set(entries.map((e) => e.tag));
  for (const f of readdirSync(dir)) {
    if (f.endsWith('.sql') && !tags.has(f.slice(0, -4))) problems.push(`${f} is not in meta/_journal.json`);
  }
  return problems;
}

/** Problems with meta/NNNN_snapshot.json: the newest entry has one, and each points at the one before. */
export function checkSnapshots(dir: string): string[] {
  const problems: string[] = [];
  const { entries } = readJournal(dir);
  const files = readdirSync(path.join(dir, 'meta'))
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort();
  const prefixes = new Set(entries.map((e) => e.tag.slice(0, 4)));
  for (const f of files) {
    if (!prefixes.has(f.slice(0, 4))) problems.push(`meta/${f} belongs to no journal entry`);
  }
  const last = entries.at(-1);
  if (last && !files.includes(`${last.tag.slice(0, 4)}_snapshot.json`)) {
    problems.push(
      `the newest migration ${last.tag} has no meta/${last.tag.slice(0, 4)}_snapshot.json: create migrations with drizzle-kit generate (--custom for hand-written SQL)`,
    );
  }
  let prevId: string | undefined;
  for (const f of files) {
    const snap = JSON.parse(readFileSync(path.join(dir, 'meta', f), 'utf8')) as {
      id: string;
      prevId: string;
    };
    if (prevId !== undefined && snap.prevId !== prevId) {
      problems.push(
        `meta/${f} does not follow the snapshot before it (prevId ${snap.prevId}, expected ${prevId})`,
      );
    }
    prevId = snap.id;
  }
  return problems;
}

type ChecksumLine = { tag: string; when: number; hash: string };

export function readChecksums(dir: string): ChecksumLine[] {
  const file = path.join(dir, CHECKSUMS_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [tag, when, hash] = l.trim().split(/\s+/);
      return { tag, when: Number(when), hash };
    });
}

export function checksumLine(dir: string, e: JournalEntry): string {
  return `${e.tag} ${e.when} ${sha256(path.join(dir, `${e.tag}.sql`))}`;
}

/** Problems between the journal and checksums.txt: every landed migration listed, unchanged, in order. */
export function checkChecksums(dir: string): string[] {
  const problems: string[] = [];
  const { entries } = readJournal(dir);
  const listed = readChecksums(dir);
  listed.forEach((c, i) => {
    const e = entries[i];
    if (!e) {
      problems.push(`${CHECKSUMS_FILE} lists ${c.tag}, which the journal does not have at position ${i}`);
      return;
    }
    if (e.tag !== c.tag)
      problems.push(`${CHECKSUMS_FILE} line ${i + 1} is ${c.tag}, the journal's entry ${i} is ${e.tag}`);
    else if (e.when !== c.when)
      problems.push(`${e.tag}: the journal's when ${e.when} differs from the landed ${c.when}`);
    else if (
      existsSync(path.join(dir, `${e.tag}.sql`)) &&
      sha256(path.join(dir, `${e.tag}.sql`)) !== c.hash
    ) {
      problems.push(
        `${e.tag}.sql changed after it landed (sha-256 differs from ${CHECKSUMS_FILE}); write a new migration instead`,
      );
    }
  });
  for (const e of entries.slice(listed.length)) {
    problems.push(`${e.tag} is not in ${CHECKSUMS_FILE}: run npm run db:check -w server -- --append`);
  }
  return problems;
}

/** Appends the checksum lines of journal entries checksums.txt does not list yet; returns them. */
export function appendChecksums(dir: string): string[] {
  const { entries } = readJournal(dir);
  const listed = readChecksums(dir);
  const lines = entries.slice(listed.length).map((e) => checksumLine(dir, e));
  const file = path.join(dir, CHECKSUMS_FILE);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (lines.length) {
    const sep = before === '' || before.endsWith('\n') ? '' : '\n';
    writeFileSync(file, `${before}${sep}${lines.join('\n')}\n`);
  }
  return lines;
}

export type GenerateOptions = { schema: string; dialect: string; cwd: string };

/**
 * Runs `drizzle-kit generate` against a copy of the folder; returns what it would have written
 * (new or changed files), empty when the newest snapshot matches the schema.
 */
export function generatedFiles(dir: string, opts: GenerateOptions): { files: string[]; output: string } {
  const copy = mkdtempSync(path.join(tmpdir(), 'lbo-migrations-'));
  try {
    cpSync(dir, copy, { recursive: true });
    const before = snapshotOf(copy);
    // drizzle-kit reads `out` relative to the working directory.
    const out = path.relative(opts.cwd, copy);
    const kit = createRequire(path.join(opts.cwd, 'package.json')).resolve('drizzle-kit');
    const bin = path.join(path.dirname(kit), 'bin.cjs');
    const run = spawnSync(
      process.execPath,
      [
        bin,
        'generate',
        `--dialect=${opts.dialect}`,
        `--schema=${opts.schema}`,
        `--out=${out}`,
        '--name=check',
      ],
      { cwd: opts.cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 },
    );
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    const after = snapshotOf(copy);
    const files = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
    if (run.status !== 0 && files.length === 0) {
      // A rename question (no TTY to answer it) or a crash: the snapshot does not match either way.
      files.push(`(drizzle-kit exited with ${run.status ?? run.signal})`);
    }
    const sql = files.find((f) => f.endsWith('.sql'));
    return { files, output: sql ? `${output}\n${readFileSync(path.join(copy, sql), 'utf8')}` : output };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function snapshotOf(dir: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) m.set(f, sha256(p));
  }
  return m;
}
