// English labels of this area's screens (features/content), merged into en.app.ts: `resources`
// (resource screens), `pages` (page kinds) and `texts` (anything else, under `content.`).
// id.content.ts has the same keys.
export const messages = {
  resources: {},
  pages: {},
  texts: {},
};
