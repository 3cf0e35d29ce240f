// The registry entries of this area's screens (spread into features/registry.ts).
// Customer targets with achievement, target category volume and upload folders (issue 12).
import type { ScreenEntry } from '../../components/resource/types';

export const targetsScreens: ScreenEntry[] = [];
