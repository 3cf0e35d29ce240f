// The customers' workflow calls as actions (contract/src/action.ts): the five all-or-nothing bulk
// edits of SPEC.md over the customers selected in the list. Paths, bodies and answers are SPEC.md's.
import { z } from 'zod';
import { defineAction } from './action';
import {
  CUSTOMER_BULK_PATHS,
  CustomerBulkEdit,
  CustomerBulkResult,
  CustomerClassMekarEdit,
  CustomerExcludeAllPointEdit,
  CustomerMaxPointEdit,
  CustomerNoteEdit,
} from './customers';
import { StoreProfileChange } from './store';

const RULES =
  'All or nothing: an unknown customer is a 400 and one outside your branches a 403, each named in ' +
  'err_msg; nothing is written then. One transaction, one audit row and (when a value changes) one ' +
  'customer log row per customer.';

const bulkEdit = <B extends z.ZodType>(name: string, path: string, body: B, summary: string) =>
  defineAction({
    name,
    resource: 'customer',
    // Every customer screen shows the edited fields.
    related: ['customer_max_point', 'customer_report', 'customer_log'],
    method: 'PUT',
    path,
    placement: 'list',
    body,
    result: CustomerBulkResult,
    area: 'customer',
    action: 'update',
    summary,
    description: RULES,
  });

export const customerBulkEditAction = bulkEdit(
  'bulk_edit',
  CUSTOMER_BULK_PATHS.bulk,
  CustomerBulkEdit,
  'Set the same fields on many customers',
);
export const customerMaxPointAction = bulkEdit(
  'bulk_max_point',
  CUSTOMER_BULK_PATHS.max_point,
  CustomerMaxPointEdit,
  'Set the monthly maximum of points of many customers (null removes it)',
);
export const customerClassMekarAction = bulkEdit(
  'bulk_class_mekar',
  CUSTOMER_BULK_PATHS.class_mekar,
  CustomerClassMekarEdit,
  'Set or clear the class_mekar flag of many customers',
);
export const customerExcludeAllPointAction = bulkEdit(
  'bulk_exclude_all_point',
  CUSTOMER_BULK_PATHS.exclude_all_point,
  CustomerExcludeAllPointEdit,
  'Set or clear exclude_all_point (no points at all) on many customers',
);
export const customerNoteAction = bulkEdit(
  'bulk_note',
  CUSTOMER_BULK_PATHS.note,
  CustomerNoteEdit,
  'Set the note of many customers',
);

export const customerActions = [
  customerBulkEditAction,
  customerMaxPointAction,
  customerClassMekarAction,
  customerExcludeAllPointAction,
  customerNoteAction,
] as const;

/** An optional note for the store (why a change was rejected, say). */
export const ProfileDecisionBody = z.object({ note: z.string().trim().max(500).optional() });

// ---------------------------------------------------------------------------------------------
// A store's profile change (asked for in the companion app, PUT /store/me) waits for the back office.

/** GET: the customer's waiting profile change, or null. */
export const CUSTOMER_PROFILE_CHANGE_PATH = '/customer/profile_change/id/:customer_id';

const profileDecision = (name: 'approve' | 'reject', summary: string, description: string) =>
  defineAction({
    name: `profile_change_${name}`,
    resource: 'customer',
    related: ['customer_log'],
    method: 'PUT',
    path: `/customer/profile_change/${name}/:customer_id`,
    placement: 'record',
    idParam: 'customer_id',
    params: z.object({ customer_id: z.coerce.number().int().positive({ error: 'must be a positive id' }) }),
    body: ProfileDecisionBody.nullish(),
    result: StoreProfileChange,
    area: 'customer',
    action: 'update',
    confirm: { tone: name === 'reject' ? 'danger' : 'default' },
    summary,
    description,
  });

export const customerProfileApproveAction = profileDecision(
  'approve',
  "Approve a store's waiting profile change: its owner name, address and photo take the new values",
  'The customer becomes validated by admin (admin_validate). 404 when the customer has no waiting change.',
);
export const customerProfileRejectAction = profileDecision(
  'reject',
  "Reject a store's waiting profile change: nothing of it is applied",
  "The customer's admin_validate returns to what it was before the store asked. 404 when the customer has no waiting change.",
);
