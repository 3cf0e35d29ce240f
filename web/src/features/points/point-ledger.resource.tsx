// Every point movement (the whole ledger) with the type filter; add a manual movement (injected,
// deduction or correction), correct or void staff rows.
import { pointEntryContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { col, filter, ledgerCommon, ledgerDetail, ledgerForm } from './point-ledger.shared';

export const resource = defineResource({
  contract: pointEntryContract,
  name: 'point_ledger',
  ...ledgerCommon,
  columns: [
    col.entryDate,
    ...col.customer,
    col.branch,
    col.type,
    col.points,
    col.balanceAfter,
    col.reason,
    col.status,
  ],
  filters: [filter.dates, filter.type, filter.branch, filter.void],
  detail: { fields: ledgerDetail },
  form: ledgerForm(),
});
