// The one query-key factory (medusa style): every cache key and every invalidation goes
// through here, never a hand-written array.
import type { Query } from './api-client';

export const resourceKeys = (name: string) => ({
  all: [name] as const,
  lists: () => [name, 'list'] as const,
  list: (query: Query) => [name, 'list', query] as const,
  details: () => [name, 'detail'] as const,
  detail: (id: string | number) => [name, 'detail', String(id)] as const,
  /** An action's preview (the count its confirmation names); refreshed with the resource. */
  preview: (method: string, path: string, call: unknown) => [name, 'preview', method, path, call] as const,
});

export const selectKeys = {
  all: ['select'] as const,
  path: (path: string) => ['select', path] as const,
  options: (path: string, params?: Query) => ['select', path, params ?? {}] as const,
};

/** The dashboards' and home figures' reports (features/dashboards/dashboard-core.ts). */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  report: (path: string, query: unknown, shape: unknown) => ['dashboards', path, query, shape] as const,
};
