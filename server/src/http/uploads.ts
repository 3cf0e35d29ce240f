// Image uploads (CONTRACT.md section 6), shared by every area that takes a photo or an image:
// - reading a multipart request (a JSON text field `form_data` and at most one image file),
// - judging the file by its content (JPEG, PNG or WebP, at most 5 MiB; else 415 / 413),
// - storing it under a generated name in the upload store (a local folder or an S3-compatible bucket),
//   served read-only at /uploads/,
// - a preValidation hook that lets a JSON route also take multipart (its body schema validates form_data),
// - and the plain `POST .../photo` route answering {data: {url, path}}.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, realpath, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type Action,
  isIssuedUploadUrl,
  type PermissionArea,
  UPLOADS_URL_PREFIX,
} from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DbOrTx, rows } from '../db/client';
import { ApiError, badRequest, type Problem, problem } from './errors';

export { UPLOADS_URL_PREFIX };

import { assertCleanBody } from './input-guard';

/** The name `save` gives a file inside the upload folder: `<kind>/<uuid>.<ext>`. */
const STORED_NAME =
  /^[a-z0-9_-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;
/** Such a name at the end of a stored value, after `/uploads/`. */
const STORED_TAIL = new RegExp(`${UPLOADS_URL_PREFIX}(${STORED_NAME.source.slice(1, -1)})$`);

/** How long clients and caches keep an upload: its name is never reused, so for good (30 days). */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=2592000, immutable';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
export const IMAGE_FIELDS = ['photo', 'image'] as const;

export type UploadedImage = {
  buffer: Buffer;
  mime: string;
  ext: string;
  /** The multipart field it came in (`photo` or `image`). */
  field: string;
};

export const StoredUpload = z.object({
  /** Where clients fetch it (`/uploads/<folder>/<name>`, prefixed by PUBLIC_URL when set). */
  url: z.string(),
  /** Its path inside the upload folder. */
  path: z.string(),
});
export type StoredUpload = z.infer<typeof StoredUpload>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The image of a multipart request, set by `multipartJsonBody`. */
    uploadedImage?: UploadedImage;
  }
  interface FastifyInstance {
    uploads: UploadStore;
  }
}

/** An object a store holds: its path (`<kind>/<name>`) and when it was written. */
export type StoredObject = { rel: string; modifiedMs: number };

/**
 * Where uploaded files live: the local folder (LocalUploadStore) or an S3-compatible bucket
 * (S3UploadStore in upload-s3.ts). Records hold `/uploads/<kind>/<name>` whichever store holds the
 * bytes, so the two can be swapped (after `npm run uploads:to-s3`) without touching a row. Naming,
 * the url rules and the sweep live here once; a store only moves bytes.
 */
export abstract class UploadStore {
  abstract readonly kind: 'local' | 's3';

  constructor(
    /** PUBLIC_URL ('' for same-origin URLs). */
    readonly publicUrl = '',
  ) {}

  /** Writes a new object (names are fresh UUIDs, so it never replaces one). */
  protected abstract put(rel: string, buffer: Buffer, mime: string): Promise<void>;
  /** The bytes of an object, or null when there is none. */
  protected abstract get(rel: string): Promise<Buffer | null>;
  /** Whether an object exists. */
  protected abstract has(rel: string): Promise<boolean>;
  /** Deletes an object; a missing one is not an error. */
  protected abstract delete(rel: string): Promise<void>;
  /** Every object held, for the sweep and the copy to a bucket. */
  abstract list(): AsyncIterable<StoredObject>;
  /** Throws when the store cannot take a new upload now (GET /ready). */
  abstract ready(): Promise<void>;

  async save(image: UploadedImage, folder: string): Promise<StoredUpload> {
    const safeFolder = folder.toLowerCase().replace(/[^a-z0-9_-]+/g, '_') || 'misc';
    const rel = `${safeFolder}/${randomUUID()}.${image.ext}`;
    await this.put(rel, image.buffer, image.mime);
    return { url: `${this.publicUrl.replace(/\/$/, '')}${UPLOADS_URL_PREFIX}${rel}`, path: rel };
  }

  /**
   * The path inside the upload folder (`<kind>/<uuid>.<ext>`) of a url `save` answers: the relative
   * `/uploads/...`, or exactly this server's PUBLIC_URL before it. Null for anything else: another
   * site's address of the same file, a `..`, any other shape.
   */
  relPathOf(url: string): string | null {
    if (!isIssuedUploadUrl(url)) return null;
    const base = this.publicUrl.replace(/\/$/, '');
    let rest: string;
    if (url.startsWith(UPLOADS_URL_PREFIX)) rest = url;
    else if (base !== '' && url.startsWith(`${base}${UPLOADS_URL_PREFIX}`)) rest = url.slice(base.length);
    else return null;
    const rel = rest.slice(UPLOADS_URL_PREFIX.length);
    return isStoredName(rel) ? rel : null;
  }

