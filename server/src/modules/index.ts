// Registers every area of the API. Areas don't import each other; shared pieces live in http/ and resources/.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { registerExportRowFormat } from '../resources/export';
import { assertReferences } from '../resources/references';
import { registerResource } from '../resources/routes';
import { auditResources } from './audit/audit.resource';
import { registerSavedViewRoutes } from './audit/saved-views.routes';
import { registerAuthRoutes } from './auth/auth.routes';
import type { AuthService } from './auth/auth.service';
import { broadcastsResources, registerBroadcastRoutes } from './broadcasts/broadcasts.module';
import { contentResources, registerContentRoutes } from './content/content.module';
import { couponStatusFormat } from './coupons/coupons.export';
import { couponsResources, registerCouponRoutes } from './coupons/coupons.module';
import { redeemCoupon } from './coupons/coupons.service';
import { customerFlagsFormat } from './customers/customer.export';
import { customerLogExportRows } from './customers/customer-log.export';
import { customerResources } from './customers/customers.resource';
import { registerCustomerRoutes } from './customers/customers.routes';
import {
  dashboardInvoiceHooks,
  dashboardsResources,
  reclassifyAfterWrites,
  registerDashboardRoutes,
} from './dashboards/dashboards.module';
import { registerIntegrationRoutes } from './integration/integration.routes';
import { jobsResources, registerJobRoutes } from './jobs/jobs.module';
import { lotteryResources, registerLotteryRoutes } from './lottery/lottery.module';
import { lotteryOfStore } from './lottery/lottery.resource';
import { organisationResources } from './organisation/organisation.resource';
import { applyInvoicePoints } from './points/points.engine';
import { ledgerExportFormat, pointTypeFormat } from './points/points.export';
import { pointResources } from './points/points.resource';
import { registerPointRoutes } from './points/points.routes';
import { productResources } from './products/products.resource';
import { registerProductRoutes } from './products/products.routes';
import { promosResources, registerPromoRoutes } from './promos/promos.module';
import { promosForStore } from './promos/promos.resource';
import { invoiceOfStore, invoicesOfStore, salesResources } from './sales/sales.resource';
import { registerSalesRoutes } from './sales/sales.routes';
import { staffResources } from './staff/staff.resource';
import type { StoreAuthService } from './store/store.auth';
import { registerStoreRoutes } from './store/store.module';
import { registerTargetRoutes, targetsResources } from './targets/targets.module';
import { targetYearByPeriod } from './targets/targets.service';
import { registerUploadRoutes, uploadsResources } from './uploads/uploads.module';
import { addStorePhoto, foldersOpenToStore } from './uploads/uploads.service';
import { registerVoucherRoutes, vouchersResources } from './vouchers/vouchers.module';

export type ModuleDeps = {
  database: Database;
  auth: AuthService;
  storeAuth: StoreAuthService;
  config: Config;
};

export const resources = [
  ...organisationResources,
  ...staffResources,
  ...pointResources,
  ...customerResources,
  ...productResources,
  ...salesResources,
  ...couponsResources,
  ...vouchersResources,
  ...lotteryResources,
  ...promosResources,
  ...contentResources,
  ...broadcastsResources,
  ...targetsResources,
  ...uploadsResources,
  ...dashboardsResources,
  ...auditResources,
  ...jobsResources,
];

export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  // Every reference field of every body (contract: ref) names records within the caller's branches,
  // whatever route takes it: generic, action or custom (403 naming each record of another branch).
  // Unknown records are the handler's (a 404 in the generic create and update, which check again
  // inside their transaction, the documented 400 of an action). Imports (`scope: 'branch'`) are
  // checked by their pipeline (runImport), which names each row.
  // The validated query's declared references (a write's filter such as DELETE /lottary/all?branch_id=)
  // are checked the same way.
  // A write that moved an item to another category or a store to another branch: the rollups follow
  // once it committed (dashboards/reclassify.ts).
  api.addHook('onResponse', reclassifyAfterWrites(deps.database.db));
  api.addHook('preHandler', async (req) => {
    const config = req.routeOptions.config;
    // Store routes take the store from the token alone (store.module.ts refuses another store's ids).
    if (config.public || config.scope === 'branch' || config.scope === 'store') return;
    const schemas = req.routeOptions.schema as { body?: unknown; querystring?: unknown } | undefined;
    if (schemas?.querystring && req.query)
      await assertReferences(deps.database.db, req, schemas.querystring, req.query, { unknown: 'leave' });
    if (req.body !== undefined && schemas?.body)
      await assertReferences(deps.database.db, req, schemas.body, req.body, { unknown: 'leave' });
  });
  // Lists whose export words columns as their screens do; the export machinery stays generic.
  registerExportRowFormat('customer_log', { rows: customerLogExportRows });
  registerExportRowFormat('customer', customerFlagsFormat);
  registerExportRowFormat('point', ledgerExportFormat);
  registerExportRowFormat('point_report', pointTypeFormat);
  registerExportRowFormat('coupon', couponStatusFormat);
  registerAuthRoutes(api, deps.auth, deps.database.db);
  for (const def of resources) registerResource(api, deps.database.db, def);
  registerPointRoutes(api, deps.database.db);
  registerCustomerRoutes(api, deps.database.db);
  registerProductRoutes(api, deps.database.db);
  registerSalesRoutes(api, deps.database.db);
  registerCouponRoutes(api, deps.database.db);
  registerVoucherRoutes(api, deps.database.db);
  registerLotteryRoutes(api, deps.database.db);
  registerPromoRoutes(api, deps.database.db);
  registerContentRoutes(api, deps.database.db);
  registerBroadcastRoutes(api, deps.database.db);
  registerTargetRoutes(api, deps.database.db);
  registerUploadRoutes(api, deps.database.db);
  registerDashboardRoutes(api, deps.database.db, deps.config);
  registerSavedViewRoutes(api, deps.database.db);
  registerJobRoutes(api, deps.database.db);
  // Stores redeem through the coupons module's own service and read the other areas through their own
  // queries: composed here, as areas don't import each other.
  registerStoreRoutes(api, deps.database.db, deps.storeAuth, {
    redeemCoupon,
    promosForStore,
    lotteryOfStore,
    targetYearByPeriod,
    invoicesOfStore,
    invoiceOfStore,
    foldersOpenToStore,
    addStorePhoto,
  });
  // The ERP feed earns points inside its own transaction: composed here so neither area imports the other.
  registerIntegrationRoutes(api, deps.database.db, {
    afterSalesInvoices: [applyInvoicePoints, ...dashboardInvoiceHooks],
  });
}
