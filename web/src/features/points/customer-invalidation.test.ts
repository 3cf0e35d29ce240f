// Every write that moves a store's points refreshes the customer's own record (its balance shows on
// the customer page and list) as well as the ledger and balance screens.
import { POINT_RESOURCES, pointVoidAction } from '@lbo/contract/points.actions';
import { describe, expect, it } from 'vitest';
import { actionResources } from '../../components/action/use-action';
import { resource as pointBalance } from './point-balance.resource';
import { ledgerCommon } from './point-ledger.shared';

const WRITES: [string, readonly string[]][] = [
  ['ledger movement (deduction, injection row)', ledgerCommon.invalidates],
  ['ledger void', actionResources(pointVoidAction)],
  ['balance change', pointBalance.invalidates ?? []],
  ['injection wizard', POINT_RESOURCES],
];

describe('points writes invalidate the customer', () => {
  it.each(WRITES)('%s refreshes the customer record, balance and ledger', (_name, names) => {
    expect(names).toEqual(expect.arrayContaining(['customer', 'point_balance', 'point_ledger']));
  });
});
