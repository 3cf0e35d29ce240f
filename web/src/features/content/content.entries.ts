// The registry entries of this area's screens (spread into features/registry.ts).
// Promos with their lines, news, popups, promo videos and broadcasts (issue 11).
import type { ScreenEntry } from '../../components/resource/types';

export const contentScreens: ScreenEntry[] = [];
