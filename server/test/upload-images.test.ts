// Image fields take only an image this server stored (or keep the value the record has), and the
// hourly sweep removes stored files no record refers to once they are a day old.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalUploadStore } from '../src/http/uploads';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
});
afterAll(async () => {
  await h?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let year = 2030;
const promo = (extra: Record<string, unknown> = {}) => ({
  name: `Promo foto ${year}`,
  start_date: `${year}-01-01`,
  end_date: `${year++}-01-31`,
  bonus_points: 5,
  ...extra,
});

async function uploadPhoto(): Promise<string> {
  const boundary = '----lbo-img';
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/api/point_promo/photo',
    headers: {
      authorization: `Bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.url as string;
}

describe('image fields', () => {
  it('should refuse a photo that is not an upload of this server, on create and update', async () => {
    for (const photo of [
      'javascript:alert(1)',
      'https://evil.example/a.png',
      '/uploads/point_promo/00000000-0000-4000-8000-000000000000.png',
    ]) {
      const created = await h.call(admin, 'POST', '/point_promo/', promo({ photo }));
      expect({ photo, status: created.status }).toEqual({ photo, status: 400 });
      expect(created.body.err_msg[0]).toMatch(/^photo: /);
    }
    const ok = await h.call(admin, 'POST', '/point_promo/', promo());
    expect(ok.status).toBe(201);
    const bad = await h.call(admin, 'PUT', `/point_promo/${ok.body.data.id}`, {
      photo: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    const get = await h.call(admin, 'GET', `/point_promo/id/${ok.body.data.id}`);
    expect(get.body.data.photo).toBe('');
  });

  it('should take the url of a stored upload', async () => {
    const url = await uploadPhoto();
    const created = await h.call(admin, 'POST', '/point_promo/', promo({ photo: url }));
    expect(created.status).toBe(201);
    expect(created.body.data.photo).toBe(url);
  });

  it('should let an edit keep an inline placeholder the record already has, but not set a new one', async () => {
    const created = await h.call(admin, 'POST', '/point_promo/', promo());
    const id = created.body.data.id as number;
    const placeholder = 'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E';
    await h.database.rows(sql`update point_promos set photo_url = ${placeholder} where id = ${id}`);
    const kept = await h.call(admin, 'PUT', `/point_promo/${id}`, { photo: placeholder, note: 'tetap' });
    expect(kept.status).toBe(200);
    const other = await h.call(admin, 'PUT', `/point_promo/${id}`, { photo: `${placeholder}x` });
    expect(other.status).toBe(400);
  });
});

describe("an image field holds this server's own upload only", () => {
  /** A refused create writes nothing; a refused update keeps the photo. */
  async function expectRefused(photo: string) {
    const created = await h.call(admin, 'POST', '/point_promo/', promo({ photo }));
    expect({ photo, status: created.status }).toEqual({ photo, status: 400 });
    expect(created.body.err_msg[0]).toMatch(/^photo: /);
    const kept = await h.call(admin, 'POST', '/point_promo/', promo());
    const updated = await h.call(admin, 'PUT', `/point_promo/${kept.body.data.id}`, { photo });
    expect({ photo, status: updated.status }).toEqual({ photo, status: 400 });
    const web = await h.call(admin, 'POST', '/web/promo', {
      name: 'Promo gambar',
      start_date: '2030-01-01',
      end_date: '2030-01-31',
      image: photo,
    });
    expect({ photo, status: web.status }).toEqual({ photo, status: 400 });
    expect(web.body.err_msg[0]).toMatch(/^image: /);
  }

  it("should refuse another site's address of a real upload", async () => {
    const url = await uploadPhoto();
    expect(url).toMatch(/^\/uploads\/point_promo\//);
    for (const origin of ['https://evil.example', 'http://localhost:3000', 'https://evil.example/x']) {
      await expectRefused(`${origin}${url}`);
    }
  });

  it('should refuse a path out of the upload folder, even to a file that exists (no existence oracle)', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'lbo-outside-'));
    try {
      const rel = path.join('uploads', 'point_promo', `${randomUUID()}.png`);
      mkdirSync(path.join(outside, 'uploads', 'point_promo'), { recursive: true });
      writeFileSync(path.join(outside, rel), PNG);
      const up = '../'.repeat(30);
      const target = `${path.join(outside, rel).slice(1)}`;
      for (const photo of [
        `https://e/uploads/${up}${target}`,
        `https://e/uploads/point_promo/${up}${target}`,
        `https://e/${up}${target}`,
        `/uploads/${up}${target}`,
        `/uploads/point_promo/../${path.basename(rel)}`,
        `/uploads/point_promo/%2e%2e/${path.basename(rel)}`,
      ]) {
        await expectRefused(photo);
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('should take exactly the public address the upload answered when PUBLIC_URL is set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lbo-public-'));
    try {
      const store = new LocalUploadStore(dir, 'https://loyalty.example.com/api/');
      const { url, path: rel } = await store.save(
        { buffer: PNG, mime: 'image/png', ext: 'png', field: 'photo' },
        'coupon',
      );
      expect(url).toBe(`https://loyalty.example.com/api/uploads/${rel}`);
      expect(await store.exists(url)).toBe(true);
      expect(await store.exists(`/uploads/${rel}`)).toBe(true);
      for (const other of [
        `https://evil.example/api/uploads/${rel}`,
        `https://loyalty.example.com/uploads/${rel}`,
        `http://loyalty.example.com/api/uploads/${rel}`,
        `https://loyalty.example.com/api/x/../uploads/${rel}`,
        `https://loyalty.example.com.evil.example/api/uploads/${rel}`,
      ]) {
        expect({ other, ok: await store.exists(other) }).toEqual({ other, ok: false });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('upload sweep', () => {
  it('should remove day-old files no record refers to and keep the others', async () => {
    const dir = (h.app.uploads as LocalUploadStore).dir;
    const referenced = await uploadPhoto();
    await h.call(admin, 'POST', '/point_promo/', promo({ photo: referenced }));
    const orphanUrl = await uploadPhoto();
    const youngUrl = await uploadPhoto();
    const abs = (url: string) => path.join(dir, h.app.uploads.relPathOf(url) as string);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    for (const url of [referenced, orphanUrl]) utimesSync(abs(url), twoDaysAgo, twoDaysAgo);
    mkdirSync(path.join(dir, 'misc'), { recursive: true });
    const stray = path.join(dir, 'misc', 'left-over.png');
    writeFileSync(stray, PNG);
    utimesSync(stray, twoDaysAgo, twoDaysAgo);

    const result = await h.app.uploads.sweep(h.database.db, 86_400_000);
    expect(result.removed).toBeGreaterThanOrEqual(2);
    expect(existsSync(abs(referenced))).toBe(true);
    expect(existsSync(abs(youngUrl))).toBe(true);
    expect(existsSync(abs(orphanUrl))).toBe(false);
    expect(existsSync(stray)).toBe(false);
  });
});
