// The dashboard calls at SPEC.md's paths (section 7, "Dashboards"), the reports beside them and the
// bank's virtual-account callback. Thin routes: the contract's schema validates (400 with every problem),
// dashboards.service / va.service answer. Every answer is scoped to the caller's branches (token).
import { jakartaDate, PageMeta } from '@lbo/contract/common';
import {
  CustomerFiguresQuery,
  DashboardBranchRow,
  DashboardCustomerRow,
  DashboardGroupRow,
  DashboardQuery,
  DashboardRegionRow,
  defaultRange,
  MasterStoreQuery,
  MasterStoreRow,
  OmzetAreaRow,
  OmzetBranchRow,
  OmzetCustomerQuery,
  OmzetCustomerRow,
  OmzetGraphQuery,
  OmzetGraphRow,
  OmzetGroupRow,
  OmzetItemRow,
  OmzetQuery,
  OmzetRegionRow,
  DASHBOARD_PATHS as P,
  RegisteredStoreRow,
  RegisteredUserQuery,
  TrackingQuery,
  TrackingRow,
  VaPaymentNotification,
  VaPaymentResult,
  VaReportQuery,
  VaReportRow,
} from '@lbo/contract/dashboards';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  customerFigures,
  figures,
  invoiceTracking,
  masterStores,
  omzet,
  omzetCustomers,
  omzetGraph,
  type Range,
  registeredStores,
} from './dashboards.service';
import { assertCallbackToken, receiveVaPayment, vaReport } from './va.service';

const tags = ['dashboard'];
const view = { area: 'dashboard' as const, action: 'view' as const, scope: 'branch' as const };
const rangeOf = (q: { start_date?: string; end_date?: string }): Range => {
  const d = defaultRange();
  const end = q.end_date ?? (q.start_date && q.start_date > d.end_date ? q.start_date : d.end_date);
  const start = q.start_date ?? (end < d.start_date ? `${end.slice(0, 8)}01` : d.start_date);
  return { start, end };
};
const list = <T extends z.ZodType>(row: T) => ({ 200: z.object({ data: z.array(row) }) });
const paged = <T extends z.ZodType>(row: T) => ({ 200: z.object({ data: z.array(row), meta: PageMeta }) });

const FIGURES_DOC =
  'Columns: stores (customers of the branch; with customer_level_id, of that customer type), registered_stores ' +
  '(registered in the app: customers.registered_at set), activated_stores (registered within the range), turnover ' +
  '(net amount of the invoice lines dated in the range, cancelled invoices excluded; rollups dash_day_branch / ' +
  'dash_day_customer), invoice_count (invoices dated in the range, every status) and invoice_amount ' +
  '(their header net amount, cancelled excluded; rollup dash_day_branch), points_earned (invoice and promo points) ' +
  'and points_redeemed (coupon redemptions less reverts; rollup dash_points_day_branch). Range: start_date..end_date ' +
  'inclusive, Asia/Jakarta; default this month up to today. customer_level_id is a customer type id (customer_types.id). ' +
  "Every figure counts under the current classification: the store's branch (its region, group) and type now, also for past sales.";
const OMZET_DOC =
  'turnover: net amount of the invoice lines (qty x price - line discount) dated in the range, cancelled invoices ' +
  'excluded; qty: their quantity. item_category_ids / item_ids keep lines of those categories / items (both: both ' +
  'apply). Read from the rollups (whole months from dash_month_branch_item, edge days from dash_day_branch_item). ' +
  "Every line counts under its item's category and its store's branch and type now, also for past sales.";

