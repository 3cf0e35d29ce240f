// Dropdown sources of the coupons area.
import { couponContract } from '@lbo/contract/coupons';
import { selectSource } from '../../components/resource/resource-api';

export const couponSource = selectSource(couponContract, (r) => String(r.name ?? ''), {
  params: { by: 'name', sort: 'asc' },
});
export const activeCouponSource = selectSource(
  couponContract,
  (r) => `${r.name} · ${r.points_required} pts`,
  {
    params: { by: 'name', sort: 'asc', active: 'true' },
  },
);
