// Lottery coupons: the list, the import, the report and "delete all".
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';
import { lotteryResourceList } from './lottery.resource';
import { registerLotteryRoutes as register } from './lottery.routes';

export const lotteryResources: AnyResourceDef[] = lotteryResourceList as AnyResourceDef[];

export function registerLotteryRoutes(api: FastifyInstance, db: Db): void {
  register(api, db);
}
