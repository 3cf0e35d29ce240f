// The stores' companion app (STORE-API.md): its sign-in and its reads and actions, all under /store.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { StoreAuthService } from './store.auth';
import { registerStoreAuthRoutes, registerStoreReadRoutes } from './store.routes';

export function registerStoreRoutes(app: FastifyInstance, db: Db, stores: StoreAuthService): void {
  registerStoreAuthRoutes(app, stores);
  registerStoreReadRoutes(app, db);
}
