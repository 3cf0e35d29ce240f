// Indonesian labels of this area's screens (features/content): the same keys as en.content.ts.
import type { messages as en } from './en.content';

export const messages: typeof en = {
  resources: {},
  pages: {},
  texts: {},
};
