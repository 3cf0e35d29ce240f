// `npm run db:check` (src/db/migrations-check.ts) on the real migrations folder and on copies of it
// broken the ways the check exists for: a stale snapshot, an edited landed file, a journal out of
// order, a hand-written migration without a snapshot.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import config from '../drizzle.config';
import { MIGRATIONS_DIR } from '../src/db/client';
import {
  appendChecksums,
  checkChecksums,
  checkJournal,
  checkSnapshots,
  generatedFiles,
  type Journal,
  readJournal,
} from '../src/db/migrations-check';

const serverDir = path.resolve(import.meta.dirname, '..');
const generateOptions = { schema: String(config.schema), dialect: config.dialect, cwd: serverDir };
const copies: string[] = [];

function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lbo-migrations-test-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  copies.push(dir);
  return dir;
}

function writeJournal(dir: string, journal: Journal): void {
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the migrations folder', () => {
  it('is in order, chained, unchanged since it landed, and drizzle-kit generate finds nothing', () => {
    expect(checkJournal(MIGRATIONS_DIR)).toEqual([]);
    expect(checkSnapshots(MIGRATIONS_DIR)).toEqual([]);
    expect(checkChecksums(MIGRATIONS_DIR)).toEqual([]);
    const generated = generatedFiles(MIGRATIONS_DIR, generateOptions);
    expect(generated.files, generated.output).toEqual([]);
  }, 180_000);
});

describe('db:check fails', () => {
  it('when the newest snapshot is older than the schema (drizzle-kit would write a migration)', () => {
    const dir = copy();
    const { entries } = readJournal(dir);
    // The newest snapshot describing the schema as of 0001: what drizzle-kit saw before the
    // snapshots were regenerated at head.
    const newest = path.join(dir, 'meta', `${entries.at(-1)?.tag.slice(0, 4)}_snapshot.json`);
    const head = JSON.parse(readFileSync(newest, 'utf8'));
    const old = JSON.parse(readFileSync(path.join(dir, 'meta', '0001_snapshot.json'), 'utf8'));
    writeFileSync(newest, JSON.stringify({ ...old, id: head.id, prevId: head.prevId }, null, 2));
    const generated = generatedFiles(dir, generateOptions);
    expect(generated.files.some((f) => f.endsWith('.sql'))).toBe(true);
    expect(generated.output).toContain('CREATE TABLE "upload_folder_stores"');
  }, 180_000);

  it('when a landed migration file or its `when` changes', () => {
    const dir = copy();
    const file = path.join(dir, '0005_dashboards.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- one more line`);
    expect(checkChecksums(dir)).toEqual([
      '0005_dashboards.sql changed after it landed (sha-256 differs from checksums.txt); write a new migration instead',
    ]);

    const other = copy();
    const journal = readJournal(other);
    journal.entries[3].when += 1;
    writeJournal(other, journal);
    expect(checkChecksums(other)).toEqual([
      `0003_content: the journal's when ${journal.entries[3].when} differs from the landed ${journal.entries[3].when - 1}`,
    ]);
  });

  it('when the journal applies migrations out of their numbered order or a `when` goes back', () => {
    const dir = copy();
    const journal = readJournal(dir);
    const [a, b] = [journal.entries[8], journal.entries[10]];
    [a.tag, b.tag] = [b.tag, a.tag];
    writeJournal(dir, journal);
    expect(checkJournal(dir)).toEqual([
      `journal entry 8 is ${a.tag}: its number should be 0008`,
      `journal entry 10 is ${b.tag}: its number should be 0010`,
    ]);

    const other = copy();
    const back = readJournal(other);
    const last = back.entries.length - 1;
    back.entries[last].when = back.entries[last - 1].when - 1;
    writeJournal(other, back);
    expect(checkJournal(other)).toEqual([
      `journal entry ${back.entries[last].tag}: when ${back.entries[last].when} is not later than ${back.entries[last - 1].tag}'s ${back.entries[last - 1].when}`,
    ]);
  });

  it('when a migration is added by hand (no snapshot) and until its checksum is appended', () => {
    const dir = copy();
    const journal = readJournal(dir);
    const idx = journal.entries.length;
    const tag = `${String(idx).padStart(4, '0')}_by_hand`;
    journal.entries.push({
      idx,
      version: '7',
      when: (journal.entries.at(-1)?.when ?? 0) + 1,
      tag,
      breakpoints: true,
    });
    writeJournal(dir, journal);
    writeFileSync(path.join(dir, `${tag}.sql`), 'SELECT 1;');
    expect(checkJournal(dir)).toEqual([]);
    expect(checkSnapshots(dir)).toEqual([
      `the newest migration ${tag} has no meta/${tag.slice(0, 4)}_snapshot.json: create migrations with drizzle-kit generate (--custom for hand-written SQL)`,
    ]);
    expect(checkChecksums(dir)).toEqual([
      `${tag} is not in checksums.txt: run npm run db:check -w server -- --append`,
    ]);
    expect(appendChecksums(dir)).toHaveLength(1);
    expect(checkChecksums(dir)).toEqual([]);
  });

  it('when two branches each added a snapshot after the same parent', () => {
    const dir = copy();
    const { entries } = readJournal(dir);
    const newest = entries.at(-1)?.tag.slice(0, 4) ?? '';
    const snap = JSON.parse(readFileSync(path.join(dir, 'meta', `${newest}_snapshot.json`), 'utf8'));
    const next = String(Number(newest) + 1).padStart(4, '0');
    writeFileSync(
      path.join(dir, 'meta', `${next}_snapshot.json`),
      JSON.stringify({ ...snap, id: 'another-branch', prevId: snap.prevId }),
    );
    expect(checkSnapshots(dir)).toEqual([
      `meta/${next}_snapshot.json belongs to no journal entry`,
      `meta/${next}_snapshot.json does not follow the snapshot before it (prevId ${snap.prevId}, expected ${snap.id})`,
    ]);
    unlinkSync(path.join(dir, 'meta', `${next}_snapshot.json`));
    expect(checkSnapshots(dir)).toEqual([]);
  });
});
