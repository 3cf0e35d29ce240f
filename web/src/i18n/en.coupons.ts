// English labels of this area's screens (features/coupons), merged into en.app.ts: `resources`
// (resource screens), `pages` (page kinds) and `texts` (anything else, under `coupons.`).
// id.coupons.ts has the same keys.
export const messages = {
  resources: {},
  pages: {},
  texts: {},
};
