// The registry entries of this area's screens (spread into features/registry.ts).
// Dashboards, turnover (omzet) rollups, invoice tracking and virtual-account payments (issue 13).
import type { ScreenEntry } from '../../components/resource/types';

export const dashboardsScreens: ScreenEntry[] = [];
