// Coupons, coupon redemptions (with revert), vouchers, voucher redemptions and the coupon lottery.
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
