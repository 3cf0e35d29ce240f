// Upload folders: a folder is a photo campaign (shelf displays, signage) into which stores
// upload photos; the group view shows the stores of a folder with their photos (thumbnails made on
// upload), the report counts stores and photos per branch.
import { z } from 'zod';
import { BusinessDate, Id, ListQuery, PageMeta, qBool, qDate, qInt, qString, ref, Timestamp } from './common';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';
import { qIdList } from './targets';

export const UploadFolder = z.object({
  id: Id,
  name: z.string(),
  /** Only this branch's stores upload here; null: every branch. */
  branch_id: Id.nullable(),
  branch_name: z.string().nullable(),
  /** A folder for one store; null: any store. */
  customer_code: z.string().nullable(),
  customer_name: z.string().nullable(),
  description: z.string(),
  start_date: BusinessDate.nullable(),
  end_date: BusinessDate.nullable(),
  active: z.boolean(),
  /** Photos in the folder. */
  upload_count: z.number().int(),
  /** Stores that uploaded into the folder. */
  store_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type UploadFolder = z.infer<typeof UploadFolder>;

const folderFields = {
  name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200),
  branch_id: ref('branch', Id).nullable().optional(),
  customer_code: ref('customer', z.string().trim().max(50), 'code')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  description: z.string().trim().max(2000).optional().default(''),
  start_date: BusinessDate.nullable().optional(),
  end_date: BusinessDate.nullable().optional(),
  active: z.boolean().optional().default(true),
};
export const UploadFolderCreate = withPeriod(z.object(folderFields));
export const UploadFolderUpdate = updateSchema(folderFields);

export const uploadFolderContract = defineContract({
  name: 'upload_folder',
  area: 'upload',
  idKey: 'id',
  paths: {
    list: '/upload-folder',
    select: '/upload-folder/select',
    get: '/upload-folder/:id',
    create: '/upload-folder/',
    update: '/upload-folder/:id',
    remove: '/upload-folder/:id',
  },
  record: UploadFolder,
  create: UploadFolderCreate,
  update: UploadFolderUpdate,
  filters: z.object({ branch_id: qInt(), active: qBool(), customer_code: qString() }),
  sortKeys: ['id', 'name', 'created_at', 'branch_name', 'upload_count', 'start_date'],
  defaultSort: { by: 'created_at', dir: 'desc' },
  searchFields: ['name', 'description', 'customer_code'],
});

/** One stored photo. */
export const UploadPhoto = z.object({
  id: Id,
  upload_folder_id: Id,
  customer_id: Id,
  /** The full-size image. */
  file_url: z.string(),
  /** A small WebP (at most 320 px) made on upload; '' for photos stored before thumbnails existed. */
  thumbnail_url: z.string(),
  file_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_at: Timestamp,
  note: z.string(),
});
export type UploadPhoto = z.infer<typeof UploadPhoto>;

/** Photos shown per store in the group view (the store's count says how many there are). */
export const GROUP_PHOTOS_PER_STORE = 24;

export const UploadGroupQuery = z.object({
  page: ListQuery.shape.page,
  limit: ListQuery.shape.limit,
  upload_folder_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'is required' })
      .int({ error: 'must be an id' })
      .positive({ error: 'must be an id' }),
  ),
  search: qString(),
  branch_id: qInt(),
  customer_type_id: qInt(),
  region_group_id: qInt(),
  region_id: qInt(),
  start_date: qDate(),
  end_date: qDate(),
  user_id: qInt(),
  admin_user_id: qInt(),
  user_id_for_branch: qInt(),
});
/** One store of a folder with its photos, newest first; stores are ordered by their latest photo. */
export const UploadGroup = z.object({
  customer_id: Id,
  customer_code: z.string(),
  customer_name: z.string(),
  branch_id: Id,
  branch_name: z.string(),
  photo_count: z.number().int(),
  last_uploaded_at: Timestamp,
  uploads: z.array(UploadPhoto),
});
export type UploadGroup = z.infer<typeof UploadGroup>;
export const UploadGroupAnswer = z.object({ data: z.array(UploadGroup), meta: PageMeta });

export const UploadReportQuery = withPeriod(
  z.object({
    start_date: qDate(),
    end_date: qDate(),
    region_ids: qIdList(),
    upload_folder_id: qInt(),
    user_id: qInt(),
    admin_user_id: qInt(),
    user_id_for_branch: qInt(),
  }),
);
/** Per branch (keyed by branch.id): how many stores uploaded and how many photos, in the dates. */
export const UploadReportRow = z.object({
  branch: z.object({
    id: Id,
    code: z.string(),
    name: z.string(),
    region_id: Id,
    region_name: z.string(),
  }),
  store_count: z.number().int(),
  photo_count: z.number().int(),
});
export type UploadReportRow = z.infer<typeof UploadReportRow>;

/** POST /upload/: multipart with the text fields `folder` (the folder's id) and `customer_code`, and the file `photo`. */
export const UploadCreateFields = z.object({
  folder: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'is required' })
      .int({ error: 'must be a folder id' })
      .positive({ error: 'must be a folder id' }),
  ),
  customer_code: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(50),
  note: z.string().trim().max(500).optional().default(''),
});

export const UPLOAD_PATHS = {
  group: '/upload/select/group',
  report: '/upload/report',
  create: '/upload/',
} as const;
