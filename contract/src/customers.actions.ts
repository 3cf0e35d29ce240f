// The customers' workflow calls as actions (contract/src/action.ts): the five all-or-nothing bulk
// edits of SPEC.md over the customers selected in the list. Paths, bodies and answers are SPEC.md's.
import type { z } from 'zod';
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
