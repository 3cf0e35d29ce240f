// The registry entries of this area's screens (spread in features/registry.ts): the dashboard with its
// drill-down, turnover and the yearly graph, invoice tracking, virtual-account payments, registered and
// activated stores (dashboards menu group) and the master stores report (reports group).
import {
  IconBuildingStore,
  IconChartBar,
  IconChartLine,
  IconCreditCard,
  IconDeviceMobileCheck,
  IconGauge,
  IconMap2,
  IconReceiptTax,
} from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const dashboardsScreens: ScreenEntry[] = [
  {
    kind: 'page',
    name: 'dashboard_overview',
    path: 'dashboard',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconGauge,
    load: () => import('./dashboard-overview.page').then((m) => ({ page: m.DashboardOverviewPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_regions',
    path: 'dashboard-regions',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconMap2,
    load: () => import('./dashboard-overview.page').then((m) => ({ page: m.DashboardRegionsPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_omzet',
    path: 'omzet',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconChartBar,
    load: () => import('./omzet.page').then((m) => ({ page: m.OmzetPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_omzet_graph',
    path: 'omzet-graph',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconChartLine,
    load: () => import('./omzet-graph.page').then((m) => ({ page: m.OmzetGraphPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_tracking',
    path: 'invoice-tracking',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconReceiptTax,
    load: () => import('./tracking.page').then((m) => ({ page: m.TrackingPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_va',
    path: 'virtual-account',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconCreditCard,
    load: () => import('./virtual-account.page').then((m) => ({ page: m.VirtualAccountPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_stores',
    path: 'registered-stores',
    area: 'dashboard',
    group: 'dashboards',
    icon: IconDeviceMobileCheck,
    load: () => import('./stores.page').then((m) => ({ page: m.StoresPage })),
  },
  {
    kind: 'page',
    name: 'dashboard_master_stores',
    path: 'master-stores',
    area: 'dashboard',
    group: 'reports',
    icon: IconBuildingStore,
    load: () => import('./master-stores.page').then((m) => ({ page: m.MasterStoresPage })),
  },
];
