// Uploads: the group view of a folder (its stores, each with its photos newest first), the upload
// report per branch, and POST /upload/ (a photo for a store, multipart; staff upload on a store's
// behalf, the companion app will use the same call). A thumbnail (WebP, at most 320 px, made with
// sharp) is stored beside every photo, so a group view of hundreds of stores loads small images.
import { DeletedBody } from '@lbo/contract/common';
import {
  UPLOAD_PATHS,
  UploadCreateFields,
  UploadGroupAnswer,
  UploadGroupQuery,
  UploadPhoto,
  UploadReportQuery,
  UploadReportRow,
} from '@lbo/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ApiError, badRequest, problem, zodProblem } from '../../http/errors';
import { readMultipart } from '../../http/uploads';
import { deletePhoto, storePhoto, uploadGroup, uploadReport } from './uploads.service';

const tags = ['upload'];

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
    async (req) => uploadGroup(db, req, req.query),
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
    async (req) => ({ data: await uploadReport(db, req, req.query) }),
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
            return missing
              ? problem('required', undefined, field)
              : zodProblem(field, i.code, i.message, i as never);
          });
      if (!image) problems.push(problem('required', undefined, 'photo'));
      if (!parsed.success || !image) throw badRequest(problems);
      const created = await storePhoto(db, req, parsed.data, image);
      return reply.code(201).send({ data: created });
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
      await deletePhoto(db, req, id);
      return { data: { id } };
    },
  );
}
