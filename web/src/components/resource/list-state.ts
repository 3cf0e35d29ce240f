// A list screen's state (page, size, sort, search, filters) lives in the URL so that Back, reload
// and shared links keep it; these pure functions read it, write it and turn it into API params.
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '@lbo/contract/common';
import { resolveSortKey } from '@lbo/contract/resource';
import type { Query } from '../../app/api-client';
import type { Session } from '../../app/session';
import type { AnyResource, FilterDef } from './types';

export type SortDir = 'asc' | 'desc';
export type ListState = {
  page: number;
  limit: number;
  by: string;
  sort: SortDir;
  search: string;
  /** URL parameter -> value, for every declared filter (date ranges use their from/to names). */
  filters: Record<string, string>;
};

export const PAGE_SIZES = [10, 20, 50, 100];

/** The URL parameters a filter owns. */
export function filterParams(f: FilterDef): string[] {
  return f.kind === 'dateRange' ? [f.from, f.to] : [f.key];
}

function positiveInt(v: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * A filter parameter the resource applies by default (resource.filterDefaults), if it is one of its
 * declared filters' parameters.
 */
function defaultOf(resource: AnyResource, param: string): string | undefined {
  return resource.filterDefaults?.[param];
}

/** The filters a list starts with: the resource's declared defaults. */
export function defaultFilters(resource: AnyResource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of resource.filters ?? [])
    for (const p of filterParams(f)) {
      const d = defaultOf(resource, p);
      if (d) out[p] = d;
    }
  return out;
}

/**
 * Absent from the URL, a filter with a default takes it; present but empty (`active=`), the user
 * removed it, so that reload and Back keep it removed.
 */
export function readListState(params: URLSearchParams, resource: AnyResource): ListState {
  const { contract } = resource;
  const by = params.get('by');
  const validBy = by && resolveSortKey(contract.sortKeys, by) ? by : null;
  const sort = params.get('sort');
  const filters: Record<string, string> = {};
  const covered = new Set<string>();
  for (const f of resource.filters ?? []) {
    for (const p of filterParams(f)) {
      covered.add(p);
      const v = params.has(p) ? params.get(p) : (defaultOf(resource, p) ?? null);
      if (v) filters[p] = v;
    }
  }
  // A filter of the contract the bar has no widget for (`customer_id` in a link from a customer's
  // page) applies too; the bar shows it as a removable chip.
  const shape = (contract.filters as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  for (const key of Object.keys(shape)) {
    const v = covered.has(key) ? null : params.get(key);
    if (v) filters[key] = v;
  }
  return {
    page: positiveInt(params.get('page'), DEFAULT_PAGE),
    limit: positiveInt(params.get('limit'), DEFAULT_LIMIT, MAX_LIMIT),
    by: validBy ?? contract.defaultSort.by,
    sort: sort === 'asc' || sort === 'desc' ? sort : validBy ? 'asc' : contract.defaultSort.dir,
    search: params.get('search') ?? '',
    filters,
  };
}

/** URL parameters for a state; defaults are left out to keep links short. */
export function writeListState(state: ListState, resource: AnyResource): URLSearchParams {
  const p = new URLSearchParams();
  const { defaultSort } = resource.contract;
  if (state.page !== DEFAULT_PAGE) p.set('page', String(state.page));
  if (state.limit !== DEFAULT_LIMIT) p.set('limit', String(state.limit));
  if (state.by !== defaultSort.by || state.sort !== defaultSort.dir) {
    p.set('by', state.by);
    p.set('sort', state.sort);
  }
  if (state.search.trim()) p.set('search', state.search.trim());
  const defaults = defaultFilters(resource);
  for (const [k, v] of Object.entries(state.filters)) if (v !== '' && v !== defaults[k]) p.set(k, v);
  // A removed default is written empty, or it would come back on the next read.
  for (const k of Object.keys(defaults)) if (!state.filters[k]) p.set(k, '');
  return p;
}

/** The API query of the list `session` sees in `state`: the resource's own parameters (listParams) added. */
export function listQueryOf(state: ListState, resource: AnyResource, session: Session | null): Query {
  return toApiQuery(state, session ? resource.listParams?.(session) : undefined);
}

/** The API query for a list call: page, limit, by, sort, search and the filters (blanks left out). */
export function toApiQuery(state: ListState, extra?: Query): Query {
  const q: Query = { ...extra, page: state.page, limit: state.limit, by: state.by, sort: state.sort };
  if (state.search.trim()) q.search = state.search.trim();
  for (const [k, v] of Object.entries(state.filters)) if (v !== '') q[k] = v;
  return q;
}

export function hasActiveFilters(state: ListState): boolean {
  return state.search.trim() !== '' || Object.values(state.filters).some((v) => v !== '');
}

/** Whether the search or filters differ from where the list starts (what "reset" goes back to). */
export function differsFromDefaults(state: ListState, resource: AnyResource): boolean {
  const defaults = defaultFilters(resource);
  const applied = Object.entries(state.filters).filter(([, v]) => v !== '');
  return (
    state.search.trim() !== '' ||
    applied.length !== Object.keys(defaults).length ||
    applied.some(([k, v]) => defaults[k] !== v)
  );
}
