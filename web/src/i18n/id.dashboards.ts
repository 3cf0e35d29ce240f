// Indonesian labels of this area's screens (features/dashboards): the same keys as en.dashboards.ts.
import type { messages as en } from './en.dashboards';

export const messages: typeof en = {
  resources: {},
  pages: {},
  texts: {},
};
