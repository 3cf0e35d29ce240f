// Coupons, coupon redemptions (with revert), vouchers, voucher redemptions and the coupon lottery (issue 10).
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';

export const couponsResources: AnyResourceDef[] = [];

export function registerCouponRoutes(_api: FastifyInstance, _db: Db): void {}
