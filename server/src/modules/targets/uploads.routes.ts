// Uploads: the group view of a folder (its stores, each with its photos newest first), the upload
// report per branch, and POST /upload/ (a photo for a store, multipart; staff upload on a store's
// behalf, the companion app will use the same call). A thumbnail (WebP, at most 320 px, made with
// sharp) is stored beside every photo, so a group view of hundreds of stores loads small images.
import { DeletedBody } from '@lbo/contract/common';
import {
  GROUP_PHOTOS_PER_STORE,
  UPLOAD_PATHS,
  UploadCreateFields,
  UploadGroupAnswer,
  UploadGroupQuery,
  UploadPhoto,
  UploadReportQuery,
  UploadReportRow,
} from '@lbo/contract/uploads';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { type Db, type DbOrTx, rows, type Tx } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { ApiError, badRequest, conflict, forbidden, notFound, phrase, problem } from '../../http/errors';
import { likePattern, pageMeta } from '../../http/list-query';
import { branchCondition, seesBranch } from '../../http/scope';
import { readMultipart, type StoredUpload, sniffImage, type UploadedImage } from '../../http/uploads';

const tags = ['upload'];
const THUMB_PX = 320;

const and = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};

/** A small WebP of the photo (EXIF orientation applied); 400 when the bytes are not a readable image. */
export async function makeThumbnail(image: UploadedImage): Promise<UploadedImage> {
  try {
    const buffer = await sharp(image.buffer, { failOn: 'error' })
      .rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
    return { buffer, mime: 'image/webp', ext: 'webp', field: image.field };
  } catch {
    throw badRequest(problem('image_unreadable', undefined, image.field));
  }
}

/**
 * Writes one photo of a store into a folder (the folder checked and locked by the caller) with its
 * audit row: the staff upload and the stores' app both write through here, so the group view and the
 * upload report (upload_folder_stores, kept by triggers) count both alike.
 */
async function insertUpload(
  tx: Tx,
  req: FastifyRequest,
  u: {
    folderId: number;
    store: { id: number; branch_id: number };
    full: StoredUpload;
    small: StoredUpload;
    image: UploadedImage;
    note: string;
  },
): Promise<UploadPhoto> {
  const [row] = await rows<UploadPhoto>(
    tx,
    sql`insert into uploads (upload_folder_id, customer_id, branch_id, file_url, thumbnail_url, file_name, mime, size, note)
        values (${u.folderId}, ${u.store.id}, ${u.store.branch_id}, ${u.full.url}, ${u.small.url},
                ${u.full.path.split('/').pop() ?? ''}, ${u.image.mime}, ${u.image.buffer.length}, ${u.note})
        returning id, upload_folder_id, customer_id, file_url, thumbnail_url, file_name, mime, size, uploaded_at, note`,
  );
  await writeAudit(tx, req, { action: 'create', entity: 'upload', entityId: row.id, after: row });
  return { ...row, uploaded_at: new Date(row.uploaded_at).toISOString() };
}

/** A folder open to a store now: active, within its dates, for its branch (or all) and for it (or any store). */
const openToStore = (store: { customer_code: string; branch_id: number }) =>
  sql`f.active and (f.branch_id is null or f.branch_id = ${store.branch_id})
      and (f.customer_code is null or f.customer_code = ${store.customer_code})
      and (f.start_date is null or f.start_date <= (now() at time zone 'Asia/Jakarta')::date)
      and (f.end_date is null or f.end_date >= (now() at time zone 'Asia/Jakarta')::date)`;

type UploadStoreRef = { id: number; customer_code: string; branch_id: number };

/** The folders open to a store now, newest first, with how many photos the store put in each. */
export function foldersOpenToStore(db: DbOrTx, store: UploadStoreRef) {
  return rows<{
    id: number;
    name: string;
    description: string;
    start_date: string | null;
    end_date: string | null;
    photo_count: number;
  }>(
    db,
    sql`select f.id, f.name, f.description, f.start_date::text as start_date, f.end_date::text as end_date,
               coalesce(s.photo_count, 0)::int as photo_count
        from upload_folders f
        left join upload_folder_stores s on s.upload_folder_id = f.id and s.customer_id = ${store.id}
        where ${openToStore(store)}
        order by f.created_at desc, f.id desc`,
  );
}

