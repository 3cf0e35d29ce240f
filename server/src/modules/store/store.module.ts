// The stores' companion app (STORE-API.md): its sign-in and its reads and actions, all under /store.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notFound, problem } from '../../http/errors';
import type { StoreAreas } from './store.areas';
import type { StoreAuthService } from './store.auth';
import { registerStoreRecordRoutes } from './store.records';
import { registerStoreAuthRoutes, registerStoreReadRoutes } from './store.routes';

/** Fields through which a request could name a store: only the signed-in store's own value passes. */
const STORE_FIELDS = ['customer_id', 'customer_code'] as const;

export function registerStoreRoutes(
  app: FastifyInstance,
  db: Db,
  stores: StoreAuthService,
  areas: StoreAreas,
): void {
  // The handlers read the store from the token alone; a request that names another store anyway
  // (path, query or body) answers 404, as for a record that does not exist, never another store's data.
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config.audience !== 'store' || !req.store) return;
    for (const source of [req.params, req.query, req.body]) {
      if (!source || typeof source !== 'object') continue;
      for (const field of STORE_FIELDS) {
        const v = (source as Record<string, unknown>)[field];
        if (v === undefined || v === '') continue;
        const own = field === 'customer_id' ? req.store.customerId : req.store.customerCode;
        if (String(v) !== String(own)) {
          throw notFound(problem('not_found', { thing: 'store', value: String(v).slice(0, 50) }, field));
        }
      }
    }
  });
  registerStoreAuthRoutes(app, stores);
  registerStoreReadRoutes(app, db, areas.redeemCoupon);
  registerStoreRecordRoutes(app, db, areas);
}
