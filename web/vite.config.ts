// Vite build of the back-office web app: served by the API server at `/` (hash routing),
// `/v1` proxied to the API during `vite dev`.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