/**
 * The stores' app: a photo the store uploaded earlier (its url) into a folder open to it. A url that
 * names no image of this server is a 400 (`photo`); a folder not open to the store (another branch's
 * or store's, inactive, outside its dates, unknown) is a 404, as if it did not exist.
 */
export async function addStorePhoto(
  db: Db,
  req: FastifyRequest,
  store: UploadStoreRef,
  input: { upload_folder_id: number; photo: string; note?: string },
): Promise<UploadPhoto> {
  const bytes = await req.server.uploads.read(input.photo);
  if (!bytes) throw badRequest(problem('upload_missing', undefined, 'photo'));
  const image = await sniffImage(bytes, 'photo');
  const full = req.server.uploads.relPathOf(input.photo)!;
  const small = await req.server.uploads.save(await makeThumbnail(image), 'store_photo_thumbs');
  try {
    return await db.transaction(async (tx) => {
      const [folder] = await rows<{ id: number }>(
        tx,
        sql`select f.id from upload_folders f where f.id = ${input.upload_folder_id} and ${openToStore(store)} for share`,
      );
      if (!folder) {
        throw notFound(
          problem('not_found', { thing: 'upload folder', id: input.upload_folder_id }, 'upload_folder_id'),
        );
      }
      return insertUpload(tx, req, {
        folderId: folder.id,
        store,
        full: { url: input.photo, path: full },
        small,
        image,
        note: input.note ?? '',
      });
    });
  } catch (err) {
    await req.server.uploads.remove(small.path);
    throw err;
  }
}

const photoColumns = sql`u.id, u.upload_folder_id, u.customer_id, u.file_url, u.thumbnail_url, u.file_name, u.mime,
  u.size, u.uploaded_at, u.note`;

