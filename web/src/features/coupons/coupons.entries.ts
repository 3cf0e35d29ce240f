// The registry entries of this area's screens (spread into features/registry.ts).
// Coupons, coupon redemptions (with revert) and the redeemed-coupons report.
import { IconChartBar, IconGift, IconReceiptRefund } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const couponsScreens: ScreenEntry[] = [
  {
    name: 'coupon',
    path: 'coupons',
    area: 'coupon',
    group: 'loyalty',
    icon: IconGift,
    load: () => import('./coupon.resource'),
  },
  {
    name: 'coupon_redeem',
    path: 'coupon-redemptions',
    area: 'coupon',
    group: 'loyalty',
    icon: IconReceiptRefund,
    load: () => import('./coupon-redeem.resource'),
  },
  {
    name: 'coupon_redeemed',
    path: 'coupon-redeemed-report',
    area: 'coupon',
    group: 'reports',
    icon: IconChartBar,
    load: () => import('./coupon-redeemed.resource'),
  },
];
