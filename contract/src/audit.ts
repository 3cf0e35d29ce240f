// The audit trail of staff writes (who changed which record, when, before and after) and the saved
// views of lists (a user's named filters, sort and columns of one list).
import { z } from 'zod';
import { Id, qDate, qInt, qString, Timestamp } from './common';
import { DATES, withPeriod } from './period';
import { defineContract } from './resource';

export const AuditEntry = z.object({
  id: Id,
  at: Timestamp,
  user_id: Id.nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  /** The resource the record belongs to (its contract name: `customer`, `promo_line`, `staff_user`). */
  entity: z.string(),
  entity_id: z.string().nullable(),
  branch_id: Id.nullable(),
  branch_name: z.string().nullable(),
  /** The fields whose value differs between before and after (every field of a create or delete). */
  changed_fields: z.array(z.string()),
  /** The record before and after the write; secrets (passwords, tokens) read `[redacted]`. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Filters of the audit list; `start_date`..`end_date` are business days (Asia/Jakarta), both included. */
export const AuditFilters = withPeriod(
  z.object({
    staff_user_id: qInt(),
    entity: qString(),
    entity_id: qString(),
    action: qString(),
    branch_id: qInt(),
    start_date: qDate(),
    end_date: qDate(),
  }),
  DATES,
);

export const auditLogContract = defineContract({
  name: 'audit_log',
  area: 'staff_user',
  idKey: 'id',
  paths: { list: '/web/audit_log/', get: '/web/audit_log/id/:id' },
  record: AuditEntry,
  filters: AuditFilters,
  sortKeys: ['id', 'at', 'user_name', 'entity', 'action', 'entity_id'],
  defaultSort: { by: 'at', dir: 'desc' },
  searchFields: ['entity', 'entity_id', 'action', 'user_name'],
});

/** What a saved view holds: a list's filters, its sort and the columns shown (in order). */
export const SavedViewState = z.object({
  filters: z
    .record(
      z.string().max(100),
      z.union([
        z.string().max(500),
        z.number(),
        z.boolean(),
        z.null(),
        z.array(z.string().max(500)).max(200),
      ]),
    )
    .refine((v) => Object.keys(v).length <= 100, { error: 'must have at most 100 filters' })
    .default({}),
  search: z.string().max(200).optional(),
  sort: z
    .object({ by: z.string().max(100), dir: z.enum(['asc', 'desc']) })
    .nullable()
    .optional(),
  columns: z.array(z.string().max(100)).max(200).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type SavedViewState = z.infer<typeof SavedViewState>;

const viewName = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' });
/** The list a view belongs to: the web app's list key (a resource name or a screen's own key). */
const listName = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' })
  .regex(/^[A-Za-z0-9_./-]+$/, { error: 'must be a list name' });

export const SavedView = z.object({
  id: Id,
  list: z.string(),
  name: z.string(),
  state: SavedViewState,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type SavedView = z.infer<typeof SavedView>;
export const SavedViewCreate = z.object({ list: listName, name: viewName, state: SavedViewState });
export type SavedViewCreate = z.infer<typeof SavedViewCreate>;
/** Fields left out keep their value (CONTRACT.md section 2). */
export const SavedViewUpdate = z.object({ name: viewName.optional(), state: SavedViewState.optional() });
export type SavedViewUpdate = z.infer<typeof SavedViewUpdate>;
export const SavedViewQuery = z.object({ list: listName });

export const SAVED_VIEW_PATHS = {
  list: '/web/saved_view/',
  create: '/web/saved_view',
  one: '/web/saved_view/id/:id',
} as const;
