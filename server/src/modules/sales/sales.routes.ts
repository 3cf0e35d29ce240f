// Lookups of an order or an invoice by document number, answered like the detail by id (with lines).
import {
  CustomerOrderDetail,
  DocumentNo,
  documentNoFromPath,
  INVOICE_BY_DOCUMENT_PATH,
  ORDER_BY_DOCUMENT_PATH,
  SalesInvoiceDetail,
} from '@lbo/contract/sales';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { customer_order_headers, sales_invoices } from '../../db/schema/sales';
import { notFound, problem } from '../../http/errors';
import type { AnyResourceDef } from '../../resources/define';
import { loadRecord } from '../../resources/records';
import { customerOrderResource, salesInvoiceResource } from './sales.resource';

async function byDocumentNo(
  db: Db,
  req: FastifyRequest,
  def: AnyResourceDef,
  table: typeof sales_invoices | typeof customer_order_headers,
  documentNo: string,
) {
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.document_no, documentNo))
    .limit(1);
  if (!found)
    throw notFound(problem('not_found', { thing: def.contract.name.replace(/_/g, ' '), value: documentNo }));
  const record = await loadRecord(db, def, req, found.id);
  return def.detail!(record, { req, db, query: {} });
}

export function registerSalesRoutes(api: FastifyInstance, db: Db): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    INVOICE_BY_DOCUMENT_PATH,
    {
      config: { area: 'sales', action: 'view', scope: 'branch' },
      schema: {
        tags: ['sales'],
        summary: 'Get one sales invoice with its lines by document number',
        description:
          'The web app sends the number with every `/` replaced by `&` (INV&2024&00012 for INV/2024/00012); ' +
          'the server maps it back. A malformed number is a 400.',
        params: z.object({ documentNo: z.string().transform(documentNoFromPath).pipe(DocumentNo) }),
        response: { 200: z.object({ data: SalesInvoiceDetail }) },
      },
    },
    async (req) => ({
      data: (await byDocumentNo(
        db,
        req,
        salesInvoiceResource,
        sales_invoices,
        req.params.documentNo,
      )) as never,
    }),
  );

  r.get(
    ORDER_BY_DOCUMENT_PATH,
    {
      config: { area: 'sales', action: 'view', scope: 'branch' },
      schema: {
        tags: ['sales'],
        summary: 'Get one customer order with its lines by document number',
        description: 'A `/` in the number may be sent as %2F, or as `&` like the invoice lookup.',
        params: z.object({ document_no: z.string().transform(documentNoFromPath).pipe(DocumentNo) }),
        response: { 200: z.object({ data: CustomerOrderDetail }) },
      },
    },
    async (req) => ({
      data: (await byDocumentNo(
        db,
        req,
        customerOrderResource,
        customer_order_headers,
        req.params.document_no,
      )) as never,
    }),
  );
}
