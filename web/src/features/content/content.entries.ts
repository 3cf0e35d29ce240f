// The registry entries of this area's screens (spread in features/registry.ts): promos (with their
// lines edited on the detail screen), news, popups, promo videos and broadcasts.
import { IconAppWindow, IconDiscount2, IconMovie, IconNews, IconSpeakerphone } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const contentScreens: ScreenEntry[] = [
  {
    name: 'promo',
    path: 'promos',
    area: 'promo',
    group: 'promotions',
    icon: IconDiscount2,
    load: () => import('./promo.resource'),
  },
  {
    name: 'news',
    path: 'news',
    area: 'content',
    group: 'promotions',
    icon: IconNews,
    load: () => import('./news.resource'),
  },
  {
    name: 'popup',
    path: 'popups',
    area: 'content',
    group: 'promotions',
    icon: IconAppWindow,
    load: () => import('./popup.resource'),
  },
  {
    name: 'promo_video',
    path: 'promo-videos',
    area: 'content',
    group: 'promotions',
    icon: IconMovie,
    load: () => import('./promo-video.resource'),
  },
  {
    name: 'broadcast',
    path: 'broadcasts',
    area: 'broadcast',
    group: 'promotions',
    icon: IconSpeakerphone,
    load: () => import('./broadcast.resource'),
  },
];
