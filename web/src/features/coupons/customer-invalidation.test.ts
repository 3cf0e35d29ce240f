// A coupon redemption or revert moves the store's points: it refreshes the customer's own record
// (its balance shows on the customer page and list) as well as the ledger and balance screens.
import { couponRevertAction } from '@lbo/contract/coupons.actions';
import { describe, expect, it } from 'vitest';
import { actionResources } from '../../components/action/use-action';
import { resource as couponRedeem } from './coupon-redeem.resource';

const WRITES: [string, readonly string[]][] = [
  ['coupon redemption', couponRedeem.invalidates ?? []],
  ['coupon revert', actionResources(couponRevertAction)],
];

describe('coupon writes invalidate the customer', () => {
  it.each(WRITES)('%s refreshes the customer record, balance and ledger', (_name, names) => {
    expect(names).toEqual(expect.arrayContaining(['customer', 'point_balance', 'point_ledger']));
  });
});
