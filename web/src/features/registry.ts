// Every screen the app has, with its menu group (SPEC.md section 1), permission area and URL: the
// resource screens, and free pages (dashboards, reports with charts, workflows; `kind: 'page'`).
// Adding a resource: write features/<area>/<name>.resource.tsx, add one entry here and its labels
// in i18n (resources.<name>; field labels fall back to the shared `fields.<field>`). Adding a page:
// export its component from features/<area>/<name>.page.tsx, add a `kind: 'page'` entry and
// pages.<name>.{title,summary}. Areas not built yet simply have no entry (and no menu item).
import {
  IconBuildingCommunity,
  IconBuildingStore,
  IconCategory,
  IconClockHour4,
  IconFileInvoice,
  IconGauge,
  IconHeartHandshake,
  IconHierarchy2,
  IconHistory,
  IconListCheck,
  IconPackage,
  IconReceiptRefund,
  IconReportAnalytics,
  IconRulerMeasure,
  IconShieldLock,
  IconShoppingCart,
  IconTags,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { AUDIT_PATH } from '../components/resource/history-link';
import {
  isPageEntry,
  isResourceEntry,
  type PageEntry,
  type ResourceEntry,
  type ScreenEntry,
} from '../components/resource/types';
import { broadcastsScreens } from './broadcasts/broadcasts.entries';
import { contentScreens } from './content/content.entries';
import { couponsScreens } from './coupons/coupons.entries';
import { dashboardsScreens } from './dashboards/dashboards.entries';
import { lotteryScreens } from './lottery/lottery.entries';
import { pointScreens } from './points/points.entries';
import { promosScreens } from './promos/promos.entries';
import { targetsScreens } from './targets/targets.entries';
import { uploadsScreens } from './uploads/uploads.entries';
import { vouchersScreens } from './vouchers/vouchers.entries';

/** In menu order within each group. */
export const screenEntries: ScreenEntry[] = [
  // Master data
  {
    name: 'branch',
    path: 'branches',
    area: 'branch',
    group: 'master_data',
    icon: IconBuildingStore,
    load: () => import('./organisation/branch.resource'),
  },
  {
    name: 'salesman',
    path: 'salesmen',
    area: 'salesman',
    group: 'master_data',
    icon: IconUsers,
    load: () => import('./organisation/salesman.resource'),
  },
  {
    name: 'partner',
    path: 'partners',
    area: 'partner',
    group: 'master_data',
    icon: IconHeartHandshake,
    load: () => import('./organisation/partner.resource'),
  },
  // Loyalty points and their reports
  ...pointScreens,
  // Master data: customers and products
  {
    name: 'customer',
    path: 'customers',
    area: 'customer',
    group: 'master_data',
    icon: IconBuildingCommunity,
    load: () => import('./customers/customer.resource'),
  },
  {
    name: 'customer_max_point',
    path: 'customers-max-point',
    area: 'customer',
    group: 'master_data',
    icon: IconGauge,
    load: () => import('./customers/customer-max-point.resource'),
  },
  {
    name: 'customer_type',
    path: 'customer-types',
    area: 'customer',
    group: 'master_data',
    icon: IconTags,
    load: () => import('./customers/customer-type.resource'),
  },
  {
    name: 'item',
    path: 'products',
    area: 'item',
    group: 'master_data',
    icon: IconPackage,
    load: () => import('./products/item.resource'),
  },
  {
    name: 'item_category',
    path: 'product-categories',
    area: 'item',
    group: 'master_data',
    icon: IconCategory,
    load: () => import('./products/item-category.resource'),
  },
  {
    name: 'item_uom_line',
    path: 'product-lines',
    area: 'item',
    group: 'master_data',
    icon: IconRulerMeasure,
    load: () => import('./products/item-uom-line.resource'),
  },
  {
    name: 'item_old_price',
    path: 'old-prices',
    area: 'item',
    group: 'master_data',
    icon: IconReceiptRefund,
    load: () => import('./products/item-old-price.resource'),
  },
  // Orders and invoices
  {
    name: 'customer_order',
    path: 'orders',
    area: 'sales',
    group: 'orders',
    icon: IconShoppingCart,
    load: () => import('./sales/customer-order.resource'),
  },
  {
    name: 'sales_invoice',
    path: 'invoices',
    area: 'sales',
    group: 'orders',
    icon: IconFileInvoice,
    load: () => import('./sales/sales-invoice.resource'),
  },
  // Reports on customers
  {
    name: 'customer_report',
    path: 'customer-report',
    area: 'customer',
    group: 'reports',
    icon: IconReportAnalytics,
    load: () => import('./customers/customer-report.resource'),
  },
  {
    name: 'customer_log',
    path: 'customer-log',
    area: 'customer',
    group: 'reports',
    icon: IconHistory,
    load: () => import('./customers/customer-log.resource'),
  },
  {
    name: 'customer_last_seen',
    path: 'customer-last-seen',
    area: 'customer',
    group: 'reports',
    icon: IconClockHour4,
    load: () => import('./customers/customer-last-seen.resource'),
  },
  // Staff
  {
    name: 'staff_user',
    path: 'staff-users',
    area: 'staff_user',
    group: 'staff',
    icon: IconUserShield,
    load: () => import('./staff/staff-user.resource'),
  },
  {
    name: 'role',
    path: 'roles',
    area: 'role',
    group: 'staff',
    icon: IconShieldLock,
    load: () => import('./staff/role.resource'),
  },
  {
    name: 'role_group',
    path: 'role-groups',
    area: 'role',
    group: 'staff',
    icon: IconHierarchy2,
    load: () => import('./staff/role-group.resource'),
  },
  {
    name: 'audit_log',
    path: AUDIT_PATH,
    area: 'staff_user',
    group: 'staff',
    icon: IconHistory,
    load: () => import('./audit/audit-log.resource'),
  },
  {
    name: 'job',
    path: 'jobs',
    area: 'staff_user',
    group: 'staff',
    icon: IconListCheck,
    load: () => import('./jobs/job.resource'),
  },
  // Areas built on the shared machinery, each in its own entries file.
  ...dashboardsScreens,
  ...couponsScreens,
  ...vouchersScreens,
  ...lotteryScreens,
  ...promosScreens,
  ...contentScreens,
  ...broadcastsScreens,
  ...targetsScreens,
  ...uploadsScreens,
];

export const resourceEntries: ResourceEntry[] = screenEntries.filter(isResourceEntry);
export const pageEntries: PageEntry[] = screenEntries.filter(isPageEntry);
