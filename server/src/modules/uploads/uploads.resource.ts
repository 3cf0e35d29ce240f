// Upload folders (/upload-folder...): a photo campaign with an optional branch (only that branch's
// stores), an optional store (customer_code), dates and an active flag. Folders of every branch
// (branch_id null) are visible to everyone; a branch's folder only within that branch's scope.
// DELETE of a folder that holds photos is a 409 naming the count: deactivate it instead (PUT
// active=false), so no store's photos disappear by accident.
import { uploadFolderContract } from '@lbo/contract/uploads';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rows, type Tx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { branches } from '../../db/schema/organisation';
import { upload_folders } from '../../db/schema/uploads';
import { badRequest, conflict, problem } from '../../http/errors';
import { seesBranch } from '../../http/scope';
import { defineResource, outerColumn } from '../../resources/define';

/** customer_code must name a store the caller sees, of the folder's branch when it has one. */
async function checkFolderCustomer(
  tx: Tx,
  req: FastifyRequest,
  code: string | null | undefined,
  branchId: number | null | undefined,
) {
  if (!code) return;
  const [c] = await rows<{ branch_id: number }>(
    tx,
    sql`select branch_id from customers where customer_code = ${code}`,
  );
  if (!c) throw badRequest(problem('not_found', { thing: 'customer', value: code }, 'customer_code'));
  if (!seesBranch(req, c.branch_id))
    throw badRequest(problem('outside_scope', { thing: 'customer', value: code }, 'customer_code'));
  if (branchId !== null && branchId !== undefined && c.branch_id !== branchId) {
    throw badRequest(problem('not_branch_store', { code: `'${code}'` }, 'customer_code'));
  }
}

export const uploadFolderResource = defineResource({
  contract: uploadFolderContract,
  table: upload_folders,
  columns: {
    id: upload_folders.id,
    name: upload_folders.name,
    branch_id: upload_folders.branch_id,
    branch_name: branches.name,
    customer_code: upload_folders.customer_code,
    customer_name: customers.customer_name,
    description: upload_folders.description,
    start_date: upload_folders.start_date,
    end_date: upload_folders.end_date,
    active: upload_folders.active,
    upload_count: sql<number>`(select count(*)::int from uploads u where u.upload_folder_id = ${outerColumn(upload_folders.id)})`,
    store_count: sql<number>`(select count(distinct u.customer_id)::int from uploads u where u.upload_folder_id = ${outerColumn(upload_folders.id)})`,
    created_at: upload_folders.created_at,
    updated_at: upload_folders.updated_at,
  },
  joins: (q) =>
    q
      .leftJoin(branches, eq(branches.id, upload_folders.branch_id))
      .leftJoin(customers, eq(customers.customer_code, upload_folders.customer_code)),
  sort: {
    id: upload_folders.id,
    name: upload_folders.name,
    created_at: upload_folders.created_at,
    branch_name: branches.name,
    upload_count: sql`(select count(*) from uploads u where u.upload_folder_id = ${outerColumn(upload_folders.id)})`,
    start_date: upload_folders.start_date,
  },
  search: [upload_folders.name, upload_folders.description, upload_folders.customer_code],
  filters: {
    branch_id: upload_folders.branch_id,
    active: upload_folders.active,
    customer_code: upload_folders.customer_code,
  },
  scope: { branchColumn: upload_folders.branch_id, nullVisible: true },
  hooks: {
    async beforeCreate(input, { req, tx }) {
      await checkFolderCustomer(tx, req, input.customer_code, input.branch_id);
      return {
        name: input.name,
        branch_id: input.branch_id ?? null,
        customer_code: input.customer_code ?? null,
        description: input.description,
        start_date: input.start_date ?? null,
        end_date: input.end_date ?? null,
        active: input.active,
      };
    },
    async beforeUpdate(_id, input, before, { req, tx }) {
      const merged = { ...before, ...input } as Record<string, unknown>;
      if (input.customer_code !== undefined || input.branch_id !== undefined) {
        await checkFolderCustomer(
          tx,
          req,
          merged.customer_code as string | null,
          merged.branch_id as number | null,
        );
      }
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input)) if (v !== undefined) out[k] = v;
      return out;
    },
    async beforeDelete(id, _before, { tx }) {
      // Locks the folder first: an upload being written into it either commits before (and is
      // counted) or waits and then fails on the missing folder; none is deleted by cascade unseen.
      await rows(tx, sql`select id from upload_folders where id = ${id} for update`);
      const [{ n }] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from uploads where upload_folder_id = ${id}`,
      );
      if (n > 0) {
        throw conflict(problem('folder_has_photos', { count: n }));
      }
    },
  },
});
