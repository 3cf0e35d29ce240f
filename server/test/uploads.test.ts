// Route tests for upload folders (CRUD, 409 on deleting a folder with photos, scope), POST /upload/
// (a real image, its thumbnail made and served), the group view and the upload report per branch.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role_group_roles, roles } from '../src/db/schema/staff';
import type { LocalUploadStore } from '../src/http/uploads';
import { makeCustomer } from './factories';
import { BRANCH_USER } from './fixtures';
import { createHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let branchUser: string;
let bdg: { id: number; customer_code: string; branch_id: number };
let bdg2: { id: number; customer_code: string; branch_id: number };
let sby: { id: number; customer_code: string; branch_id: number };
let photo: Buffer;

beforeAll(async () => {
  h = await createHarness();
  const db = h.database.db;
  const [role] = await db
    .insert(roles)
    .values({
      name: 'upload – all',
      area: 'upload',
      can_view: true,
      can_create: true,
      can_update: true,
      can_delete: true,
    })
    .returning();
  await db.insert(role_group_roles).values({ role_group_id: h.fixture.branchGroupId, role_id: role.id });
  admin = await h.login();
  branchUser = await h.login(BRANCH_USER);
  bdg = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_name: 'Toko Foto Bandung' });
  bdg2 = await makeCustomer(db, { branch_id: h.fixture.branches.b1.id, customer_name: 'Toko Foto Cimahi' });
  sby = await makeCustomer(db, { branch_id: h.fixture.branches.b3.id, customer_name: 'Toko Foto Surabaya' });
  // A real 1600x1200 JPEG (a gradient), as a phone would send.
  photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 90, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(async () => {
  await h?.close();
});

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; field?: string }) {
  const boundary = '----lbo-upload-test';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, fields: Record<string, string>, data: Buffer | null = photo) {
  const m = multipart(fields, data ? { name: 'toko.jpg', data } : undefined);
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/api/upload/',
    headers: { authorization: `Bearer ${token}`, 'content-type': m.contentType },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

let folderAll: number; // every branch
let folderB1: number; // branch b1 only

describe('upload folders', () => {
  it('should create, list, edit and validate folders', async () => {
    const a = await h.call(admin, 'POST', '/upload-folder/', {
      name: 'Foto Display Uji',
      description: 'uji',
    });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({
      name: 'Foto Display Uji',
      branch_id: null,
      active: true,
      upload_count: 0,
    });
    folderAll = a.body.data.id;
    const b = await h.call(admin, 'POST', '/upload-folder/', {
      name: 'Rak Bandung Uji',
      branch_id: h.fixture.branches.b1.id,
      start_date: '2031-01-01',
      end_date: '2031-03-31',
    });
    expect(b.status).toBe(201);
    expect(b.body.data).toMatchObject({ branch_name: 'Cabang Bandung', start_date: '2031-01-01' });
    folderB1 = b.body.data.id;

    const bad = await h.call(admin, 'POST', '/upload-folder/', {
      name: '',
      start_date: '2031-02-01',
      end_date: '2031-01-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.err_msg.join(' ')).toMatch(/name/);
    const wrongStore = await h.call(admin, 'POST', '/upload-folder/', {
      name: 'Salah toko',
      branch_id: h.fixture.branches.b1.id,
      customer_code: sby.customer_code,
    });
    expect(wrongStore.status).toBe(400);
    expect(wrongStore.body.err_msg[0]).toMatch(/not a store of the folder's branch/);

    const list = await h.call(admin, 'GET', '/upload-folder?page=1&limit=10&search=uji');
    expect(list.body.meta.total_data).toBe(2);
    expect(list.body.data[0].id).toBe(folderB1); // newest first
    const sel = await h.call(admin, 'GET', '/upload-folder/select');
    expect(sel.body.data.some((f: { id: number }) => f.id === folderAll)).toBe(true);

    const edit = await h.call(admin, 'PUT', `/upload-folder/${folderAll}`, { description: 'diubah' });
    expect(edit.body.data).toMatchObject({ name: 'Foto Display Uji', description: 'diubah' });
    const badEdit = await h.call(admin, 'PUT', `/upload-folder/${folderB1}`, { end_date: '2030-01-01' });
    expect(badEdit.status).toBe(400);
  });

  it("should keep another branch's folders from branch staff", async () => {
    const b3 = await h.call(admin, 'POST', '/upload-folder/', {
      name: 'Surabaya saja',
      branch_id: h.fixture.branches.b3.id,
    });
    expect((await h.call(branchUser, 'GET', `/upload-folder/${b3.body.data.id}`)).status).toBe(403);
    expect(
      (
        await h.call(branchUser, 'POST', '/upload-folder/', {
          name: 'x',
          branch_id: h.fixture.branches.b3.id,
        })
      ).status,
    ).toBe(403);
    const seen = await h.call(branchUser, 'GET', '/upload-folder?limit=100');
    expect(seen.body.data.some((f: { id: number }) => f.id === b3.body.data.id)).toBe(false);
    expect(seen.body.data.some((f: { id: number }) => f.id === folderAll)).toBe(true);
    expect((await h.call(admin, 'DELETE', `/upload-folder/${b3.body.data.id}`)).status).toBe(200);
  });
});

describe('POST /upload/', () => {
  it('should store the photo with a thumbnail of at most 320 px, both served', async () => {
    const res = await upload(admin, {
      folder: String(folderAll),
      customer_code: bdg.customer_code,
      note: 'rak depan',
    });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({
      upload_folder_id: folderAll,
      customer_id: bdg.id,
      customer_code: bdg.customer_code,
      mime: 'image/jpeg',
      size: photo.length,
      note: 'rak depan',
    });
    expect(d.file_url).toMatch(/^\/uploads\/store_photos\/.+\.jpg$/);
    expect(d.thumbnail_url).toMatch(/^\/uploads\/store_photo_thumbs\/.+\.webp$/);
    const thumbPath = path.join(
      (h.app.uploads as LocalUploadStore).dir,
      h.app.uploads.relPathOf(d.thumbnail_url)!,
    );
    expect(existsSync(thumbPath)).toBe(true);
    const meta = await sharp(thumbPath).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(240);
    const served = await h.app.inject({ method: 'GET', url: d.thumbnail_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBeLessThan(photo.length / 4);
    const full = await h.app.inject({ method: 'GET', url: d.file_url });
    expect(full.rawPayload.equals(photo)).toBe(true);
  });

  it('should refuse bad uploads with clear messages and store nothing', async () => {
    const noFile = await upload(admin, { folder: String(folderAll), customer_code: bdg.customer_code }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.err_msg).toEqual(['photo: is required']);
    const noFields = await upload(admin, {});
    expect(noFields.status).toBe(400);
    expect(noFields.body.err_msg).toEqual(
      expect.arrayContaining(['folder: is required', 'customer_code: is required']),
    );
    const text = await upload(
      admin,
      { folder: String(folderAll), customer_code: bdg.customer_code },
      Buffer.from('not an image at all'),
    );
    expect(text.status).toBe(415);
    const broken = await upload(
      admin,
      { folder: String(folderAll), customer_code: bdg.customer_code },
      photo.subarray(0, 400),
    );
    expect(broken.status).toBe(400);
    const unknownStore = await upload(admin, { folder: String(folderAll), customer_code: 'NOPE' });
    expect(unknownStore.status).toBe(400);
    expect(unknownStore.body.err_msg[0]).toMatch(/customer 'NOPE' not found/);
    const unknownFolder = await upload(admin, { folder: '99999999', customer_code: bdg.customer_code });
    expect(unknownFolder.status).toBe(404);
    const wrongBranch = await upload(admin, { folder: String(folderB1), customer_code: sby.customer_code });
    expect(wrongBranch.status).toBe(400);
    const outside = await upload(branchUser, { folder: String(folderAll), customer_code: sby.customer_code });
    expect(outside.status).toBe(403);
    const closed = await h.call(admin, 'POST', '/upload-folder/', { name: 'Ditutup', active: false });
    const inactive = await upload(admin, {
      folder: String(closed.body.data.id),
      customer_code: bdg.customer_code,
    });
    expect(inactive.status).toBe(409);
    const json = await h.call(admin, 'POST', '/upload/', { folder: folderAll });
    expect(json.status).toBe(415);
    const list = await h.call(admin, 'GET', `/upload/select/group?upload_folder_id=${folderAll}`);
    expect(list.body.meta.total_data).toBe(1); // only the first test's photo
  });
});

describe('GET /upload/select/group and /upload/report', () => {
  it('should group a folder by store, newest store and photo first, with filters and paging', async () => {
    await upload(branchUser, { folder: String(folderB1), customer_code: bdg.customer_code });
    await upload(branchUser, { folder: String(folderAll), customer_code: bdg2.customer_code });
    const second = await upload(admin, { folder: String(folderAll), customer_code: bdg.customer_code });
    await upload(admin, { folder: String(folderAll), customer_code: sby.customer_code });

    const g = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&page=1&limit=10`,
    );
    expect(g.status).toBe(200);
    expect(g.body.meta.total_data).toBe(3);
    expect(g.body.data.map((s: { customer_code: string }) => s.customer_code)).toEqual([
      sby.customer_code,
      bdg.customer_code,
      bdg2.customer_code,
    ]);
    const store = g.body.data[1];
    expect(store).toMatchObject({ photo_count: 2, branch_name: 'Cabang Bandung' });
    expect(store.uploads[0].id).toBe(second.body.data.id);
    expect(store.uploads[0].thumbnail_url).toMatch(/\.webp$/);

    const paged = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&page=2&limit=2`,
    );
    expect(paged.body.data.map((s: { customer_code: string }) => s.customer_code)).toEqual([
      bdg2.customer_code,
    ]);
    const searched = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&search=cimahi`,
    );
    expect(searched.body.data.map((s: { customer_id: number }) => s.customer_id)).toEqual([bdg2.id]);
    const region = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&region_id=${h.fixture.regions.sby.id}`,
    );
    expect(region.body.data.map((s: { customer_id: number }) => s.customer_id)).toEqual([sby.id]);
    const group = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&region_group_id=${h.fixture.regionGroups.jabar.id}`,
    );
    expect(group.body.meta.total_data).toBe(2);
    const scoped = await h.call(branchUser, 'GET', `/upload/select/group?upload_folder_id=${folderAll}`);
    expect(scoped.body.data.some((s: { customer_id: number }) => s.customer_id === sby.id)).toBe(false);
    expect((await h.call(admin, 'GET', '/upload/select/group')).status).toBe(400);
    const foreign = await h.call(
      branchUser,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&user_id_for_branch=${h.fixture.adminId}`,
    );
    expect(foreign.status).toBe(403);
  });

  it('should count stores and photos per branch, within the dates and regions', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const rep = await h.call(admin, 'GET', `/upload/report?start_date=${today}&end_date=${today}`);
    expect(rep.status).toBe(200);
    const by = (id: number) => rep.body.data.find((r: { branch: { id: number } }) => r.branch.id === id);
    // b1: bdg (3 photos over two folders) and bdg2 (1): 2 stores, 4 photos; b3: 1 store, 1 photo.
    expect(by(h.fixture.branches.b1.id)).toMatchObject({ store_count: 2, photo_count: 4 });
    expect(by(h.fixture.branches.b3.id)).toMatchObject({
      store_count: 1,
      photo_count: 1,
      branch: { name: 'Cabang Surabaya' },
    });
    expect(by(h.fixture.branches.b2.id)).toMatchObject({ store_count: 0, photo_count: 0 });
    const folder = await h.call(admin, 'GET', `/upload/report?upload_folder_id=${folderB1}`);
    const b1 = folder.body.data.find(
      (r: { branch: { id: number } }) => r.branch.id === h.fixture.branches.b1.id,
    );
    expect(b1).toMatchObject({ store_count: 1, photo_count: 1 });
    const regions = await h.call(admin, 'GET', `/upload/report?region_ids=${h.fixture.regions.sby.id}`);
    expect(
      regions.body.data.every(
        (r: { branch: { region_id: number } }) => r.branch.region_id === h.fixture.regions.sby.id,
      ),
    ).toBe(true);
    const past = await h.call(admin, 'GET', '/upload/report?start_date=2001-01-01&end_date=2001-01-31');
    expect(past.body.data.every((r: { photo_count: number }) => r.photo_count === 0)).toBe(true);
    const scoped = await h.call(branchUser, 'GET', '/upload/report');
    expect(scoped.body.data.map((r: { branch: { id: number } }) => r.branch.id).sort()).toEqual(
      [h.fixture.branches.b1.id, h.fixture.branches.b2.id].sort(),
    );
  });

  it('should refuse to delete a folder with photos (409) and delete an empty one', async () => {
    const res = await h.call(admin, 'DELETE', `/upload-folder/${folderAll}`);
    expect(res.status).toBe(409);
    expect(res.body.err_msg[0]).toMatch(/holds 4 photos; deactivate it instead/);
    const off = await h.call(admin, 'PUT', `/upload-folder/${folderAll}`, { active: false });
    expect(off.body.data).toMatchObject({ active: false, upload_count: 4, store_count: 3 });
    const empty = await h.call(admin, 'POST', '/upload-folder/', { name: 'Kosong' });
    expect((await h.call(admin, 'DELETE', `/upload-folder/${empty.body.data.id}`)).status).toBe(200);
    expect((await h.call(admin, 'GET', `/upload-folder/${empty.body.data.id}`)).status).toBe(404);
  });

  it('should keep the group view in step when a photo is deleted, and filter it by upload dates', async () => {
    const before = await h.call(admin, 'GET', `/upload/select/group?upload_folder_id=${folderAll}`);
    const store = before.body.data.find((g: { customer_id: number }) => g.customer_id === bdg.id);
    expect(store.photo_count).toBe(2);
    const del = await h.call(admin, 'DELETE', `/upload/${store.uploads[0].id}`);
    expect(del.status).toBe(200);
    expect((await h.call(admin, 'DELETE', `/upload/${store.uploads[0].id}`)).status).toBe(404);
    const after = await h.call(admin, 'GET', `/upload/select/group?upload_folder_id=${folderAll}`);
    const now = after.body.data.find((g: { customer_id: number }) => g.customer_id === bdg.id);
    expect(now.photo_count).toBe(1);
    expect(now.uploads.map((u: { id: number }) => u.id)).toEqual([store.uploads[1].id]);
    expect(now.last_uploaded_at).toBe(store.uploads[1].uploaded_at);
    // Deleting its last photo takes the store out of the view.
    await h.call(admin, 'DELETE', `/upload/${store.uploads[1].id}`);
    const gone = await h.call(admin, 'GET', `/upload/select/group?upload_folder_id=${folderAll}`);
    expect(gone.body.data.some((g: { customer_id: number }) => g.customer_id === bdg.id)).toBe(false);
    expect(gone.body.meta.total_data).toBe(2);
    // By dates: the photos of today (all of them) and of a day long ago (none).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
    const dated = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&start_date=${today}&end_date=${today}`,
    );
    expect(dated.body.data.map((g: { customer_id: number }) => g.customer_id)).toEqual(
      gone.body.data.map((g: { customer_id: number }) => g.customer_id),
    );
    const old = await h.call(
      admin,
      'GET',
      `/upload/select/group?upload_folder_id=${folderAll}&start_date=2001-01-01&end_date=2001-01-02`,
    );
    expect(old.body).toMatchObject({ data: [], meta: { total_data: 0 } });
  });
});
