// The stores' web app at /app/ beside the back office at /: its files with the same caching rules,
// index.html for its screens' paths (history routing), a 404 for a missing script.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, inlineScriptHashes, storeAppIndexCsp } from '../src/app';
import { loadConfig } from '../src/config';
import { createHarness, type Harness } from './harness';

let h: Harness;
let dir: string;
let app: FastifyInstance;
const js = `export const big = ${JSON.stringify('store '.repeat(500))};\n`;
const inlineScript = "\n(() => { window.__lboEarly = { token: 'ü' }; })();\n";
const storeHtml = `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/app/assets/index-AbCdEf12.js"></script></head><body>${'<p>toko</p>'.repeat(200)}</body></html>`;
const webHtml = '<!doctype html><html><body>back office</body></html>';

beforeAll(async () => {
  h = await createHarness();
  dir = mkdtempSync(path.join(tmpdir(), 'lbo-store-app-'));
  const web = path.join(dir, 'web');
  const store = path.join(dir, 'store');
  mkdirSync(web);
  mkdirSync(path.join(store, 'assets'), { recursive: true });
  mkdirSync(path.join(store, 'icons'));
  writeFileSync(path.join(web, 'index.html'), webHtml);
  const write = (name: string, content: string | Buffer) => {
    writeFileSync(path.join(store, name), content);
    writeFileSync(path.join(store, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(store, `${name}.gz`), gzipSync(content));
  };
  write('index.html', storeHtml);
  write('assets/index-AbCdEf12.js', js);
  writeFileSync(path.join(store, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(store, 'manifest.webmanifest'), '{"name":"Poin Toko"}');
  writeFileSync(path.join(store, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const config = loadConfig(
    {},
    { dataDir: dir, uploadDir: path.join(dir, 'uploads'), jwtSecret: 'x'.repeat(40), logLevel: 'silent' },
  );
  app = await buildApp({
    config,
    database: h.database,
    logger: false,
    webDistDir: web,
    storeAppDistDir: store,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the store web app at /app/', () => {
  it("should answer its index for /app/ and every screen's path, revalidated on every load", async () => {
    for (const url of ['/app/', '/app/coupons', '/app/coupons/mine', '/app/inbox?x=1', '/app/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(storeHtml);
      const again = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('should allow its inline script by its hash in the CSP of its index, and nowhere else', async () => {
    const hash = `'sha256-${createHash('sha256').update(inlineScript, 'utf8').digest('base64')}'`;
    for (const url of ['/app/', '/app/coupons', '/app/index.html']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'));
      expect(scriptSrc, url).toBe(`script-src 'self' ${hash}`);
    }
    for (const url of ['/', '/app/assets/index-AbCdEf12.js', '/v1/api/health']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).not.toContain('sha256-');
    }
  });

  it("should find the store app's own inline script, whole, for its hash", () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../store-app/index.html'), 'utf8');
    const open = html.indexOf('<script>');
    const script = html.slice(open + '<script>'.length, html.indexOf('</script>', open));
    expect(script).toContain('__lboEarly');
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
    ]);
    expect(storeAppIndexCsp(html)).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
  });

  it('should send its index compressed when the browser accepts it', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await get('/app/', { 'accept-encoding': `${encoding}` });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(storeHtml);
    }
  });

  it("should send /app to /app/, the service worker's scope, with its query", async () => {
    const res = await get('/app?from=sms');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/app/?from=sms');
  });

  it('should send a script compressed when the browser accepts it', async () => {
    const res = await get('/app/assets/index-AbCdEf12.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('should cache hashed scripts for a year and answer a missing one with a 404, never with HTML', async () => {
    const res = await get('/app/assets/index-AbCdEf12.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    const missing = await get('/app/assets/Coupons-Zz99Yy88.js');
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['content-type'])).not.toMatch(/html/);
  });

  it('should revalidate the service worker, the manifest and the icons on every load', async () => {
    for (const url of ['/app/sw.js', '/app/manifest.webmanifest', '/app/icons/icon-192.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect(String((await get('/app/sw.js')).headers['content-type'])).toMatch(/javascript/);
  });

  it('should leave the back office at / and the API alone, and answer no write under /app/', async () => {
    expect((await get('/')).body).toBe(webHtml);
    expect((await get('/v1/api/health')).statusCode).toBe(200);
    expect((await get('/v1/api/store/nothing')).statusCode).toBe(404);
    expect((await get('/v1/api/store/nothing')).headers['content-type']).toMatch(/json/);
    const post = await app.inject({ method: 'POST', url: '/app/coupons', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('should not serve files outside its folder', async () => {
    expect((await get('/app/../package.json')).body).not.toContain('"name"');
    expect((await get('/app/%2e%2e/%2e%2e/package.json')).statusCode).not.toBe(200);
  });
});
