// Measures the JavaScript the browser loads for /#/login: every script response is gzipped
// (zlib level 9, as a static server would send it) and summed. Usage:
//   node e2e/measure-login-js.mjs            (serves web/dist itself)
//   BASE_URL=http://127.0.0.1:3000 node e2e/measure-login-js.mjs
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const dist = fileURLToPath(new URL('../web/dist/', import.meta.url));
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

async function serveDist() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dist, path === '/' ? 'index.html' : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const local = process.env.BASE_URL ? null : await serveDist();
const base = process.env.BASE_URL ?? local.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || res.url().endsWith('.js')) {
      try {
        const body = await res.body();
        scripts.push({
          url: res.url().replace(base, ''),
          raw: body.length,
          gz: gzipSync(body, { level: 9 }).length,
        });
      } catch {
        /* redirected or aborted */
      }
    }
  });
  await page.goto(`${base}/#/login`, { waitUntil: 'networkidle' });
  await page
    .getByRole('button', { name: /masuk|sign in/i })
    .first()
    .waitFor();
  await page.waitForTimeout(500);
  scripts.sort((a, b) => b.gz - a.gz);
  const total = scripts.reduce((s, x) => s + x.gz, 0);
  const raw = scripts.reduce((s, x) => s + x.raw, 0);
  for (const s of scripts)
    console.log(
      `${(s.gz / 1024).toFixed(1).padStart(7)} KB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KB  ${s.url}`,
    );
  console.log(
    `TOTAL ${(total / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw) in ${scripts.length} scripts`,
  );
  if (process.env.LOGIN_JS_BUDGET_KB && total / 1024 > Number(process.env.LOGIN_JS_BUDGET_KB))
    process.exitCode = 1;
} finally {
  await browser.close();
  local?.close();
}
