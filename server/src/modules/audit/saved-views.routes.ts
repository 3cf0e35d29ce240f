// Saved views: a staff user's named states (filters, sort, columns) of one list, kept on the server so
// they follow the user to any browser. Each user reads and changes only their own (scope 'own'):
// another user's view is a 404, the same as one that does not exist.
import {
  SAVED_VIEW_PATHS,
  SavedView,
  SavedViewCreate,
  SavedViewQuery,
  SavedViewUpdate,
} from '@lbo/contract/audit';
import { DeletedBody } from '@lbo/contract/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { saved_views } from '../../db/schema/staff';
import { conflict, notFound, problem } from '../../http/errors';

/** A user keeps at most this many views per list (the header menu stays short). */
export const MAX_VIEWS_PER_LIST = 50;

const columns = {
  id: saved_views.id,
  list: saved_views.list,
  name: saved_views.name,
  state: saved_views.state,
  created_at: saved_views.created_at,
  updated_at: saved_views.updated_at,
};

const IdParams = z.object({ id: z.coerce.number().int().positive({ error: 'must be a positive id' }) });

/** The unique (user, list, name) index: a second view of the same name is a 409 naming it. */
function isDuplicate(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
const duplicate = (name: string) =>
  conflict(problem('duplicate', { thing: 'saved view', value: name }, { field: 'name' }));

export function registerSavedViewRoutes(api: FastifyInstance, db: Db): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved_view'];

  r.get(
    SAVED_VIEW_PATHS.list,
    {
      config: { scope: 'own' },
      schema: {
        tags,
        summary: "The caller's saved views of one list, by name",
        querystring: SavedViewQuery,
        response: { 200: z.object({ data: z.array(SavedView) }) },
      },
    },
    async (req) => {
      const rows = await db
        .select(columns)
        .from(saved_views)
        .where(and(eq(saved_views.user_id, req.user.id), eq(saved_views.list, req.query.list)))
        .orderBy(asc(saved_views.name), asc(saved_views.id));
      return { data: rows as SavedView[] };
    },
  );

  r.post(
    SAVED_VIEW_PATHS.create,
    {
      config: { scope: 'own' },
      schema: {
        tags,
        summary: 'Save a list state under a name (409 when the caller has a view of that name on the list)',
        body: SavedViewCreate,
        response: { 201: z.object({ data: SavedView }) },
      },
    },
    async (req, reply) => {
      const { list, name, state } = req.body;
      const created = await db.transaction(async (tx) => {
        const [{ n }] = (await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(saved_views)
          .where(and(eq(saved_views.user_id, req.user.id), eq(saved_views.list, list)))) as { n: number }[];
        if (n >= MAX_VIEWS_PER_LIST)
          throw conflict(problem('too_many_saved_views', { max: MAX_VIEWS_PER_LIST }, { field: 'name' }));
        try {
          const [row] = await tx
            .insert(saved_views)
            .values({ user_id: req.user.id, list, name, state })
            .returning(columns);
          return row;
        } catch (err) {
          if (isDuplicate(err)) throw duplicate(name);
          throw err;
        }
      });
      return reply.code(201).send({ data: created as SavedView });
    },
  );

  r.put(
    SAVED_VIEW_PATHS.one,
    {
      config: { scope: 'own' },
      schema: {
        tags,
        summary: 'Rename a saved view or replace its state; fields left out keep their value',
        params: IdParams,
        body: SavedViewUpdate,
        response: { 200: z.object({ data: SavedView }) },
      },
    },
    async (req) => {
      const { id } = req.params;
      const set: Record<string, unknown> = {};
      if (req.body.name !== undefined) set.name = req.body.name;
      if (req.body.state !== undefined) set.state = req.body.state;
      const own = and(eq(saved_views.id, id), eq(saved_views.user_id, req.user.id));
      try {
        const [row] =
          Object.keys(set).length > 0
            ? await db
                .update(saved_views)
                .set({ ...set, updated_at: sql`now()` })
                .where(own)
                .returning(columns)
            : await db.select(columns).from(saved_views).where(own);
        if (!row) throw notFound(problem('not_found', { thing: 'saved view', id }));
        return { data: row as SavedView };
      } catch (err) {
        if (isDuplicate(err)) throw duplicate(req.body.name ?? '');
        throw err;
      }
    },
  );

  r.delete(
    SAVED_VIEW_PATHS.one,
    {
      config: { scope: 'own' },
      schema: { tags, summary: 'Delete a saved view', params: IdParams, response: { 200: DeletedBody } },
    },
    async (req) => {
      const { id } = req.params;
      const [row] = await db
        .delete(saved_views)
        .where(and(eq(saved_views.id, id), eq(saved_views.user_id, req.user.id)))
        .returning({ id: saved_views.id });
      if (!row) throw notFound(problem('not_found', { thing: 'saved view', id }));
      return { data: { id } };
    },
  );
}
