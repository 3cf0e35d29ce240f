// The registry entries of this area's screens (spread into features/registry.ts).
// Broadcasts: written, previewed on a phone and sent to an audience.
import { IconSpeakerphone } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const broadcastsScreens: ScreenEntry[] = [
  {
    name: 'broadcast',
    path: 'broadcasts',
    area: 'broadcast',
    group: 'promotions',
    icon: IconSpeakerphone,
    load: () => import('./broadcast.resource'),
  },
];
