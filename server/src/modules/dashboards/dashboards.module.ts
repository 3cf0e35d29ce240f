// Dashboards, turnover (omzet) rollups, invoice tracking and virtual-account payments.
// modules/index.ts registers this area: its resource definitions and its own routes.
//
// The turnover rollups are kept by database triggers (migration 0005_dashboards.sql), not by an import
// hook: every writer of invoices, lines and ledger rows (the ERP feed, VA payments, seeds, plain SQL)
// keeps them in its own transaction, and a re-sent changed invoice moves its old figures out before the
// new ones come in. dashboardInvoiceHooks therefore stays empty.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { InvoiceWriteHook } from '../../domain/invoice-hooks';
import type { AnyResourceDef } from '../../resources/define';
import { registerDashboardRoutes as registerRoutes } from './dashboards.routes';
import { reclassifyAfterWrites, registerRollupRoutes } from './rollups.routes';

export { reclassifyAfterWrites };

export const dashboardsResources: AnyResourceDef[] = [];

export function registerDashboardRoutes(
  api: FastifyInstance,
  db: Db,
  config?: Pick<Config, 'vaCallbackToken'>,
): void {
  registerRoutes(api, db, config?.vaCallbackToken);
  registerRollupRoutes(api, db);
}

/** Run inside the ERP feed's invoice import transaction: none needed (the rollups' triggers run there). */
export const dashboardInvoiceHooks: InvoiceWriteHook[] = [];
