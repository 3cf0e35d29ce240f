// News, popups and promo videos: photo uploads, list keys, default sorts, the news filters (active,
// date range overlap, title), video URL validation, partial updates and deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, makeStaff, multipart, PNG_1X1 } from './factories';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let viewer: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login();
  const v = await makeStaff(h.database.db, {
    email: 'content-viewer@example.com',
    grants: { content: 'v' },
    branches: 'all',
  });
  viewer = await h.login(v);
});
afterAll(async () => {
  await h?.close();
});

async function upload(path: string, value: Buffer | string = PNG_1X1, token = admin) {
  const body = multipart([{ name: 'photo', value, filename: 'p.png', type: 'image/png' }]);
  const res = await h.app.inject({
    method: 'POST',
    url: `/v1/api${path}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('news', () => {
  const mk = (title: string, extra: Record<string, unknown> = {}) =>
    h.call(admin, 'POST', '/apps/news/add', {
      title,
      start_date: '2030-03-01',
      end_date: '2030-03-31',
      ...extra,
    });

  it('should upload a photo and create news with it', async () => {
    const photo = await upload('/apps/news/photo');
    expect(photo.status).toBe(201);
    expect(photo.body.data.url).toMatch(/^\/uploads\/news\/.+\.png$/);
    const res = await mk('Jadwal libur', { content: 'Isi berita', photo: photo.body.data.url, priority: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Jadwal libur',
      content: 'Isi berita',
      photo: photo.body.data.url,
      active: true,
    });
    const got = await h.call(admin, 'GET', `/apps/news/id/${res.body.data.id}`);
    expect(got.body.data.priority).toBe(2);
  });

  it('should refuse a photo that is not an image (415) or too big (413), and a foreign photo url (400)', async () => {
    expect((await upload('/apps/news/photo', 'not an image')).status).toBe(415);
    expect(
      (await upload('/apps/news/photo', Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]))).status,
    ).toBe(413);
    const before = await countRows(h.database.db, 'news');
    expect((await mk('x', { photo: 'javascript:alert(1)' })).status).toBe(400);
    expect((await mk('x', { photo: '/uploads/news/00000000-0000-4000-8000-000000000000.png' })).status).toBe(
      400,
    );
    expect((await mk('x', { start_date: '2030-03-10', end_date: '2030-03-01' })).status).toBe(400);
    expect(await countRows(h.database.db, 'news')).toBe(before);
    expect((await upload('/apps/news/photo', PNG_1X1, viewer)).status).toBe(403);
  });

  it('should list under list_news by priority ascending with active, date range and title filters', async () => {
    await mk('Berita A', { priority: 5 });
    await mk('Berita B', { priority: 1 });
    await mk('Berita C lama', { priority: 0, start_date: '2029-01-01', end_date: '2029-01-31' });
    await mk('Berita D nonaktif', { priority: 0, active: false });
    const res = await h.call(
      admin,
      'GET',
      '/apps/news/select?by=def.priority&sort=asc&active=1&start_date=2030-03-15&end_date=2030-03-20&limit=100',
    );
    expect(res.status).toBe(200);
    const titles = res.body.data.list_news.map((n: any) => n.title);
    expect(titles).toEqual(['Berita B', 'Jadwal libur', 'Berita A']);
    const inactive = await h.call(admin, 'GET', '/apps/news/select?active=0');
    expect(inactive.body.data.list_news.map((n: any) => n.title)).toEqual(['Berita D nonaktif']);
    const all = await h.call(admin, 'GET', '/apps/news/select?active=&limit=100');
    expect(all.body.meta.total_data).toBe(5);
    const byTitle = await h.call(admin, 'GET', '/apps/news/select?title=lama');
    expect(byTitle.body.data.list_news.map((n: any) => n.title)).toEqual(['Berita C lama']);
    expect((await h.call(admin, 'GET', '/apps/news/select?start_date=2030-13-01')).status).toBe(400);
  });

  it('should update partially and delete', async () => {
    const n = (await mk('Ubah saya', { content: 'isi' })).body.data;
    const up = await h.call(admin, 'PUT', `/apps/news/id/${n.id}`, { title: 'Sudah diubah' });
    expect(up.body.data).toMatchObject({ title: 'Sudah diubah', content: 'isi', active: true });
    const bad = await h.call(admin, 'PUT', `/apps/news/id/${n.id}`, { end_date: '2020-01-01' });
    expect(bad.status).toBe(400);
    const del = await h.call(admin, 'DELETE', `/apps/news/id/${n.id}`);
    expect(del.body).toEqual({ data: { id: n.id } });
    expect((await h.call(admin, 'GET', `/apps/news/id/${n.id}`)).status).toBe(404);
  });
});

describe('popups', () => {
  it('should create with a photo and link, list under list_popup by id descending', async () => {
    const photo = (await upload('/apps/popup/photo')).body.data.url;
    const a = await h.call(admin, 'POST', '/apps/popup/add', {
      title: 'Pop A',
      photo,
      link: '/promo/1',
      start_date: '2030-01-01',
      end_date: '2030-01-05',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await h.call(admin, 'POST', '/apps/popup/add', {
      title: 'Pop B',
      link: 'https://example.com/x',
      start_date: '2030-01-01',
      end_date: '2030-01-05',
    });
    expect(b.status).toBe(201);
    const list = await h.call(admin, 'GET', '/web/popup/select?by=def.id&sort=desc');
    expect(list.body.data.list_popup.map((p: any) => p.title)).toEqual(['Pop B', 'Pop A']);
    expect(
      (
        await h.call(admin, 'POST', '/apps/popup/add', {
          title: 'x',
          link: 'javascript:alert(1)',
          start_date: '2030-01-01',
          end_date: '2030-01-05',
        })
      ).status,
    ).toBe(400);
    const up = await h.call(admin, 'PUT', `/apps/popup/id/${a.body.data.id}`, { active: false });
    expect(up.body.data).toMatchObject({ active: false, photo, link: '/promo/1' });
    expect((await h.call(admin, 'DELETE', `/apps/popup/id/${b.body.data.id}`)).status).toBe(200);
  });
});

describe('promo videos', () => {
  const mk = (extra: Record<string, unknown>) =>
    h.call(admin, 'POST', '/apps/VideoPromote/add', {
      title: 'Video',
      url: 'https://cdn.example.com/v.mp4',
      start_date: '2030-01-01',
      end_date: '2030-02-01',
      ...extra,
    });

  it("should let the app's pages play a promo video from the address it was saved with", async () => {
    // The preview is a <video> on the back office's page: the page's policy must allow its source.
    const res = await h.app.inject({ method: 'GET', url: '/v1/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const media = csp.split(';').find((d) => d.trim().startsWith('media-src'));
    expect(media?.trim().split(/\s+/)).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:']));
  });

  it('should take only http(s) video addresses and write nothing otherwise', async () => {
    const before = await countRows(h.database.db, 'promo_videos');
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.com/v.mp4',
      'file:///etc/passwd',
      'not a url',
      '',
    ]) {
      const res = await mk({ url });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body.err_msg.join()).toContain('url');
    }
    expect(await countRows(h.database.db, 'promo_videos')).toBe(before);
  });

  it('should create with a thumbnail, list under list_VideoPromote with meta, by title, active filter', async () => {
    const thumb = (await upload('/apps/VideoPromote/photo')).body.data.url;
    const a = await mk({ title: 'Zebra', thumbnail: thumb });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.data).toMatchObject({
      thumbnail: thumb,
      active: true,
      url: 'https://cdn.example.com/v.mp4',
    });
    await mk({ title: 'Apel', url: 'http://videos.example.com/watch/1' });
    await mk({ title: 'Mati', active: false });
    const res = await h.call(admin, 'GET', '/apps/VideoPromote?by=def.title&active=1&page=1&limit=10');
    expect(res.status).toBe(200);
    expect(res.body.data.list_VideoPromote.map((v: any) => v.title)).toEqual(['Apel', 'Zebra']);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 10, total_data: 2, total_page: 1 });
    const up = await h.call(admin, 'PUT', `/apps/VideoPromote/id/${a.body.data.id}`, {
      url: 'data:text/html,x',
    });
    expect(up.status).toBe(400);
    const ok = await h.call(admin, 'PUT', `/apps/VideoPromote/id/${a.body.data.id}`, { title: 'Zebra 2' });
    expect(ok.body.data).toMatchObject({ title: 'Zebra 2', thumbnail: thumb });
    expect((await h.call(admin, 'DELETE', `/apps/VideoPromote/id/${a.body.data.id}`)).body).toEqual({
      data: { id: a.body.data.id },
    });
    expect((await h.call(viewer, 'DELETE', `/apps/VideoPromote/id/${a.body.data.id}`)).status).toBe(403);
  });
});
