// Every thing a "not found" (or "outside your branches") message names is worded in Indonesian from
// the catalogue's noun list: the resource contracts' names (the generic record routes name them) and
// the things the modules name themselves. "Coupon tidak ditemukan" is an English noun in an
// Indonesian sentence.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { problem, wordProblem } from '../src/http/messages';

const root = path.resolve(__dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));

const things = new Set<string>();
for (const f of files(path.join(root, 'contract', 'src'))) {
  for (const m of readFileSync(f, 'utf8').matchAll(/defineContract\(\{\s*name: '([a-z_]+)'/g))
    things.add(m[1].replace(/_/g, ' '));
}
for (const f of files(path.join(root, 'server', 'src'))) {
  for (const m of readFileSync(f, 'utf8').matchAll(/thing: '([^']+)'/g)) things.add(m[1].replace(/_/g, ' '));
}
// Words Indonesian staff use as they are.
const SAME = new Set(['salesman', 'voucher', 'promo', 'popup']);
const word = (thing: string) => new RegExp(`\\b${thing}\\b`, 'i');

describe('nouns of the message catalogue', () => {
  it('should find the things messages name', () => {
    expect(things.size).toBeGreaterThan(40);
    expect(things).toContain('coupon');
  });

  it.each([...things].filter((t) => !SAME.has(t)))('should word "%s" in Indonesian', (thing) => {
    const id = wordProblem(problem('not_found', { thing, id: 1 }), 'id').message;
    const en = wordProblem(problem('not_found', { thing, id: 1 }), 'en').message;
    expect(id).not.toMatch(word(thing));
    expect(en).toMatch(word(thing));
  });

  it('should say "Kupon tidak ditemukan"', () => {
    expect(wordProblem(problem('not_found', { thing: 'coupon', id: 3 }), 'id').message).toBe(
      'Kupon tidak ditemukan; mungkin sudah dihapus',
    );
  });
});
