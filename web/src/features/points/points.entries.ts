// The points screens' registry entries (spread into features/registry.ts): the loyalty menu group
// (ledger views, balances, rules, maximums, promo points, the injection workflow) and the three
// points reports.
import {
  IconAdjustmentsDollar,
  IconArrowBigDownLines,
  IconBuildingStore,
  IconChartBar,
  IconCoins,
  IconGift,
  IconHourglass,
  IconListDetails,
  IconReceipt2,
  IconRoute,
  IconScale,
  IconSettings,
  IconSparkles,
  IconWallet,
} from '@tabler/icons-react';
import { isResourceEntry, type ResourceEntry, type ScreenEntry } from '../../components/resource/types';

export const pointScreens: ScreenEntry[] = [
  // Loyalty
  {
    name: 'point_master',
    path: 'master-points',
    area: 'point',
    group: 'loyalty',
    icon: IconReceipt2,
    load: () => import('./point-master.resource'),
  },
  {
    name: 'point_deduction',
    path: 'point-deductions',
    area: 'point',
    group: 'loyalty',
    icon: IconArrowBigDownLines,
    load: () => import('./point-deduction.resource'),
  },
  {
    name: 'point_injected',
    path: 'injected-points',
    area: 'point',
    group: 'loyalty',
    icon: IconSparkles,
    load: () => import('./point-injected.resource'),
  },
  // The injection workflow (many stores at once): a page, reached from the menu and from the
  // injected points list's "add" button (its URL is that list's `new`).
  {
    kind: 'page',
    name: 'point_inject',
    path: 'injected-points/new',
    parent: 'point_injected',
    area: 'point',
    action: 'create',
    group: 'loyalty',
    icon: IconCoins,
    load: () => import('./point-inject.page').then((m) => ({ page: m.PointInjectPage })),
  },
  // The expiry of points: settings and the expiry run.
  {
    kind: 'page',
    name: 'point_settings',
    path: 'point-settings',
    area: 'point',
    group: 'loyalty',
    icon: IconSettings,
    load: () => import('./point-settings.page').then((m) => ({ page: m.PointSettingsPage })),
  },
  {
    name: 'point_ledger',
    path: 'point-ledger',
    area: 'point',
    group: 'loyalty',
    icon: IconListDetails,
    load: () => import('./point-ledger.resource'),
  },
  {
    name: 'point_balance',
    path: 'point-balances',
    area: 'point',
    group: 'loyalty',
    icon: IconWallet,
    load: () => import('./point-balance.resource'),
  },
  {
    name: 'point_rule',
    path: 'point-rules',
    area: 'point',
    group: 'loyalty',
    icon: IconAdjustmentsDollar,
    load: () => import('./point-rule.resource'),
  },
  {
    name: 'point_max_customer',
    path: 'point-max-customers',
    area: 'point',
    group: 'loyalty',
    icon: IconScale,
    load: () => import('./point-max-customer.resource'),
  },
  {
    name: 'point_promo',
    path: 'point-promos',
    area: 'point',
    group: 'loyalty',
    icon: IconGift,
    load: () => import('./point-promo.resource'),
  },
  // Reports
  {
    name: 'point_report',
    path: 'points-tracking-report',
    area: 'point',
    group: 'reports',
    icon: IconRoute,
    load: () => import('./point-report.resource'),
  },
  {
    name: 'point_store_report',
    path: 'store-points-report',
    area: 'point',
    group: 'reports',
    icon: IconBuildingStore,
    load: () => import('./point-store-report.resource'),
  },
  {
    name: 'point_expiring_report',
    path: 'expiring-points-report',
    area: 'point',
    group: 'reports',
    icon: IconHourglass,
    load: () => import('./point-expiring-report.resource'),
  },
  {
    name: 'point_customer_balance',
    path: 'customer-balance-report',
    area: 'point',
    group: 'reports',
    icon: IconChartBar,
    load: () => import('./point-customer-balance.resource'),
  },
];

export const pointEntries: ResourceEntry[] = pointScreens.filter(isResourceEntry);
