// Vite build of the store web app, served by the API server at /app/ (server/src/app.ts). Besides
// the bundle it writes what makes the app installable: the icons (build/icons.ts), the web app
// manifest and the service worker (sw/sw.js with this build's version and file list), and `.br` /
// `.gz` copies of every compressible file for the server to send as they are.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { iconPng } from './build/icons';

const BASE = '/app/';
const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

export const MANIFEST = {
  name: 'Poin Toko',
  short_name: 'Poin Toko',
  description: 'Saldo poin, kupon, pesan dan promo untuk toko Anda.',
  lang: 'id',
  id: BASE,
  start_url: BASE,
  scope: BASE,
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#eef1f4',
  theme_color: '#0b4f8a',
  icons: [
    { src: `${BASE}icons/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: `${BASE}icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: `${BASE}icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

function installable(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lbo-store-installable',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // index.html's early calls send the version as the app's own calls do (src/lib/api.ts).
    transformIndexHtml(html) {
      return html.replace('%APP_VERSION%', pkg.version);
    },
    generateBundle() {
      for (const size of [192, 512]) {
        this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: iconPng(size) });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: `${JSON.stringify(MANIFEST, null, 2)}\n`,
      });
    },
    closeBundle() {
      const files = filesUnder(outDir)
        .map((f) => path.relative(outDir, f).split(path.sep).join('/'))
        .filter((f) => !/\.(br|gz)$/.test(f) && f !== 'sw.js')
        .sort();
      // The version changes whenever any file does: the browser sees a new worker and installs it.
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update(readFileSync(path.join(outDir, f)));
      const version = hash.digest('hex').slice(0, 12);
      const shell = files.map((f) => (f === 'index.html' ? BASE : `${BASE}${f}`));
      const template = readFileSync(path.join(import.meta.dirname, 'sw/sw.js'), 'utf8');
      const sw = template
        .replace(/^const VERSION = 'dev';$/m, `const VERSION = '${version}';`)
        .replace(/^const SHELL = \[\];$/m, `const SHELL = ${JSON.stringify(shell)};`);
      if (!sw.includes(version) || sw.includes('const SHELL = [];')) {
        throw new Error('sw/sw.js: the VERSION and SHELL lines were not found');
      }
      writeFileSync(path.join(outDir, 'sw.js'), sw);
      for (const full of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(full)) continue;
        const raw = readFileSync(full);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${full}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${full}.gz`, gz);
      }
    },
  };
}

/**
 * The stylesheet (a few KB) inside index.html instead of linked: a linked one is one more round trip
 * before the first paint on a slow line, and index.html's inline script writes the balance as soon
 * as it comes. The server's Content-Security-Policy allows inline styles.
 */
function inlineCss(): Plugin {
  return {
    name: 'lbo-store-inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/app\/([^"]+\.css)"[^>]*>/g, (tag, file) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          delete bundle[file];
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * The app's script preloaded instead of run by index.html: its inline script imports it (html
 * data-main) once the balance is written, so that running it does not hold the main thread first.
 */
function deferredEntry(): Plugin {
  return {
    name: 'lbo-store-deferred-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/app\/assets\/[^"]+\.js)"><\/script>/;
        const m = entry.exec(html);
        if (!m) throw new Error("index.html: the app's script tag was not found");
        return html
          .replace(entry, `<link rel="modulepreload" crossorigin href="${m[1]}">`)
          .replace('<html lang="id"', `<html lang="id" data-main="${m[1]}"`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), installable(), inlineCss(), deferredEntry()],
  base: BASE,
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5174,
    proxy: { '/v1': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
  },
});