export function registerDashboardRoutes(app: FastifyInstance, db: Db, vaCallbackToken?: string): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    P.byRegion,
    {
      config: view,
      schema: {
        tags,
        summary: `Figures by region. ${FIGURES_DOC}`,
        querystring: DashboardQuery,
        response: list(DashboardRegionRow),
      },
    },
    async (req) => ({
      data: (await figures(db, req, req.query, rangeOf(req.query), 'region')) as DashboardRegionRow[],
    }),
  );
  r.get(
    P.group,
    {
      config: view,
      schema: {
        tags,
        summary: `With group_id: that region group's regions (rows keyed region_id); without: every region group (rows keyed region_group_id). ${FIGURES_DOC}`,
        querystring: DashboardQuery,
        response: { 200: z.object({ data: z.array(z.union([DashboardRegionRow, DashboardGroupRow])) }) },
      },
    },
    async (req) => {
      const level = (req.query.group_id ?? req.query.region_group_id) ? 'region' : 'group';
      return { data: (await figures(db, req, req.query, rangeOf(req.query), level)) as DashboardRegionRow[] };
    },
  );
  r.get(
    P.detail,
    {
      config: view,
      schema: {
        tags,
        summary: `A region's (or region group's) branches, keyed branch_id_detail; [] when none. ${FIGURES_DOC}`,
        querystring: DashboardQuery,
        response: list(DashboardBranchRow),
      },
    },
    async (req) => ({
      data: (await figures(db, req, req.query, rangeOf(req.query), 'branch')) as DashboardBranchRow[],
    }),
  );
  r.get(
    P.selectBranch,
    {
      config: view,
      schema: {
        tags,
        summary: `The signed-in user's branches with their figures (keyed branch_id, also branch_id_detail). ${FIGURES_DOC}`,
        querystring: DashboardQuery,
        response: list(DashboardBranchRow),
      },
    },
    async (req) => ({
      data: (await figures(db, req, req.query, rangeOf(req.query), 'branch')) as DashboardBranchRow[],
    }),
  );
  const customerRoute = (path: string, summary: string) =>
    r.get(
      path,
      {
        config: view,
        schema: { tags, summary, querystring: CustomerFiguresQuery, response: paged(DashboardCustomerRow) },
      },
      async (req) => {
        const res = await customerFigures(db, req, req.query, rangeOf(req.query));
        return { data: res.rows as DashboardCustomerRow[], meta: res.meta };
      },
    );
  customerRoute(
    P.selectCustomer,
    "A branch's customers (branch_id; without it every customer in scope) with turnover, invoices and points in the range, paged, keyed customer_id; by: turnover (default, largest first), customer_name, customer_code, invoice_count.",
  );
  customerRoute(
    P.branchReport,
    "A branch's customers with salesman_id and status filters (registered: registered in the app; not_registered; activated: registered within the range; inactive: switched off), with their figures, paged, keyed customer_id.",
  );
  r.get(
    P.registeredUser,
    {
      config: view,
      schema: {
        tags,
        summary:
          'Stores registered in the app by end_date (registered_at on or before it), keyed customer_id_detail; activated: registered within the range. by: customer_name (default), customer_code, registered_at, branch_name.',
        querystring: RegisteredUserQuery,
        response: paged(RegisteredStoreRow),
      },
    },
    async (req) => {
      const res = await registeredStores(db, req, req.query, rangeOf(req.query), 'registered');
      return { data: res.rows as RegisteredStoreRow[], meta: res.meta };
    },
  );
  r.get(
    P.activation,
    {
      config: view,
      schema: {
        tags,
        summary:
          'Activation report: the stores that registered in the app within the range (customers.registered_at, Asia/Jakarta), by branch, keyed customer_id_detail; newest first by default.',
        querystring: RegisteredUserQuery,
        response: paged(RegisteredStoreRow),
      },
    },
    async (req) => {
      const res = await registeredStores(db, req, req.query, rangeOf(req.query), 'activation');
      return { data: res.rows as RegisteredStoreRow[], meta: res.meta };
    },
  );
  r.get(
    P.masterStore,
    {
      config: view,
      schema: {
        tags,
        summary:
          'Master stores report: every store with its branch, region, type, salesman, flags, point balance (customers.point_balance) and last app activity (customers.last_seen_at), paged (export: page through with limit 100).',
        querystring: MasterStoreQuery,
        response: paged(MasterStoreRow),
      },
    },
    async (req) => {
      const res = await masterStores(db, req, req.query);
      return { data: res.rows as MasterStoreRow[], meta: res.meta };
    },
  );

  // Turnover (omzet)
  const omzetRoute = <T extends z.ZodType>(
    path: string,
    level: 'group' | 'region' | 'area' | 'branch' | 'item',
    row: T,
    summary: string,
  ) =>
    r.get(
      path,
      {
        config: view,
        schema: { tags, summary: `${summary} ${OMZET_DOC}`, querystring: OmzetQuery, response: list(row) },
      },
      async (req) => ({ data: (await omzet(db, req, req.query, rangeOf(req.query), level)) as z.infer<T>[] }),
    );
  omzetRoute(P.omzet, 'item', OmzetItemRow, 'Turnover per item (keyed item_id), largest first; ids: items.');
  omzetRoute(
    P.omzetGroup,
    'group',
    OmzetGroupRow,
    'Turnover per region group (keyed region_group_id); ids: region groups.',
  );
  omzetRoute(P.omzetRegion, 'region', OmzetRegionRow, 'Turnover per region (keyed region_id); ids: regions.');
  omzetRoute(
    P.omzetArea,
    'area',
    OmzetAreaRow,
    "Turnover per region area (keyed region_area_id: the branches' area, branches.region_area_id; null for branches without one); ids: region areas.",
  );
  omzetRoute(
    P.omzetBranch,
    'branch',
    OmzetBranchRow,
    'Turnover per branch (keyed branch_id); ids: branches.',
  );
  r.get(
    P.omzetCustomer,
    {
      config: view,
      schema: {
        tags,
        summary: `Turnover per customer (keyed customer_id), customers with turnover only, paged, largest first; ids: customers; by: turnover, qty, customer_name, customer_code. ${OMZET_DOC}`,
        querystring: OmzetCustomerQuery,
        response: paged(OmzetCustomerRow),
      },
    },
    async (req) => {
      const res = await omzetCustomers(db, req, req.query, rangeOf(req.query));
      return { data: res.rows as OmzetCustomerRow[], meta: res.meta };
    },
  );
  r.get(
    P.omzetGraph,
    {
      config: view,
      schema: {
        tags,
        summary:
          "A year's turnover per month (12 rows) with the previous year's beside it (last_year_turnover), filtered by region group, region, branch, categories and items; year 2000..2100, default the current year.",
        querystring: OmzetGraphQuery,
        response: list(OmzetGraphRow),
      },
    },
    async (req) => ({
      data: (await omzetGraph(db, req, {
        ...req.query,
        year: req.query.year ?? Number(jakartaDate().slice(0, 4)),
      })) as OmzetGraphRow[],
    }),
  );

  r.get(
    P.tracking,
    {
      config: view,
      schema: {
        tags,
        summary:
          'Invoice tracking per branch for invoices dated in the range: counts by status (unpaid, partial, paid, cancelled; rollup dash_day_branch), overdue (unpaid or partly paid past the due date), outstanding amount (net less paid) and its ageing as of today in days past the due date (the invoice date when none): 0-30 (not yet due included), 31-60, 61-90, over 90.',
        querystring: TrackingQuery,
        response: list(TrackingRow),
      },
    },
    async (req) => ({
      data: (await invoiceTracking(db, req, req.query, rangeOf(req.query), jakartaDate())) as TrackingRow[],
    }),
  );
  r.get(
    P.virtualAccount,
    {
      config: view,
      schema: {
        tags,
        summary:
          "Virtual-account payments received in the range (payment time, Asia/Jakarta), keyed invoice_number, with their invoice; scoped by the invoice's branch. Unmatched payments (unknown or cancelled invoice) are shown to users who see every branch when no region/branch filter is set; matched=true/false filters.",
        querystring: VaReportQuery,
        response: paged(VaReportRow),
      },
    },
    async (req) => {
      const res = await vaReport(db, req, req.query, rangeOf(req.query));
      return { data: res.rows as VaReportRow[], meta: res.meta };
    },
  );

  r.post(
    P.vaPayment,
    {
      config: { public: true },
      schema: {
        tags: ['integration'],
        summary:
          "The bank's virtual-account payment notification. Authenticated by the shared callback token (header X-Callback-Token, setting VA_CALLBACK_TOKEN), not a staff token: 401 otherwise. Idempotent on payment_id: a repeat answers 200 with applied=false and changes nothing (409 if its invoice number, amount or time differ). The invoice (by document number) gets the amount added to paid_amount and becomes partial or paid, in one transaction; an unknown or cancelled invoice number is stored unmatched.",
        security: [{ callbackToken: [] }],
        headers: z.object({ 'x-callback-token': z.string().optional() }),
        body: VaPaymentNotification,
        response: { 200: z.object({ data: VaPaymentResult }) },
      },
      // The token is checked before the body is validated: a caller without it learns nothing.
      preValidation: async (req) => assertCallbackToken(vaCallbackToken, req),
    },
    async (req) => ({ data: await receiveVaPayment(db, req.body as z.infer<typeof VaPaymentNotification>) }),
  );
}
