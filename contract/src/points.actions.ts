// The points ledger's workflow calls as actions (contract/src/action.ts): voiding a staff movement.

import { defineAction } from './action';
import { DeletedBody } from './common';

/**
 * Every web screen over the ledger and the balances (resource names): a change to the ledger
 * refreshes them all, the customer's record too (its page and list show the balance).
 */
export const POINT_RESOURCES = [
  'customer',
  'point_ledger',
  'point_master',
  'point_deduction',
  'point_injected',
  'point_balance',
  'point_report',
  'point_store_report',
  'point_customer_balance',
] as const;

/**
 * DELETE /point/:id voids the movement: it stays in the ledger marked void and leaves the balance.
 * Confirmed in the web app; 409 for system rows, void rows, or when the balance would go below zero.
 */
export const pointVoidAction = defineAction({
  name: 'void',
  resource: 'point',
  related: POINT_RESOURCES,
  method: 'DELETE',
  path: '/point/:id',
  placement: 'record',
  result: DeletedBody.shape.data,
  area: 'point',
  action: 'delete',
  confirm: { tone: 'danger' },
  summary:
    'Void a staff movement: it stays in the ledger marked void and leaves the balance. 409 for system rows, void rows, or when the balance would go below zero.',
});
