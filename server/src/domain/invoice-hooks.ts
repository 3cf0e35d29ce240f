// The contract between the ERP feed and the areas that react to its invoices (points, rollups): the
// feed runs the hooks modules/index.ts hands it, so neither side imports the other.
import type { Tx } from '../db/client';

/** Runs inside the import's transaction with the ids of the invoices inserted or updated by it. */
export type InvoiceWriteHook = (tx: Tx, invoiceIds: number[]) => Promise<unknown>;
