// Deductions (type 5): points taken back by staff (returned goods, mistakes); add, correct, void.
import { POINT_TYPE, pointEntryContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { col, filter, ledgerCommon, ledgerDetail, ledgerForm } from './point-ledger.shared';

export const resource = defineResource({
  contract: pointEntryContract,
  name: 'point_deduction',
  ...ledgerCommon,
  listParams: () => ({ point_type: POINT_TYPE.deduction }),
  columns: [
    col.entryDate,
    ...col.customer,
    col.branch,
    col.points,
    col.reference,
    col.reason,
    col.status,
    col.createdBy,
  ],
  filters: [filter.dates, filter.branch, filter.void],
  detail: { fields: ledgerDetail },
  form: ledgerForm(POINT_TYPE.deduction),
});