  /** Whether a url names a file this server stored (an image field may only hold such a url). */
  async exists(url: string): Promise<boolean> {
    const rel = this.relPathOf(url);
    return rel !== null && (await this.has(rel));
  }

  /**
   * The bytes of a file this server stored, named by its url (a photo uploaded earlier and now put
   * into a record that needs its size, type or a thumbnail); null when the url names no such file.
   */
  async read(url: string): Promise<Buffer | null> {
    const rel = this.relPathOf(url);
    return rel ? this.get(rel) : null;
  }

  /** The bytes of a stored file by its path (`<kind>/<name>`), or null. */
  async readPath(rel: string): Promise<Buffer | null> {
    return isStoredName(rel) ? this.get(rel) : null;
  }

  /** Removes a file stored by `save` (used when the write it belonged to fails). */
  async remove(rel: string): Promise<void> {
    if (isStoredName(rel)) await this.delete(rel);
  }

  /**
   * Removes stored files older than `olderThanMs` that no record refers to: uploaded for a form that was
   * never saved, or replaced since. References are found in every text column named like an image
   * (`photo`, `image`, `thumbnail`, `*_photo`, `*_image`, `*_url`) of every table, so a new area whose
   * image column follows that naming is covered without registering it.
   */
  async sweep(db: DbOrTx, olderThanMs: number): Promise<{ removed: number; kept: number }> {
    const columns = await rows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('text', 'character varying')
            and (column_name in ('photo', 'image', 'thumbnail') or column_name like '%\\_photo'
                 or column_name like '%\\_image' or column_name like '%\\_url')`,
    );
    const referenced = new Set<string>();
    for (const c of columns) {
      const found = await rows<{ v: string }>(
        db,
        sql`select distinct ${sql.identifier(c.column_name)} as v from ${sql.identifier(c.table_name)}
            where ${sql.identifier(c.column_name)} like ${`%${UPLOADS_URL_PREFIX}%`}`,
      );
      // Whatever origin a stored value has (PUBLIC_URL may have changed since), its file is kept.
      for (const { v } of found) {
        const rel = STORED_TAIL.exec(v)?.[1];
        if (rel) referenced.add(rel);
      }
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let kept = 0;
    for await (const { rel, modifiedMs } of this.list()) {
      if (modifiedMs >= cutoff || referenced.has(rel)) {
        kept++;
        continue;
      }
      await this.delete(rel).catch(() => {});
      removed++;
    }
    return { removed, kept };
  }
}

/** Whether a path has the shape `save` gives (`<kind>/<uuid>.<ext>`), so it can name nothing else. */
export function isStoredName(rel: string): boolean {
  return STORED_NAME.test(rel);
}

/** The local folder, served read-only by @fastify/static at /uploads/. */
export class LocalUploadStore extends UploadStore {
  readonly kind = 'local' as const;

  constructor(
    readonly dir: string,
    publicUrl = '',
  ) {
    super(publicUrl);
  }

  protected async put(rel: string, buffer: Buffer): Promise<void> {
    const abs = path.join(this.dir, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, buffer, { flag: 'wx' });
  }

  protected async has(rel: string): Promise<boolean> {
    return (await this.fileOf(rel)) !== null;
  }

  protected async get(rel: string): Promise<Buffer | null> {
    const file = await this.fileOf(rel);
    return file ? readFile(file).catch(() => null) : null;
  }

  /** The real path of a stored file: resolved, symbolic links too, inside the folder, and a file; or null. */
  private async fileOf(rel: string): Promise<string | null> {
    const root = path.resolve(this.dir);
    const abs = path.resolve(root, rel);
    if (!abs.startsWith(root + path.sep)) return null;
    try {
      const [realRoot, real] = await Promise.all([realpath(root), realpath(abs)]);
      if (!real.startsWith(realRoot + path.sep)) return null;
      return (await stat(real)).isFile() ? real : null;
    } catch {
      return null;
    }
  }

  /** The folder exists and this process may write into it. */
  async ready(): Promise<void> {
    await access(this.dir, constants.W_OK);
  }

  protected async delete(rel: string): Promise<void> {
    const abs = path.resolve(this.dir, rel);
    if (!abs.startsWith(path.resolve(this.dir) + path.sep)) return;
    await unlink(abs).catch(() => {});
  }

  /** The files one folder deep (`<kind>/<name>`), the only place `save` writes. */
  async *list(): AsyncIterable<StoredObject> {
    const folders = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    for (const folder of folders.filter((f) => f.isDirectory())) {
      for (const file of await readdir(path.join(this.dir, folder.name), { withFileTypes: true })) {
        if (!file.isFile()) continue;
        const rel = `${folder.name}/${file.name}`;
        const { mtimeMs } = await stat(path.join(this.dir, rel));
        yield { rel, modifiedMs: mtimeMs };
      }
    }
  }
}

/**
 * 400 for each image field of a body holding a url this server did not store; '' and absent fields
 * pass, and so does the value the record already has (`before`, on an update).
 */
export async function assertStoredImages(
  req: FastifyRequest,
  body: Record<string, unknown>,
  fields: readonly string[],
  before?: Record<string, unknown>,
): Promise<void> {
  const errors: Problem[] = [];
  for (const field of fields) {
    const v = body[field];
    if (typeof v !== 'string' || v === '' || (before && before[field] === v)) continue;
    if (!(await req.server.uploads.exists(v))) {
      errors.push(problem('upload_missing', undefined, field));
    }
  }
  if (errors.length > 0) throw badRequest(errors);
}

/** Judges a file by its bytes, never its name or declared type: 415 unless JPEG, PNG or WebP. */
export async function sniffImage(buffer: Buffer, field: string): Promise<UploadedImage> {
  // Loaded on the first upload, not at every start (~0.14 s of CPU).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(buffer);
  const ext = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !ext) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', problem('image_type', { got: type?.mime ?? '' }, field));
  }
  return { buffer, mime: type.mime, ext, field };
}

/**
 * Errors while reading a multipart body: our own answers and the size limits (413) pass through; the
 * parser's complaints (a truncated body, a missing boundary, broken part headers) are the client's
 * fault: 400 with what the parser said, never a 500.
 */
function malformed(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' || e.code === 'FST_FILES_LIMIT') return err;
  const detail = (e.message ?? '').replace(/^Multipart:\s*/i, '').slice(0, 200);
  return badRequest(problem('multipart_malformed', { detail }));
}

/**
 * Reads a whole multipart request: its text fields and at most one image (in one of `fileFields`).
 * An empty file part (a form sent without choosing a file) counts as no file.
 */
export async function readMultipart(
  req: FastifyRequest,
  fileFields: readonly string[] = IMAGE_FIELDS,
): Promise<{ fields: Record<string, string>; image?: UploadedImage }> {
  const fields: Record<string, string> = {};
  let image: UploadedImage | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        // toBuffer throws 413 (FST_REQ_FILE_TOO_LARGE) past the size limit.
        const buffer = await part.toBuffer();
        if (!fileFields.includes(part.fieldname)) {
          throw badRequest(problem('unexpected_file', { fields: fileFields.join(' or ') }, part.fieldname));
        }
        if (buffer.length === 0) continue;
        image = await sniffImage(buffer, part.fieldname);
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    throw malformed(err);
  }
  return { fields, image };
}

/**
 * preValidation hook for a create/update route that takes JSON or multipart: from a multipart request
 * the `form_data` field becomes the body (validated by the route's schema as usual) and the image is
 * kept on `req.uploadedImage` until the handler stores it.
 */
export function multipartJsonBody(
  fileFields: readonly string[] = IMAGE_FIELDS,
): preValidationAsyncHookHandler {
  return async (req) => {
    if (!req.isMultipart()) return;
    const { fields, image } = await readMultipart(req, fileFields);
    const raw = fields.form_data;
    let body: unknown = {};
    if (raw !== undefined && raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        throw badRequest(problem('json_object', undefined, 'form_data'));
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest(problem('json_object', undefined, 'form_data'));
    }
    assertCleanBody(body);
    req.body = body;
    req.uploadedImage = image;
  };
}

/**
 * Registers `POST <url>`: multipart with the image in `photo` (or `image`), stored in `folder`;
 * answers 201 {data: {url, path}} for the client to put into a later create or update.
 */
export function registerPhotoUpload(
  api: FastifyInstance,
  url: string,
  opts: { folder: string; tag?: string } & (
    | { area: PermissionArea; action?: Action }
    /** The stores' app: a store's token, no staff permission. */
    | { audience: 'store'; tag: string }
  ),
): void {
  api.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      // An image file is not branch data (nor a store's record) until a record names it.
      config:
        'audience' in opts
          ? { audience: 'store' as const, scope: 'store' as const }
          : { area: opts.area, action: opts.action ?? 'create', scope: 'none' as const },
      schema: {
        tags: [opts.tag ?? ('area' in opts ? opts.area : 'store')],
        summary: 'Upload an image (multipart field `photo`): JPEG, PNG or WebP up to 5 MiB',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: StoredUpload }) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', problem('multipart_photo'));
      }
      const { image } = await readMultipart(req);
      if (!image) throw badRequest(problem('required', undefined, 'photo'));
      const stored = await req.server.uploads.save(image, opts.folder);
      return reply.code(201).send({ data: stored });
    },
  );
}

/** The API's `photo` is the table's photo_url (the create and update hooks of a resource with a photo). */
export function photoValues(input: Record<string, unknown>): Record<string, unknown> {
  const { photo, ...rest } = input;
  return photo === undefined ? rest : { ...rest, photo_url: photo };
}
