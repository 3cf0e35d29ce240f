// Promos with their lines (items, bonus items, categories).
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';
import { promoResources } from './promos.resource';
import { registerPromoRoutes as register } from './promos.routes';

export const promosResources: AnyResourceDef[] = [...promoResources] as AnyResourceDef[];

export function registerPromoRoutes(api: FastifyInstance, db: Db): void {
  register(api, db);
}
