// Deductions (type 5): points taken back by staff (returned goods, mistakes); add, correct, void. The
// form shows the picked store's balance beside it: a deduction may not take the balance below zero.
import { POINT_TYPE, pointEntryContract } from '@lbo/contract/points';
import { StoreBalance } from '../../components/balance/store-balance';
import { defineResource, type Row } from '../../components/resource/types';
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
  form: { ...ledgerForm(POINT_TYPE.deduction), aside: DeductionBalance },
});

function DeductionBalance({ record }: { record: Row }) {
  const id = Number(record.customer_id);
  return Number.isInteger(id) && id > 0 ? <StoreBalance customerId={id} /> : null;
}
