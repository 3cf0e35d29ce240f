// Injected points (type 2): the list of injections; "add" opens the injection page at this list's
// `new` (a registry page, points.entries.ts: many customers at once, previewed before it is
// confirmed). Staff rows can be corrected or voided.
import { POINT_TYPE, pointEntryContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { col, filter, ledgerCommon, ledgerDetail, ledgerForm } from './point-ledger.shared';

export const resource = defineResource({
  contract: pointEntryContract,
  name: 'point_injected',
  ...ledgerCommon,
  listParams: () => ({ point_type: POINT_TYPE.injected }),
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
  form: ledgerForm(POINT_TYPE.injected),
});
