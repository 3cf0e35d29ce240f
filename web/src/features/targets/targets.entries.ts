// The registry entries of this area's screens (spread in features/registry.ts).
// Customer targets with achievement and target category volume.
import { IconCategory2, IconTarget, IconTargetArrow } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const targetsScreens: ScreenEntry[] = [
  {
    kind: 'page',
    name: 'customer_target',
    path: 'customer-targets',
    area: 'target',
    group: 'targets',
    icon: IconTarget,
    load: () => import('./target-import.page').then((m) => ({ page: m.TargetImportPage })),
  },
  {
    kind: 'page',
    name: 'target_category_volume',
    path: 'target-category-volume',
    area: 'target',
    group: 'targets',
    icon: IconTargetArrow,
    load: () => import('./category-report.page').then((m) => ({ page: m.TargetCategoryVolumePage })),
  },
  {
    kind: 'page',
    name: 'target_category',
    path: 'target-category',
    area: 'target',
    group: 'targets',
    icon: IconCategory2,
    load: () => import('./category-report.page').then((m) => ({ page: m.TargetCategoryPage })),
  },
];
