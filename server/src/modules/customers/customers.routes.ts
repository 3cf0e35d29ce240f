// Customer workflows beyond the resource definitions: the five bulk edits and the customer report.
import {
  CUSTOMER_REPORT_EXPORT_CAP,
  CUSTOMER_REPORT_PATH,
  CustomerReport,
  CustomerReportMeta,
  CustomerReportQuery,
  CustomerReportRow,
  customerContract,
} from '@lbo/contract/customers';
import {
  CUSTOMER_PROFILE_CHANGE_PATH,
  customerActions,
  customerProfileApproveAction,
  customerProfileRejectAction,
} from '@lbo/contract/customers.actions';
import { StoreProfileChange } from '@lbo/contract/store';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { sales_invoices } from '../../db/schema/sales';
import { decideProfileChange, pendingProfileChange } from '../../domain/store-profile';
import { monthRange } from '../../http/dates';
import { orderBy, pageMeta } from '../../http/list-query';
import { defineServerAction, registerAction } from '../../resources/actions';
import { conditions, loadRecord, pagedList } from '../../resources/routes';
import { customerColumns, customerResource } from './customers.resource';
import { bulkEditCustomers, logCustomerChanges } from './customers.service';

// The five bulk edits (contract: customers.actions.ts) run as actions: the registrar gives them auth,
// validation, the transaction and the audit rows (one per customer, from bulkEditCustomers).
const bulkEdit = (contract: (typeof customerActions)[number]) =>
  defineServerAction({
    contract,
    async handler({ tx, req, body, audit }) {
      const { customer_ids, ...values } = body as { customer_ids: number[] } & Record<string, unknown>;
      const done = await bulkEditCustomers(tx, req, customer_ids, values, contract.name);
      audit(done.audit);
      return done.result;
    },
  });

export function registerCustomerRoutes(api: FastifyInstance, db: Db): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  for (const action of customerActions) registerAction(api, db, bulkEdit(action));

  // A store's profile change from the companion app: shown on the customer page, approved or
  // rejected there (scoped by the customer's branch through the record action's resource).
  r.get(
    CUSTOMER_PROFILE_CHANGE_PATH,
    {
      config: { area: 'customer', action: 'view', scope: { resource: 'customer' } },
      schema: {
        tags: ['customer'],
        summary:
          "The customer's profile change waiting for validation (asked for in the stores' app), or null",
        params: z.object({
          customer_id: z.coerce.number().int().positive({ error: 'must be a positive id' }),
        }),
        response: { 200: z.object({ data: StoreProfileChange.nullable() }) },
      },
    },
    async (req) => {
      await loadRecord(db, customerResource, req, req.params.customer_id);
      return { data: await pendingProfileChange(db, req.params.customer_id) };
    },
  );
  for (const [contract, decision] of [
    [customerProfileApproveAction, 'approved'],
    [customerProfileRejectAction, 'rejected'],
  ] as const) {
    registerAction(api, db, {
      contract,
      resource: customerResource,
      async handler({ tx, req, id, body, audit }) {
        const done = await decideProfileChange(tx, req, id!, decision, body?.note ?? '');
        await logCustomerChanges(
          tx,
          req,
          [{ id: id!, before: done.before, after: done.after }],
          contract.name,
        );
        audit({
          entityId: id,
          before: { customer: done.before },
          after: { customer: done.after, change: done.change },
        });
        return done.change;
      },
    });
  }

  // The report: the customer list's filters and sort, plus each row's invoices in the date range,
  // summed in one lateral aggregate per row of the page (index customer_id, invoice_date).
  r.get(
    CUSTOMER_REPORT_PATH,
    {
      config: { area: 'customer', action: 'view', scope: 'branch' },
      schema: {
        tags: ['customer'],
        summary: 'Customer report: customers with their invoice count and turnover over a date range',
        description: `Dates default to the current month (Asia/Jakarta). export=1 answers up to ${CUSTOMER_REPORT_EXPORT_CAP} rows in one page.`,
        querystring: CustomerReportQuery,
        response: { 200: z.object({ data: CustomerReport, meta: CustomerReportMeta }) },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof CustomerReportQuery>;
      const range = monthRange(q.start_date, q.end_date);
      const inv = db
        .select({
          invoice_count: sql<number>`count(*)::int`.as('invoice_count'),
          turnover: sql<number>`coalesce(sum(${sales_invoices.net_amount}), 0)`.as('turnover'),
          last_invoice_date: sql<string | null>`max(${sales_invoices.invoice_date})::text`.as(
            'last_invoice_date',
          ),
        })
        .from(sales_invoices)
        .where(
          and(
            eq(sales_invoices.customer_id, customers.id),
            sql`${sales_invoices.invoice_date} between ${range.start}::date and ${range.end}::date`,
            ne(sales_invoices.status, 'cancelled'),
          ),
        )
        .as('inv');
      const columns: Record<string, unknown> = { customer_id: customers.id };
      for (const key of Object.keys(CustomerReportRow.shape)) {
        if (key in customerColumns) columns[key] = customerColumns[key as keyof typeof customerColumns];
      }
      Object.assign(columns, {
        invoice_count: inv.invoice_count,
        turnover: inv.turnover,
        last_invoice_date: inv.last_invoice_date,
      });
      const order = orderBy(
        customerResource.sort,
        customerContract.sortKeys,
        q.by,
        q.sort,
        customerContract.defaultSort,
        customers.id,
      );
      const where = conditions(customerResource, req, q as Record<string, unknown>);
      const page = q.export ? 1 : q.page;
      const limit = q.export ? CUSTOMER_REPORT_EXPORT_CAP : q.limit;
      // The lateral aggregate runs for the page's rows only (pagedList finds their ids first).
      const { rows: list, total } = await pagedList(db, customerResource, columns, {
        where,
        order,
        page,
        limit,
        search: q.search,
        prepare: (outer) => outer.leftJoinLateral(inv, sql`true`),
      });
      return {
        data: list as never,
        meta: { ...pageMeta(page, limit, total), start_date: range.start, end_date: range.end },
      };
    },
  );
}
