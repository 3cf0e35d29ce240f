// The registry entries of this area's screens (spread into features/registry.ts).
// Coupons, coupon redemptions (with revert), vouchers, voucher redemptions and the coupon lottery.
import {
  IconChartBar,
  IconGift,
  IconReceiptRefund,
  IconTicket,
  IconTicketOff,
  IconTrophy,
  IconUsersGroup,
} from '@tabler/icons-react';
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
  {
    name: 'voucher',
    path: 'vouchers',
    area: 'voucher',
    group: 'loyalty',
    icon: IconTicket,
    load: () => import('./voucher.resource'),
  },
  {
    name: 'voucher_redeem',
    path: 'voucher-redemptions',
    area: 'voucher',
    group: 'loyalty',
    icon: IconTicketOff,
    load: () => import('./voucher-redeem.resource'),
  },
  {
    name: 'lottery',
    path: 'lottery-coupons',
    area: 'lottery',
    group: 'loyalty',
    icon: IconTrophy,
    load: () => import('./lottery.resource'),
  },
  {
    kind: 'page',
    name: 'lottery_report',
    path: 'lottery-report',
    area: 'lottery',
    group: 'reports',
    icon: IconUsersGroup,
    load: () => import('./lottery-report.page').then((m) => ({ page: m.LotteryReportPage })),
  },
];