export function registerUploadRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    UPLOAD_PATHS.group,
    {
      config: { area: 'upload', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          "A folder's stores with their photos (newest first, at most 24 each; photo_count has them all), the stores ordered by their latest photo, paged",
        querystring: UploadGroupQuery,
        response: { 200: UploadGroupAnswer },
      },
    },
    async (req) => {
      const q = req.query;
      const [folder] = await rows<{ id: number; branch_id: number | null }>(
        db,
        sql`select id, branch_id from upload_folders where id = ${q.upload_folder_id}`,
      );
      if (!folder) throw notFound(problem('not_found', { thing: 'upload folder', id: q.upload_folder_id }));
      if (!seesBranch(req, folder.branch_id, { nullVisible: true })) {
        throw forbidden(problem('folder_outside_scope'));
      }
      const dated = q.start_date !== undefined || q.end_date !== undefined;
      // The store's branch: upload_folder_stores keeps the branch of its latest photo; with dates the
      // stores are aggregated from the photos of those days.
      const storeFilter = (branch: SQL) =>
        and([
          branchCondition(req, branch),
          q.branch_id !== undefined ? sql`${branch} = ${q.branch_id}` : undefined,
          q.region_id !== undefined
            ? sql`${branch} in (select id from branches where region_id = ${q.region_id})`
            : undefined,
          q.region_group_id !== undefined
            ? sql`${branch} in (select b2.id from branches b2 join regions r2 on r2.id = b2.region_id where r2.region_group_id = ${q.region_group_id})`
            : undefined,
          q.customer_type_id !== undefined
            ? sql`exists (select 1 from customers c2 where c2.id = g.customer_id and c2.customer_type_id = ${q.customer_type_id})`
            : undefined,
          q.search
            ? sql`exists (select 1 from customers c2 where c2.id = g.customer_id and (c2.customer_code ilike ${likePattern(q.search)} or c2.customer_name ilike ${likePattern(q.search)}))`
            : undefined,
        ]);
      const dates = and([
        q.start_date
          ? sql`u.uploaded_at >= (${q.start_date}::date)::timestamp at time zone 'Asia/Jakarta'`
          : undefined,
        q.end_date
          ? sql`u.uploaded_at < (${q.end_date}::date + 1)::timestamp at time zone 'Asia/Jakarta'`
          : undefined,
      ]);
      const groups = dated
        ? sql`(select u.customer_id, max(u.branch_id) as branch_id, count(*)::int as photo_count, max(u.uploaded_at) as last_uploaded_at
              from uploads u where u.upload_folder_id = ${folder.id} and ${dates} group by u.customer_id)`
        : sql`(select customer_id, branch_id, photo_count, last_uploaded_at from upload_folder_stores
              where upload_folder_id = ${folder.id})`;
      const where = storeFilter(sql`g.branch_id`);
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${groups} g where ${where}`,
      );
      const page = await rows<{
        customer_id: number;
        customer_code: string;
        customer_name: string;
        branch_id: number;
        branch_name: string;
        photo_count: number;
        last_uploaded_at: string;
        uploads: z.infer<typeof UploadPhoto>[];
      }>(
        db,
        sql`select s.customer_id, c.customer_code, c.customer_name, s.branch_id, b.name as branch_name,
                   s.photo_count, s.last_uploaded_at, coalesce(p.uploads, '[]'::json) as uploads
            from (
              select g.customer_id, g.branch_id, g.photo_count, g.last_uploaded_at
              from ${groups} g
              where ${where}
              order by g.last_uploaded_at desc, g.customer_id desc
              limit ${q.limit} offset ${(q.page - 1) * q.limit}
            ) s
            join customers c on c.id = s.customer_id
            join branches b on b.id = s.branch_id
            left join lateral (
              select json_agg(x order by x.uploaded_at desc, x.id desc) as uploads
              from (select ${photoColumns} from uploads u
                    where u.upload_folder_id = ${folder.id} and u.customer_id = s.customer_id and ${dates}
                    order by u.uploaded_at desc, u.id desc limit ${GROUP_PHOTOS_PER_STORE}) x
            ) p on true
            order by s.last_uploaded_at desc, s.customer_id desc`,
      );
      const iso = (v: unknown) => new Date(v as string).toISOString();
      const data = page.map((s) => ({
        ...s,
        last_uploaded_at: iso(s.last_uploaded_at),
        uploads: s.uploads.map((u) => ({ ...u, uploaded_at: iso(u.uploaded_at) })),
      }));
      return { data, meta: pageMeta(q.page, q.limit, n) };
    },
  );

  r.get(
    UPLOAD_PATHS.report,
    {
      config: { area: 'upload', action: 'view', scope: 'branch' },
      schema: {
        tags,
        summary:
          'Per branch (of the regions asked for, within your branches): how many stores uploaded and how many photos between the dates (Asia/Jakarta days); branches without uploads count 0',
        querystring: UploadReportQuery,
        response: { 200: z.object({ data: z.array(UploadReportRow) }) },
      },
    },
    async (req) => {
      const q = req.query;
      const uploadFilter = and([
        q.start_date
          ? sql`u.uploaded_at >= (${q.start_date}::date)::timestamp at time zone 'Asia/Jakarta'`
          : undefined,
        q.end_date
          ? sql`u.uploaded_at < (${q.end_date}::date + 1)::timestamp at time zone 'Asia/Jakarta'`
          : undefined,
        q.upload_folder_id !== undefined ? sql`u.upload_folder_id = ${q.upload_folder_id}` : undefined,
      ]);
      const branchFilter = and([
        branchCondition(req, sql`b.id`),
        q.region_ids
          ? sql`b.region_id = any(array(select json_array_elements_text(${JSON.stringify(q.region_ids)}::json)::int))`
          : undefined,
      ]);
      const found = await rows<{
        id: number;
        code: string;
        name: string;
        region_id: number;
        region_name: string;
        store_count: number;
        photo_count: number;
      }>(
        db,
        sql`select b.id, b.code, b.name, b.region_id, r.name as region_name,
                   coalesce(a.store_count, 0)::int as store_count, coalesce(a.photo_count, 0)::int as photo_count
            from branches b
            join regions r on r.id = b.region_id
            left join (
              select u.branch_id, count(distinct u.customer_id) as store_count, count(*) as photo_count
              from uploads u where ${uploadFilter} group by u.branch_id
            ) a on a.branch_id = b.id
            where ${branchFilter}
            order by coalesce(a.photo_count, 0) desc, b.name, b.id`,
      );
      return {
        data: found.map((f) => ({
          branch: {
            id: f.id,
            code: f.code,
            name: f.name,
            region_id: f.region_id,
            region_name: f.region_name,
          },
          store_count: f.store_count,
          photo_count: f.photo_count,
        })),
      };
    },
  );

  r.post(
    UPLOAD_PATHS.create,
    {
      config: { area: 'upload', action: 'create', scope: 'branch' },
      schema: {
        tags,
        summary:
          "Upload a store's photo into a folder: multipart/form-data with the text fields `folder` (the folder's id), `customer_code`, optional `note`, and the file `photo` (JPEG, PNG or WebP, at most 5 MiB). A thumbnail is made at once; both urls are answered.",
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: UploadPhoto.extend({ customer_code: z.string() }) }) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', problem('multipart_store_photo'));
      }
      const { fields, image } = await readMultipart(req, ['photo']);
      const parsed = UploadCreateFields.safeParse(fields);
      const problems = parsed.success
        ? []
        : parsed.error.issues.map((i) => {
            const missing = fields[String(i.path[0])] === undefined;
            const field = i.path.join('.');
            return missing ? problem('required', undefined, field) : phrase(i.message, field);
          });
      if (!image) problems.push(problem('required', undefined, 'photo'));
      if (!parsed.success || !image) throw badRequest(problems);
      const input = parsed.data;

      const thumb = await makeThumbnail(image);
      const stored: StoredUpload[] = [];
      try {
        stored.push(await req.server.uploads.save(image, 'store_photos'));
        stored.push(await req.server.uploads.save(thumb, 'store_photo_thumbs'));
        const [full, small] = stored;
        const created = await db.transaction(async (tx) => {
          // The folder is locked for share: a deactivation or delete waits for this photo.
          const [folder] = await rows<{
            id: number;
            name: string;
            branch_id: number | null;
            customer_code: string | null;
            active: boolean;
          }>(
            tx,
            sql`select id, name, branch_id, customer_code, active from upload_folders where id = ${input.folder} for share`,
          );
          if (!folder)
            throw notFound(problem('not_found', { thing: 'upload folder', id: input.folder }, 'folder'));
          if (!seesBranch(req, folder.branch_id, { nullVisible: true })) {
            throw forbidden(problem('folder_outside_scope', { lower: 1 }, 'folder'));
          }
          if (!folder.active) throw conflict(problem('folder_inactive', { name: folder.name }, 'folder'));
          const [c] = await rows<{ id: number; customer_code: string; branch_id: number }>(
            tx,
            sql`select id, customer_code, branch_id from customers where customer_code = ${input.customer_code}`,
          );
          if (!c)
            throw badRequest(
              problem('not_found', { thing: 'customer', value: input.customer_code }, 'customer_code'),
            );
          if (!seesBranch(req, c.branch_id)) {
            throw forbidden(
              problem('outside_scope', { thing: 'customer', code: c.customer_code }, 'customer_code'),
            );
          }
          if (folder.branch_id !== null && folder.branch_id !== c.branch_id) {
            throw badRequest(problem('not_branch_store', { code: c.customer_code }, 'customer_code'));
          }
          if (folder.customer_code !== null && folder.customer_code !== c.customer_code) {
            throw badRequest(problem('folder_for_customer', { code: folder.customer_code }, 'customer_code'));
          }
          const row = await insertUpload(tx, req, {
            folderId: folder.id,
            store: c,
            full,
            small,
            image,
            note: input.note,
          });
          return { ...row, customer_code: c.customer_code };
        });
        return reply.code(201).send({ data: created });
      } catch (err) {
        for (const s of stored) await req.server.uploads.remove(s.path);
        throw err;
      }
    },
  );

  r.delete(
    '/upload/:id',
    {
      config: { area: 'upload', action: 'delete', scope: 'branch' },
      schema: {
        tags,
        summary: 'Delete one photo (its files are removed by the hourly sweep of unreferenced uploads)',
        params: z.object({ id: z.coerce.number().int().positive({ error: 'must be a positive id' }) }),
        response: { 200: DeletedBody },
      },
    },
    async (req) => {
      const id = req.params.id;
      await db.transaction(async (tx) => {
        const [row] = await rows<{ id: number; branch_id: number }>(
          tx,
          sql`select id, branch_id from uploads where id = ${id} for update`,
        );
        if (!row) throw notFound(problem('not_found', { thing: 'upload', id }));
        if (!seesBranch(req, row.branch_id)) throw forbidden(problem('photo_outside_scope'));
        await tx.execute(sql`delete from uploads where id = ${id}`);
        await writeAudit(tx, req, { action: 'delete', entity: 'upload', entityId: id, before: row });
      });
      return { data: { id } };
    },
  );
}
