// Product routes beyond the resource definitions: the items of one category.

import { SELECT_CAP } from '@lbo/contract/common';
import { ITEMS_BY_CATEGORY_PATH, ItemsByCategory } from '@lbo/contract/products';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { item_categories, items } from '../../db/schema/products';
import { notFound, problem } from '../../http/errors';
import { itemColumns } from './products.resource';

export function registerProductRoutes(api: FastifyInstance, db: Db): void {
  api.withTypeProvider<ZodTypeProvider>().get(
    ITEMS_BY_CATEGORY_PATH,
    {
      config: { area: 'item', action: 'view', scope: 'none' },
      schema: {
        tags: ['item'],
        summary: `The items of one category, by name (at most ${SELECT_CAP})`,
        params: z.object({ id: z.coerce.number().int().positive({ error: 'must be a positive id' }) }),
        response: { 200: z.object({ data: ItemsByCategory }) },
      },
    },
    async (req) => {
      const { id } = req.params;
      const [category] = await db
        .select({ id: item_categories.id })
        .from(item_categories)
        .where(eq(item_categories.id, id));
      if (!category) throw notFound(problem('not_found', { thing: 'item category', id }));
      const list = await db
        .select(itemColumns)
        .from(items)
        .innerJoin(item_categories, eq(item_categories.id, items.item_category_id))
        .where(eq(items.item_category_id, id))
        .orderBy(asc(items.item_name), asc(items.id))
        .limit(SELECT_CAP);
      return { data: list.map((r) => ({ ...r, item_id: r.id })) };
    },
  );
}
