// Coupons and coupon redemptions (with revert and the lifecycle moves), and the redeemed report.
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';
import { couponsResourceList } from './coupons.resource';
import { registerCouponRoutes as register } from './coupons.routes';

export const couponsResources: AnyResourceDef[] = couponsResourceList as AnyResourceDef[];

export function registerCouponRoutes(api: FastifyInstance, db: Db): void {
  register(api, db);
}
