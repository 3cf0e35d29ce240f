// The registry entries of this area's screens (spread into features/registry.ts).
// Promos, with their lines edited on the detail screen and their order set from the list.
import { IconDiscount2 } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const promosScreens: ScreenEntry[] = [
  {
    name: 'promo',
    path: 'promos',
    area: 'promo',
    group: 'promotions',
    icon: IconDiscount2,
    load: () => import('./promo.resource'),
  },
];
