// Dashboards, turnover (omzet) rollups, invoice tracking and virtual-account payments (issue 13).
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';
import type { InvoiceWriteHook } from '../integration/integration.service';

export const dashboardsResources: AnyResourceDef[] = [];

export function registerDashboardRoutes(_api: FastifyInstance, _db: Db): void {}

/** Run inside the ERP feed's invoice import transaction (after points): keeps the turnover rollups. */
export const dashboardInvoiceHooks: InvoiceWriteHook[] = [];
