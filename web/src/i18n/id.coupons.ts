// Indonesian labels of this area's screens (features/coupons): the same keys as en.coupons.ts.
import type { messages as en } from './en.coupons';

export const messages: typeof en = {
  resources: {},
  pages: {},
  texts: {},
};
