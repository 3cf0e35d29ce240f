// The app's route table as the tests that walk every route see it: the protected API routes, and a
// call to one with its path parameters filled in.
import type { Harness } from '../harness';

type Route = Harness['app']['routeTable'][number];

/** A route's URL with every path parameter set to 1. */
export const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

/**
 * Every API route a caller must be signed in for (not the docs, not HEAD or OPTIONS), without the
 * live-update streams, which never end (live-changes.test.ts checks their auth and scope).
 */
export const protectedRoutes = (h: Harness) =>
  h.app.routeTable.filter(
    (r) =>
      r.url.startsWith('/v1/api/') &&
      !r.url.startsWith('/v1/api/docs') &&
      !r.url.endsWith('/events') &&
      !r.public &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS',
  );

/** The protected GET routes of staff, without the OpenAPI document (the store routes have their own walk). */
export const protectedGetRoutes = (h: Harness) =>
  protectedRoutes(h).filter(
    (r) => r.method === 'GET' && r.audience === 'staff' && !r.url.endsWith('/openapi.json'),
  );

/** Calls a route with `token` (none for null), its parameters set to 1 and an empty body unless GET. */
export const callRoute = (h: Harness, token: string | null, route: Route) =>
  h.call(token, route.method as 'GET', concrete(route.url), route.method === 'GET' ? undefined : {});
