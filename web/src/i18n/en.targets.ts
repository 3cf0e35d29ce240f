// English labels of this area's screens (features/targets), merged into en.app.ts: `resources`
// (resource screens), `pages` (page kinds) and `texts` (anything else, under `targets.`).
// id.targets.ts has the same keys.
export const messages = {
  resources: {},
  pages: {},
  texts: {},
};
