// The ERP feed's routes: both imports on the shared import pipeline (see integration.service's header
// for what is the feed's own, and server/src/resources/imports.ts for the rest).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerImport } from '../../resources/imports';
import { customerOrderImportDef, type ImportHooks, salesInvoiceImportDef } from './integration.service';

export function registerIntegrationRoutes(api: FastifyInstance, db: Db, hooks: ImportHooks = {}): void {
  registerImport(api, db, salesInvoiceImportDef(hooks.afterSalesInvoices));
  registerImport(api, db, customerOrderImportDef(hooks.afterCustomerOrders));
}
