// The upload store in an S3-compatible bucket, against a real S3 protocol server (s3rver) this file
// starts on a free port: uploads land in the bucket, /uploads/... streams them with the same caching as
// the local folder, a missing key is 404, removal and the sweep delete objects, and the copy command
// moves a folder's files once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { copyFolderToBucket, type S3UploadStore } from '../src/http/upload-s3';
import { LocalUploadStore, UPLOADS_URL_PREFIX } from '../src/http/uploads';
import { createHarness, type Harness } from './harness';

const BUCKET = 'lbo-uploads';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let s3dir: string;
let s3server: S3rver;
let endpoint: string;
let h: Harness;
let admin: string;
let client: S3Client;
let store: S3UploadStore;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), 'lbo-s3rver-'));
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // The settings as an operator writes them, through the config schema.
  const { storage } = loadConfig({
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  h = await createHarness({ config: { storage } });
  admin = await h.login();
  store = h.app.uploads as S3UploadStore;
  client = store.client;
});
afterAll(async () => {
  await h?.close();
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

async function uploadPhoto(): Promise<string> {
  const boundary = '----lbo-s3';
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

async function inBucket(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
}

describe('uploads in an S3-compatible bucket', () => {
  it('should require S3_BUCKET when STORAGE=s3', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('S3_BUCKET: required when STORAGE=s3');
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('should put an upload in the bucket under the path of its /uploads/ address', async () => {
    expect(store.kind).toBe('s3');
    const url = await uploadPhoto();
    expect(url).toMatch(/^\/uploads\/point_promo\/[0-9a-f-]{36}\.png$/);
    const key = url.slice(UPLOADS_URL_PREFIX.length);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(PNG);
    // An image field takes it: the existence check asks the bucket.
    const created = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Promo S3',
      start_date: '2031-01-01',
      end_date: '2031-01-31',
      bonus_points: 5,
      photo: url,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.photo).toBe(url);
  });

  it('should serve /uploads/... from the bucket with the caching headers, and 404 a missing key', async () => {
    const url = await uploadPhoto();
    const res = await h.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000, immutable');
    expect(Number(res.headers['content-length'])).toBe(PNG.length);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await h.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=2592000, immutable');

    for (const missing of [
      '/uploads/point_promo/00000000-0000-4000-8000-000000000000.png',
      '/uploads/point_promo/not-a-generated-name.png',
      '/uploads/../package.json',
      '/uploads/',
    ]) {
      const gone = await h.app.inject({ method: 'GET', url: missing });
      expect({ missing, status: gone.statusCode }).toEqual({ missing, status: 404 });
    }
    const refused = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Promo S3 hilang',
      start_date: '2032-01-01',
      end_date: '2032-01-31',
      bonus_points: 5,
      photo: '/uploads/point_promo/00000000-0000-4000-8000-000000000000.png',
    });
    expect(refused.status).toBe(400);
  });

  it('should delete a removed object, and sweep unreferenced ones while keeping referenced ones', async () => {
    const removed = await uploadPhoto();
    const key = removed.slice(UPLOADS_URL_PREFIX.length);
    expect(await inBucket(key)).toBe(true);
    await store.remove(key);
    expect(await inBucket(key)).toBe(false);
    expect((await h.app.inject({ method: 'GET', url: removed })).statusCode).toBe(404);

    const kept = await uploadPhoto();
    const created = await h.call(admin, 'POST', '/point_promo/', {
      name: 'Promo S3 tetap',
      start_date: '2033-01-01',
      end_date: '2033-01-31',
      bonus_points: 5,
      photo: kept,
    });
    expect(created.status).toBe(201);
    const orphan = await uploadPhoto();
    // A cutoff in the future: every object counts as old, so only a reference keeps one.
    const result = await store.sweep(h.database.db, -60_000);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await inBucket(kept.slice(UPLOADS_URL_PREFIX.length))).toBe(true);
    expect(await inBucket(orphan.slice(UPLOADS_URL_PREFIX.length))).toBe(false);
  });

  it("should copy a folder's uploads to the bucket once, skipping keys already there", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lbo-to-s3-'));
    try {
      const local = new LocalUploadStore(dir);
      const image = { buffer: PNG, mime: 'image/png', ext: 'png', field: 'photo' };
      const a = await local.save(image, 'customer');
      const b = await local.save(image, 'coupon');
      const first = await copyFolderToBucket(local, store);
      expect(first).toEqual({ copied: 2, present: 0, ignored: 0 });
      for (const { path: key, url } of [a, b]) {
        expect(await inBucket(key)).toBe(true);
        const res = await h.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.rawPayload).toEqual(PNG);
      }
      const c = await local.save(image, 'customer');
      const again = await copyFolderToBucket(local, store);
      expect(again).toEqual({ copied: 1, present: 2, ignored: 0 });
      expect(await inBucket(c.path)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
