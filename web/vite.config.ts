// Vite build of the back-office web app: served by the API server at `/` (hash routing),
// `/v1` proxied to the API during `vite dev`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

// Everything every route needs (React, the router, i18next, Mantine's core and the handful of
// components the sign-in page shows) goes into one chunk: one request and better compression
// than a dozen small shared chunks. Everything else stays split per page.
const SHELL_MANTINE = new Set([
  'ActionIcon',
  'Alert',
  'Anchor',
  'Box',
  'Button',
  'Center',
  'CloseButton',
  'Container',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
]);

function shellChunk(id: string): string | null {
  const m =
    /node_modules\/(@mantine\/core\/esm\/components\/([^/]+)|@mantine\/core\/esm\/core|react-dom|react|scheduler|react-router|i18next|react-i18next|clsx)\//.exec(
      id,
    );
  if (!m) return null;
  if (m[2] && !SHELL_MANTINE.has(m[2])) return null;
  return 'shell';
}

/**
 * main.tsx is a tiny entry that loads the app (boot.tsx) with a dynamic import, so it can start the
 * first screen's downloads first. So that this costs no extra round trip, index.html preloads
 * boot's chunk, the chunks it imports and its styles: they download in parallel with main.
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
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/boot.tsx'),
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

export default defineConfig({
  plugins: [react(), preloadBoot(), precompress()],
  base: './',
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
      output: { codeSplitting: { groups: [{ name: shellChunk }] } },
    },
  },
});
