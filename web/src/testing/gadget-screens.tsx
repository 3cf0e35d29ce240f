// The set-up the machinery's screen tests share around the fake gadget resource: its English
// labels, a stubbed gadget list (with the branch options its filter bar loads) and a screen
// rendered inside the resource's scope.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ResourceListPage } from '../components/resource/resource-list.page';
import { ResourceScope } from '../components/resource/resource-scope';
import type { AnyResource, ResourceEntry, Row } from '../components/resource/types';
import { gadgetEntry, gadgetLabels, gadgetResource, gadgetRow } from './fake-resource';
import { type Call, fail, type Handler, i18n, initTestI18n, ok, renderAt, stubApi } from './test-utils';

/** English texts with the gadget's labels; `resources` adds (or replaces) other kinds' labels. */
export function initGadgetTexts(resources: Record<string, unknown> = {}, more: Record<string, unknown> = {}) {
  initTestI18n();
  i18n.addResourceBundle(
    'en',
    'translation',
    { ...more, resources: { gadget: gadgetLabels, ...resources } },
    true,
    true,
  );
}

/**
 * Stubs the gadget list: `total` gadgets paged as asked (or the fixed `rows`), the branch options,
 * and whatever `other` answers first. `failFirst` answers the first list call with a 500.
 */
export function stubGadgetList(
  opts: { total?: number; rows?: Row[]; failFirst?: boolean; other?: Handler } = {},
) {
  const total = opts.rows?.length ?? opts.total ?? 35;
  let failures = opts.failFirst ? 1 : 0;
  return stubApi((call) => {
    const { url } = call;
    const answer = opts.other?.(call);
    if (answer) return answer;
    if (url.pathname.endsWith('/web/branch/select')) return ok([{ branch_id: 1, name: 'Bandung' }]);
    if (!url.pathname.endsWith('/web/gadget/')) return undefined;
    if (failures > 0) {
      failures--;
      return fail(500, 'INTERNAL', ['Internal server error']);
    }
    if (opts.rows)
      return ok({ list_gadget: opts.rows }, { page: 1, limit: 10, total_data: total, total_page: 1 });
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const n = Math.max(0, Math.min(limit, total - (page - 1) * limit));
    const rows = Array.from({ length: n }, (_, i) => gadgetRow((page - 1) * limit + i + 1));
    return ok(
      { list_gadget: rows },
      { page, limit, total_data: total, total_page: Math.ceil(total / limit) },
    );
  });
}

/** The gadget list calls among `calls`, and the query of the last one. */
export const gadgetListCalls = (calls: Call[]) =>
  calls.filter((c) => c.url.pathname.endsWith('/web/gadget/'));
export const lastListParams = (calls: Call[]) =>
  Object.fromEntries(gadgetListCalls(calls).at(-1)!.url.searchParams);

/** Renders `screen` of `resource` at `path`, routed as `route`. */
export function renderResourceScreen(
  resource: AnyResource,
  screen: ReactElement,
  {
    path,
    route,
    entry = gadgetEntry,
    client,
  }: { path: string; route: string; entry?: ResourceEntry; client?: QueryClient },
) {
  return renderAt(
    <ResourceScope resource={resource} entry={entry}>
      {screen}
    </ResourceScope>,
    { path, route, client },
  );
}

/** The list screen of `resource` (the gadget's by default) at `path`. */
export const renderGadgetList = (resource: AnyResource = gadgetResource, path = '/gadgets') =>
  renderResourceScreen(resource, <ResourceListPage />, { path, route: '/gadgets' });
