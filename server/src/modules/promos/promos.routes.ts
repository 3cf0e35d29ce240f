// Promo routes beyond the generic ones: the update (multipart; promo_id in the body must match the
// path), the reorder action and adding the items of a category to a line.

import { Promo, PromoUpdate, promoContract } from '@lbo/contract/promos';
import {
  PromoReorderResult,
  promoItemLinesByCategoryAction,
  promoReorderAction,
} from '@lbo/contract/promos.actions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, rows } from '../../db/client';
import { promos } from '../../db/schema/promos';
import { writeAudit } from '../../http/audit';
import { badRequest, problem } from '../../http/errors';
import { assertStoredImages, multipartJsonBody } from '../../http/uploads';
import { registerAction } from '../../resources/actions';
import { assertPeriod } from '../../resources/define';
import { baseQuery, loadRecord } from '../../resources/records';
import {
  assertBranch,
  assertCustomerTypes,
  intArray,
  itemLineColumns,
  lockLine,
  promoItemLineResource,
  promoResource,
  promoValues,
} from './promos.resource';

export function registerPromoRoutes(api: FastifyInstance, db: Db): void {
  const path = promoContract.paths.update!;
  api.withTypeProvider<ZodTypeProvider>().put(
    path,
    {
      config: { area: 'promo', action: 'update', scope: { resource: 'promo' } },
      preValidation: multipartJsonBody(['image', 'photo']),
      schema: {
        tags: ['promo'],
        summary: 'Update a promo (partial)',
        description:
          'JSON, or multipart/form-data: this body as JSON in the text field `form_data` and an optional `image` file (JPEG, PNG or WebP, at most 5 MiB). `promo_id` in the body, when given, must be the promo of the path (400 otherwise).',
        consumes: ['application/json', 'multipart/form-data'],
        params: z.object({ promo_id: z.coerce.number().int().positive({ error: 'must be a positive id' }) }),
        body: PromoUpdate,
        response: { 200: z.object({ data: Promo }) },
      },
    },
    async (req) => {
      const id = req.params.promo_id;
      const body = req.body as Record<string, unknown>;
      if (body.promo_id !== undefined && body.promo_id !== id) {
        throw badRequest(problem('promo_id_mismatch', { body: String(body.promo_id), path: id }, 'promo_id'));
      }
      const image = req.uploadedImage;
      const stored = image ? await req.server.uploads.save(image, 'promo') : null;
      try {
        const after = await db.transaction(async (tx) => {
          await tx.select({ id: promos.id }).from(promos).where(eq(promos.id, id)).for('update');
          const before = await loadRecord(tx, promoResource, req, id);
          await assertStoredImages(req, body, ['image'], before);
          assertPeriod(promoContract.period, { ...before, ...body });
          await assertBranch(tx, body.branch_id as number | null | undefined);
          await assertCustomerTypes(tx, body.customer_type_ids as number[] | undefined);
          const values = promoValues(body);
          if (stored) values.image_url = stored.url;
          await tx
            .update(promos)
            .set({ ...values, updated_at: sql`now()` } as never)
            .where(eq(promos.id, id));
          const updated = await loadRecord(tx, promoResource, req, id);
          await writeAudit(tx, req, {
            action: 'update',
            entity: 'promo',
            entityId: id,
            before,
            after: updated,
          });
          return updated;
        });
        return { data: after as never };
      } catch (err) {
        if (stored) await req.server.uploads.remove(stored.path);
        throw err;
      }
    },
  );

  registerAction(api, db, {
    contract: promoReorderAction,
    handler: async ({ tx, body }) => {
      // Every promo, locked, in the current order.
      const current = await rows<{ id: number }>(
        tx,
        sql`select id from promos order by priority, id for update`,
      );
      const order = current.map((r) => r.id);
      const position = new Map(order.map((id, i) => [id, i]));
      const unknown = body.promo_ids.filter((id) => !position.has(id));
      if (unknown.length > 0) {
        throw badRequest(problem('not_found', { thing: 'promo', ids: unknown.join(', ') }, 'promo_ids'));
      }
      // The listed promos keep the set of places they held, filled in the order given.
      const slots = body.promo_ids.map((id) => position.get(id)!).sort((a, b) => a - b);
      slots.forEach((slot, i) => {
        order[slot] = body.promo_ids[i];
      });
      await tx.execute(
        sql`update promos p set priority = o.n::int, updated_at = now()
            from unnest(${intArray(order)}::int[]) with ordinality as o(id, n)
            where p.id = o.id and p.priority is distinct from o.n::int`,
      );
      return PromoReorderResult.parse({
        list_promo: order.map((promo_id, i) => ({ promo_id, priority: i + 1 })),
      });
    },
  });

  registerAction(api, db, {
    contract: promoItemLinesByCategoryAction,
    handler: async ({ tx, body }) => {
      await lockLine(tx, body.promo_line_id);
      const [cat] = await rows<{ id: number; n: number }>(
        tx,
        sql`select c.id, (select count(*)::int from items i where i.item_category_id = c.id) as n
            from item_categories c where c.id = ${body.item_category_id}`,
      );
      if (!cat) {
        throw badRequest(
          problem('not_found', { thing: 'item category', id: body.item_category_id }, 'item_category_id'),
        );
      }
      if (Number(cat.n) === 0)
        throw badRequest(problem('category_no_items', { ids: body.item_category_id }, 'item_category_id'));
      const inserted = await rows<{ id: number }>(
        tx,
        sql`insert into promo_item_lines (promo_line_id, item_id)
            select ${body.promo_line_id}, i.id from items i where i.item_category_id = ${body.item_category_id}
            on conflict (promo_line_id, item_id) do nothing
            returning id`,
      );
      if (inserted.length === 0) return [];
      const cols = itemLineColumns;
      const created = (await baseQuery(tx, promoItemLineResource, cols)
        .where(sql`${cols.id} = any(${intArray(inserted.map((r) => r.id))}::int[])`)
        .orderBy(sql`${cols.item_name}`, sql`${cols.id}`)) as Record<string, unknown>[];
      return created as never;
    },
  });
}
