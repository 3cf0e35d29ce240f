// Walks every registered screen: a resource's web description must fit its contract (sort keys,
// filters and their defaults, form fields, child kinds), a page must be well placed, and every
// label a screen shows must resolve in both languages (field labels through the shared fallback).
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { filterParams } from '../components/resource/list-state';
import {
  type AnyResource,
  type ChildDescription,
  childName,
  entryText,
  MENU_GROUPS,
  resourceName,
} from '../components/resource/types';
import { i18n, initI18nWith } from '../i18n';
import { messages as enCore } from '../i18n/en';
import { messages as enApp } from '../i18n/en.app';
import { messages as idCore } from '../i18n/id';
import { messages as idApp } from '../i18n/id.app';
import { pageEntries, resourceEntries, screenEntries } from './registry';

type Tree = { [k: string]: unknown };
const keysOf = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' && !Array.isArray(o)
    ? Object.entries(o as Tree).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const shapeOf = (s: unknown) => Object.keys((s as { shape?: object } | undefined)?.shape ?? {});

const ts: Record<'en' | 'id', TFunction> = {} as never;
beforeAll(() => {
  initI18nWith('id', { ...idCore, ...idApp, privacy: { ...idCore.privacy, ...idApp.privacy } });
  i18n.addResourceBundle('en', 'translation', { ...enCore, ...enApp }, true, true);
  ts.en = i18n.getFixedT('en');
  ts.id = i18n.getFixedT('id');
});

/** Every key resolves to text in both languages (not to the key itself, not to an object). */
function expectResolves(keys: string[]) {
  for (const lang of ['en', 'id'] as const)
    for (const key of keys) {
      const text = ts[lang](key);
      expect(
        typeof text === 'string' && text !== key && !/^(resources|fields|pages)\./.test(text),
        `${lang} ${key}`,
      ).toBe(true);
    }
}

const fieldKeys = (name: string, fields: string[]) => fields.map((f) => `resources.${name}.fields.${f}`);

describe('i18n', () => {
  it('should have the same keys in Indonesian and English', () => {
    expect(keysOf(idCore).sort()).toEqual(keysOf(enCore).sort());
    expect(keysOf(idApp).sort()).toEqual(keysOf(enApp).sort());
  });

  it('should fall back to the shared field label, and prefer a resource its own', () => {
    expect(ts.en('resources.branch.fields.region_group_id')).toBe('Region group');
    expect(ts.id('resources.branch.fields.region_group_id')).toBe('Grup wilayah');
    // The customers screen calls a store a customer; the shared label says store.
    expect(ts.en('fields.customer_name')).toBe('Store');
    expect(ts.en('resources.customer.fields.customer_name')).toBe('Customer');
    expect(ts.en('resources.branch.fields.no_such_field')).toBe('resources.branch.fields.no_such_field');
  });

  it('should write a shared label once: no resource repeats it word for word in both languages', () => {
    const en = enApp as unknown as { fields: Tree; resources: Record<string, { fields?: Tree }> };
    const id = idApp as unknown as typeof en;
    const repeated = Object.entries(en.resources).flatMap(([name, r]) =>
      Object.entries(r.fields ?? {})
        .filter(([k, v]) => en.fields[k] === v && id.fields[k] === id.resources[name]?.fields?.[k])
        .map(([k]) => `${name}.${k}`),
    );
    expect(repeated).toEqual([]);
  });
});

function checkChild(child: ChildDescription, parent: string) {
  const { contract } = child;
  const name = childName(child);
  const where = `${parent} > ${name}`;
  // The parent's id reaches the server as a filter of the child's list or select route.
  expect(contract.paths.list ?? contract.paths.select, `${where}: list or select route`).toBeTruthy();
  expect(shapeOf(contract.filters), `${where}: filter ${child.parentKey}`).toContain(child.parentKey);
  if (child.params?.by) expect(contract.sortKeys, `${where}: sort key`).toContain(child.params.by);
  if (child.form) {
    const formKeys = [...shapeOf(contract.create), ...shapeOf(contract.update)];
    for (const f of child.form.fields) expect(formKeys, `${where}: form field`).toContain(f.name);
    expect(shapeOf(contract.create), `${where}: create takes ${child.parentKey}`).toContain(child.parentKey);
  }
  expectResolves([
    `resources.${name}.title`,
    `resources.${name}.one`,
    ...fieldKeys(name, [
      ...child.columns.map((c) => c.key),
      ...(child.form?.fields ?? []).map((f) => f.name),
    ]),
  ]);
  for (const grand of child.children ?? []) checkChild(grand, where);
}

describe('registered screens', () => {
  it('should have unique names and paths', () => {
    expect(new Set(screenEntries.map((e) => e.name)).size).toBe(screenEntries.length);
    expect(new Set(screenEntries.map((e) => e.path)).size).toBe(screenEntries.length);
  });

  for (const entry of pageEntries) {
    it(`should place the page ${entry.name} in the menu, under its parent and in both languages`, async () => {
      expect(MENU_GROUPS).toContain(entry.group);
      if (entry.parent) {
        const parent = resourceEntries.find((r) => r.name === entry.parent);
        expect(parent, `parent ${entry.parent}`).toBeDefined();
        expect(parent!.area).toBe(entry.area);
      }
      expectResolves([entryText(entry, 'title'), entryText(entry, 'summary'), `nav.groups.${entry.group}`]);
      const { page } = await entry.load();
      expect(typeof page).toBe('function');
    });
  }

  for (const entry of resourceEntries) {
    it(`should describe ${entry.name} consistently with its contract`, async () => {
      const { resource } = (await entry.load()) as { resource: AnyResource };
      const { contract } = resource;
      const name = resourceName(resource);
      expect(name).toBe(entry.name);
      expect(contract.area).toBe(entry.area);
      for (const c of resource.columns) if (c.sortKey) expect(contract.sortKeys).toContain(c.sortKey);
      const filterKeys = shapeOf(contract.filters);
      const params = (resource.filters ?? []).flatMap(filterParams);
      for (const p of params) expect(filterKeys).toContain(p);
      // A default must be one of the filter bar's parameters, or the user could not remove it.
      for (const p of Object.keys(resource.filterDefaults ?? {})) expect(params).toContain(p);
      const formKeys = new Set([...shapeOf(contract.create), ...shapeOf(contract.update)]);
      // A deferred image field (no upload route) travels as the multipart file, not in the body.
      const isFile = (f: { widget: { kind: string; uploadPath?: string } }) =>
        f.widget.kind === 'image' && !f.widget.uploadPath && !!contract.upload;
      for (const f of resource.form?.fields ?? []) if (!isFile(f)) expect([...formKeys]).toContain(f.name);
      expectResolves([
        `resources.${name}.title`,
        `resources.${name}.one`,
        `resources.${name}.summary`,
        `nav.groups.${entry.group}`,
        ...fieldKeys(name, [
          ...resource.columns.map((c) => c.key),
          ...(resource.filters ?? []).map((f) => f.key),
          ...(resource.form?.fields ?? []).map((f) => f.name),
          ...(resource.detail?.fields ?? []).map((f) => f.key),
        ]),
      ]);
      for (const child of resource.children ?? []) checkChild(child, name);
    });
  }
});
