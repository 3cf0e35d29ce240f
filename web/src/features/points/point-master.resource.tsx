// Master points (type 1): the points every invoice earned, read only (the ERP feed writes them).
import { POINT_TYPE } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { col, filter, ledgerCommon, ledgerDetail, readOnlyLedgerContract } from './point-ledger.shared';

export const resource = defineResource({
  contract: readOnlyLedgerContract,
  name: 'point_master',
  ...ledgerCommon,
  listParams: () => ({ point_type: POINT_TYPE.master }),
  columns: [
    col.entryDate,
    { key: 'invoice_document_no', noWrap: true },
    ...col.customer,
    col.branch,
    col.points,
    col.balanceAfter,
  ],
  filters: [filter.dates, filter.branch],
  detail: { fields: ledgerDetail },
});
