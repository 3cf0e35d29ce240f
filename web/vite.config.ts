// Vite build of the back-office web app: served by the API server at `/` (hash routing),
// `/v1` proxied to the API during `vite dev`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build (over 1 KB and
 * only when smaller), once, at the highest levels: the server sends them (@fastify/static
 * `preCompressed`) to browsers that accept them, so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lbo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const full = path.join(dir, name);
          if (statSync(full).isDirectory()) walk(full);
          else if (COMPRESSIBLE.test(name)) files.push(full);
        }
      };
      walk(outDir);
      await Promise.all(
        files.map(async (file) => {
          const raw = readFileSync(file);
          if (raw.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          if (gzipped.length < raw.length) writeFileSync(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

// Four shared chunks, so that a screen arrives in a few requests (HTTP/1.1 fetches six at a time per
// host: split per module, the first list screen was ~100 files fetched in rounds):
// - 'shell': what the standalone sign-in screen runs (app/sign-in.tsx): React, the Mantine
//   components it shows and the app's own modules it imports statically (the login page, its
//   frame, api-client, the core messages' lookup). No router, no i18next, no zod, no react-query:
//   the /login route's script stays under 100 KB gzipped.
// - 'router': what every other visit adds to start the app (boot.tsx): the router, i18next and
//   the app's modules boot imports statically.
// - 'vendor': every other library the signed-in screens share (Mantine's other components, the data
//   table, react-query, forms, dates, icons, zod). Not the contract's schemas: each is built (zod
//   objects) when its module runs, so they stay with the screens that use them and a first screen
//   builds only its own; the few the shared components import go with them into 'app'.
// - 'app': the layout and the shared components (components/**).
// Libraries only a few pages use (charts, spreadsheets, CSV, the points pickers' data table) and each
// feature's screens stay split.
// And 'early', what main.tsx itself imports (the session module, the learned first-screen preload,
// Vite's preload helper): main must not wait for the shell to be evaluated before it starts the
// first screen's downloads.
const SHELL_MANTINE = new Set([
  'Anchor',
  'Box',
  'Button',
  'Container',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
]);
const SHELL_LIBRARY =
  /node_modules\/(@mantine\/core\/esm\/components\/([^/]+)|@mantine\/core\/esm\/core|react-dom|react|scheduler|clsx)\//;
const ROUTER_LIBRARY = /node_modules\/(react-router|i18next|react-i18next)\//;
/** Mantine's components boot's own modules add (the route error screen, the page spinner). */
const ROUTER_MANTINE = /node_modules\/@mantine\/core\/esm\/components\/(Center|Code|ThemeIcon)\//;
const PAGE_LIBRARIES =
  /node_modules\/(mantine-datatable|exceljs|papaparse|recharts|@mantine\/charts|d3-[^/]+|victory-vendor|@reduxjs|redux|react-redux|reselect|immer|decimal\.js-light|eventemitter3|es-toolkit|internmap)\//;
const SESSION = path.resolve(import.meta.dirname, 'src/app/session.ts');
/** The learned first-screen preload main.tsx runs first (app/first-screen.ts): 'early' too. */
const FIRST_SCREEN = path.resolve(import.meta.dirname, 'src/app/first-screen.ts');
/** The sign-in screen's own root: everything it imports statically goes into 'shell'. */
const SIGN_IN_ROOTS = ['src/app/sign-in.tsx'].map((f) => path.resolve(import.meta.dirname, f));
/** The app's root: what it imports statically (and the shell does not) goes into 'router'. */
const BOOT_ROOTS = ['src/boot.tsx'].map((f) => path.resolve(import.meta.dirname, f));

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const staticGraphs = new Map<string, Set<string>>();

/** The app's own modules `roots` load: their static imports, transitively. */
function staticGraph(ctx: ModuleGraph, roots: string[]): Set<string> {
  const cacheKey = roots.join('\0');
  const cached = staticGraphs.get(cacheKey);
  if (cached) return cached;
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    // The app's own modules only: a library's barrel (`@mantine/core`) names all of it; the
    // libraries the route needs come with SHELL_LIBRARY and the group's dependencies.
    if (id.includes('/node_modules/')) continue;
    for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) queue.push(dep);
  }
  staticGraphs.set(cacheKey, seen);
  return seen;
}

type Kind = 'early' | 'shell' | 'router' | 'vendor' | 'app';

function chunkKind(id: string, ctx: ModuleGraph): Kind | null {
  if (id === SESSION || id === FIRST_SCREEN || id.includes('vite/preload-helper')) return 'early';
  if (id.endsWith('/src/main.tsx') || id.endsWith('.css')) return null;
  const shellLibrary = SHELL_LIBRARY.exec(id);
  if (shellLibrary && (!shellLibrary[2] || SHELL_MANTINE.has(shellLibrary[2]))) return 'shell';
  if (!id.includes('/node_modules/') && staticGraph(ctx, SIGN_IN_ROOTS).has(id)) return 'shell';
  if (ROUTER_LIBRARY.test(id) || ROUTER_MANTINE.test(id)) return 'router';
  if (!id.includes('/node_modules/') && staticGraph(ctx, BOOT_ROOTS).has(id)) return 'router';
  if (id.includes('/node_modules/')) return PAGE_LIBRARIES.test(id) ? null : 'vendor';
  if (/\/web\/src\/components\//.test(id) || /\/web\/src\/app\/layout\//.test(id)) return 'app';
  return null;
}

/** One group per kind; a higher priority picks first (a group also takes its modules' dependencies). */
const chunkGroups = (['early', 'shell', 'router', 'vendor', 'app'] as const).map((kind, i) => ({
  name: (id: string, ctx: ModuleGraph) => (chunkKind(id, ctx) === kind ? kind : null),
  priority: 5 - i,
}));

/**
 * main.tsx is a tiny entry that loads the sign-in screen (app/sign-in.tsx) or the app (boot.tsx)
 * with a dynamic import, so it can start the first screen's downloads first. Both need the sign-in
 * screen's chunks (the shell: React, Mantine), so that this costs no extra round trip index.html
 * preloads them and their styles: they download in parallel with main. Boot's own chunks (the
 * router, i18next) are left to main's import: /login never loads them.
 */
function preloadBoot(): Plugin {
  return {
    name: 'lbo-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const boot = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/sign-in.tsx'),
        );
        if (boot?.type !== 'chunk') return html;
        const chunks = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const c = bundle[fileName];
          if (c?.type !== 'chunk' || chunks.has(fileName)) return;
          chunks.add(fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const i of c.imports) visit(i);
        };
        visit(boot.fileName);
        const present = (f: string) => html.includes(`/${f}"`);
        const tags = [
          ...[...css]
            .filter((f) => !present(f))
            .map((f) => `<link rel="stylesheet" crossorigin href="./${f}">`),
          ...[...chunks]
            .filter((f) => !present(f))
            .map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`),
        ];
        return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * react-router's package exports name only its development build, which differs from the
 * production one by its warnings (ENABLE_DEV_WARNINGS): the build takes the production file.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadBoot(), precompress()],
  base: './',
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  server: {
    port: 5173,
    proxy: { '/v1': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
}));
