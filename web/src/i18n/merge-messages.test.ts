// Labels added to a language: merged as i18next's deep merge would, without changing the bundles
// (module constants) or copying them (i18n/index.ts mergeMessages).
import { describe, expect, it } from 'vitest';
import { ensureAppMessages, i18n, initI18nWith, mergeMessages } from './index';

describe('mergeMessages', () => {
  it('should merge shared keys at any depth, keep the rest, and change neither side', () => {
    const existing = { common: { save: 'Simpan', nested: { a: 'A' } }, only: { x: 'X' } };
    const incoming = { common: { cancel: 'Batal', nested: { b: 'B' } }, extra: { y: 'Y' } };
    const before = JSON.stringify([existing, incoming]);
    const out = mergeMessages(existing, incoming);
    expect(out).toEqual({
      common: { save: 'Simpan', cancel: 'Batal', nested: { a: 'A', b: 'B' } },
      only: { x: 'X' },
      extra: { y: 'Y' },
    });
    expect(JSON.stringify([existing, incoming])).toBe(before);
    // Subtrees only one side holds are shared, not copied.
    expect(out.extra).toBe(incoming.extra);
    expect(out.only).toBe(existing.only);
  });

  it('should let an incoming label replace an existing one of the same key', () => {
    expect(mergeMessages({ a: { b: 'old', c: 'keep' } }, { a: { b: 'new' } })).toEqual({
      a: { b: 'new', c: 'keep' },
    });
  });
});

describe('app labels over the core ones', () => {
  it('should answer both the core labels and the signed-in screens’ labels after they load', async () => {
    const { messages: core } = await import('./id');
    initI18nWith('id', core);
    await ensureAppMessages();
    expect(i18n.t('list.pager.next')).toBe('Halaman berikutnya');
    // A core label is still there, and 'privacy' (in both bundles) holds the keys of both.
    const coreKey = Object.keys(core)[0];
    expect(i18n.exists(coreKey)).toBe(true);
    const { messages: app } = await import('./id.app');
    const corePrivacy = (core as Record<string, Record<string, unknown>>).privacy ?? {};
    const appPrivacy = (app as unknown as Record<string, Record<string, unknown>>).privacy ?? {};
    for (const k of [...Object.keys(corePrivacy), ...Object.keys(appPrivacy)])
      expect(i18n.exists(`privacy.${k}`), `privacy.${k}`).toBe(true);
  });
});
