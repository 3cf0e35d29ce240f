// Promos with their lines, news, popups, promo videos and broadcasts (issue 11).
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';

export const contentResources: AnyResourceDef[] = [];

export function registerContentRoutes(_api: FastifyInstance, _db: Db): void {}
