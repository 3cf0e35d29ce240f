// Walks every registered resource: its web description must fit its contract (sort keys,
// filters, form fields) and every label must exist in both languages.
import { describe, expect, it } from 'vitest';
import { filterParams } from '../components/resource/list-state';
import { resourceName } from '../components/resource/types';
import { messages as enCore } from '../i18n/en';
import { messages as enApp } from '../i18n/en.app';
import { messages as idCore } from '../i18n/id';
import { messages as idApp } from '../i18n/id.app';
import { resourceEntries } from './registry';

type Tree = { [k: string]: unknown };
const keysOf = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' && !Array.isArray(o)
    ? Object.entries(o as Tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const has = (o: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Tree)[k] : undefined), o) !==
  undefined;
const shapeOf = (s: unknown) => Object.keys((s as { shape?: object } | undefined)?.shape ?? {});

describe('i18n', () => {
  it('should have the same keys in Indonesian and English', () => {
    expect(keysOf(idCore).sort()).toEqual(keysOf(enCore).sort());
    expect(keysOf(idApp).sort()).toEqual(keysOf(enApp).sort());
  });
});

describe('registered resources', () => {
  it('should have unique names and paths', () => {
    expect(new Set(resourceEntries.map((e) => e.name)).size).toBe(resourceEntries.length);
    expect(new Set(resourceEntries.map((e) => e.path)).size).toBe(resourceEntries.length);
  });

  for (const entry of resourceEntries) {
    it(`should describe ${entry.name} consistently with its contract`, async () => {
      const { resource } = await entry.load();
      const { contract } = resource;
      const name = resourceName(resource);
      expect(name).toBe(entry.name);
      expect(contract.area).toBe(entry.area);
      for (const c of resource.columns) if (c.sortKey) expect(contract.sortKeys).toContain(c.sortKey);
      const filterKeys = shapeOf(contract.filters);
      for (const f of resource.filters ?? [])
        for (const p of filterParams(f)) expect(filterKeys).toContain(p);
      const formKeys = new Set([...shapeOf(contract.create), ...shapeOf(contract.update)]);
      // A deferred image field (no upload route) travels as the multipart file, not in the body.
      const isFile = (f: { widget: { kind: string; uploadPath?: string } }) =>
        f.widget.kind === 'image' && !f.widget.uploadPath && !!contract.upload;
      for (const f of resource.form?.fields ?? []) if (!isFile(f)) expect([...formKeys]).toContain(f.name);
      const labels = [
        'title',
        'one',
        'summary',
        ...resource.columns.map((c) => `fields.${c.key}`),
        ...(resource.filters ?? []).map((f) => `fields.${f.key}`),
        ...(resource.form?.fields ?? []).map((f) => `fields.${f.name}`),
        ...(resource.detail?.fields ?? []).map((f) => `fields.${f.key}`),
      ];
      for (const l of labels) {
        expect(has(enApp, `resources.${name}.${l}`), `en resources.${name}.${l}`).toBe(true);
        expect(has(idApp, `resources.${name}.${l}`), `id resources.${name}.${l}`).toBe(true);
      }
      expect(has(enApp, `nav.groups.${entry.group}`)).toBe(true);
    });
  }
});
