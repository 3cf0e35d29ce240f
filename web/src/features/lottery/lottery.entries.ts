// The registry entries of this area's screens (spread into features/registry.ts).
// The coupon lottery (with its import) and the lottery report.
import { IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const lotteryScreens: ScreenEntry[] = [
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
