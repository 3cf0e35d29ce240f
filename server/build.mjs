// `npm run build -w server`: the server compiled to JavaScript for `npm start` (no TypeScript loader
// at run time: faster start, less memory). One ES module bundle in server/dist (the workspace's
// own code and the contract package bundled; npm dependencies stay in node_modules), plus the SQL
// migrations beside it (db/client.ts reads them next to the code). Tests and `npm run dev` keep
// running the TypeScript through tsx.
import { cpSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const out = path.join(here, 'dist');
// Built beside, then swapped in: a failed build leaves the previous one in place.
const next = path.join(here, 'dist.next');
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@lbo/'));

const started = Date.now();
rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(here, 'src/main.ts') },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  // Every npm dependency (and its subpaths) is loaded from node_modules as usual.
  external: external.flatMap((d) => [d, `${d}/*`]),
  // Bundled CommonJS helpers may call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __lboCreateRequire } from 'node:module'; const require = __lboCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(next, 'migrations'), { recursive: true });
rmSync(out, { recursive: true, force: true });
renameSync(next, out);
console.log(`server built to ${path.relative(process.cwd(), out) || out} in ${Date.now() - started} ms`);
