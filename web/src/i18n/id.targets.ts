// Indonesian labels of this area's screens (features/targets): the same keys as en.targets.ts.
import type { messages as en } from './en.targets';

export const messages: typeof en = {
  resources: {},
  pages: {},
  texts: {},
};
