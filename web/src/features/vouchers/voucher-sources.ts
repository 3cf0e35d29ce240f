// Dropdown sources of the vouchers area.
import { voucherContract } from '@lbo/contract/vouchers';
import { selectSource } from '../../components/resource/resource-api';

export const voucherSource = selectSource(voucherContract, (r) => `${r.code} · ${r.name}`, {
  params: { by: 'def.id', sort: 'asc', show_all: 1 },
});
