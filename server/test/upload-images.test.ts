// Image fields take only an image this server stored (or keep the value the record has), and the
// hourly sweep removes stored files no record refers to once they are a day old.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('upload sweep', () => {
  it('should remove day-old files no record refers to and keep the others', async () => {
    const dir = h.app.uploads.dir;
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
