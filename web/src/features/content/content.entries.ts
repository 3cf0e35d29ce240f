// The registry entries of this area's screens (spread in features/registry.ts): news, popups and
// promo videos.
import { IconAppWindow, IconMovie, IconNews } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const contentScreens: ScreenEntry[] = [
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
];
