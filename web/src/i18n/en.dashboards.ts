// English labels of this area's screens (features/dashboards), merged into en.app.ts: `resources`
// (resource screens), `pages` (page kinds) and `texts` (anything else, under `dashboards.`).
// id.dashboards.ts has the same keys.
export const messages = {
  resources: {},
  pages: {},
  texts: {},
};
