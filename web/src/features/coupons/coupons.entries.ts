// The registry entries of this area's screens (spread into features/registry.ts).
// Coupons, coupon redemptions (with revert), vouchers, voucher redemptions and the coupon lottery (issue 10).
import type { ScreenEntry } from '../../components/resource/types';

export const couponsScreens: ScreenEntry[] = [];
