// The Indonesian UI names each thing one way: "Wilayah" (never the English "Region") and
// "Injeksi poin" (never "Poin injeksi").
import { describe, expect, it } from 'vitest';
import { messages as id } from './id.app';

function strings(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('Indonesian wording', () => {
  const all = strings(id);

  it('should say "wilayah", never "region"', () => {
    expect(all.filter(([, s]) => /\bregion\b/i.test(s))).toEqual([]);
  });

  it('should name injected points "Injeksi poin" only', () => {
    expect(all.filter(([, s]) => /poin injeksi/i.test(s))).toEqual([]);
  });
});
