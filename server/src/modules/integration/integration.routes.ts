// The ERP feed's routes: thin wrappers over integration.service (see its header for the rules).
import {
  CustomerOrderImport,
  IMPORT_MAX_DOCUMENTS,
  ImportResult,
  INTEGRATION_PATHS,
  SalesInvoiceImport,
} from '@lbo/contract/integration';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type ImportHooks, importCustomerOrders, importSalesInvoices } from './integration.service';

/** 5,000 documents with their lines as JSON: generous, but bounded. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

const DESCRIPTION =
  `JSON \`{"documents": [...]}\`, 1 to ${IMPORT_MAX_DOCUMENTS} documents. All or nothing: every document is ` +
  "checked first and any problem answers 400 with one err_msg entry per problem (`documents[7]: customer_code 'X' not found`); " +
  'a customer outside your branches is a 403. Idempotent on document_no: new numbers are inserted, known ones ' +
  'updated in place (lines replaced) when anything differs, and left untouched when sent again unchanged.';

export function registerIntegrationRoutes(api: FastifyInstance, db: Db, hooks: ImportHooks = {}): void {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    INTEGRATION_PATHS.sales_invoice,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { area: 'integration', action: 'create' },
      schema: {
        tags: ['integration'],
        summary: 'Import sales invoices from the ERP (bulk, idempotent on document_no)',
        description: DESCRIPTION,
        body: SalesInvoiceImport,
        response: { 200: z.object({ data: ImportResult }) },
      },
    },
    async (req) => ({ data: await importSalesInvoices(db, req, req.body.documents, hooks) }),
  );

  r.post(
    INTEGRATION_PATHS.customer_order,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { area: 'integration', action: 'create' },
      schema: {
        tags: ['integration'],
        summary: 'Import customer orders from the ERP (bulk, idempotent on document_no)',
        description: DESCRIPTION,
        body: CustomerOrderImport,
        response: { 200: z.object({ data: ImportResult }) },
      },
    },
    async (req) => ({ data: await importCustomerOrders(db, req, req.body.documents, hooks) }),
  );
}
