// Content for the stores' app (SPEC.md section 7, "Promotions and content"): news/info items, popups
// and promo videos. Photos are uploaded first (`POST .../photo`, multipart field `photo`) and the
// answered url is sent in the JSON body.
import { z } from 'zod';
import { BusinessDate, Id, imageRef, qBool, qDate, qString, Timestamp } from './common';
import { withPeriod } from './period';
import { defineContract, updateSchema } from './resource';

const title = () => z.string().trim().min(1, { error: 'is required' }).max(200);

/** Where the photo of each kind is uploaded (answers {url, path}). */
export const CONTENT_PHOTO_PATHS = {
  news: '/apps/news/photo',
  popup: '/apps/popup/photo',
  promo_video: '/apps/VideoPromote/photo',
  /** A broadcast's image (broadcast permission). */
  broadcast: '/broadcast/photo',
} as const;

const periodFilters = {
  /** With end_date: the items whose period overlaps the range (both ends included). */
  start_date: qDate(),
  end_date: qDate(),
  active: qBool(),
};

// ---------------------------------------------------------------------------------------------
// News: GET /apps/news/select, POST /apps/news/add, POST /apps/news/photo, GET/PUT/DELETE /apps/news/id/{id}

export const News = z.object({
  id: Id,
  title: z.string(),
  /** The text shown in the app. */
  content: z.string(),
  photo: z.string(),
  /** Lower first. */
  priority: z.number().int(),
  active: z.boolean(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type News = z.infer<typeof News>;

const priority = () =>
  z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000_000);

const newsFields = {
  title: title(),
  content: z.string().trim().max(10_000),
  photo: imageRef(),
  priority: priority(),
  active: z.boolean(),
  start_date: BusinessDate,
  end_date: BusinessDate,
};
export const NewsCreate = withPeriod(
  z.object({
    ...newsFields,
    content: newsFields.content.optional().default(''),
    photo: newsFields.photo.optional().default(''),
    priority: newsFields.priority.optional().default(0),
    active: newsFields.active.optional().default(true),
  }),
);
export const NewsUpdate = updateSchema(newsFields);

export const newsContract = defineContract({
  name: 'news',
  area: 'content',
  idKey: 'id',
  listKey: 'list_news',
  paths: {
    list: '/apps/news/select',
    get: '/apps/news/id/:id',
    create: '/apps/news/add',
    update: '/apps/news/id/:id',
    remove: '/apps/news/id/:id',
  },
  record: News,
  create: NewsCreate,
  update: NewsUpdate,
  filters: z.object({ ...periodFilters, title: qString() }),
  sortKeys: ['priority', 'id', 'title', 'start_date', 'end_date', 'created_at'],
  defaultSort: { by: 'def.priority', dir: 'asc' },
  searchFields: ['title', 'content'],
});

// ---------------------------------------------------------------------------------------------
// Popups: GET /web/popup/select, POST /apps/popup/add, POST /apps/popup/photo, GET/PUT/DELETE /apps/popup/id/{id}

/** A deep link inside the app (`/promo/3`) or a web address (http/https); '' for none. */
export const appLink = () =>
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^\/[A-Za-z0-9/_\-.?=&%]*$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
      error: 'must be an app path starting with / (e.g. /promo/3) or an http(s) address',
    });

export const Popup = z.object({
  id: Id,
  title: z.string(),
  photo: z.string(),
  link: z.string(),
  active: z.boolean(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Popup = z.infer<typeof Popup>;
const popupFields = {
  title: title(),
  photo: imageRef(),
  link: appLink(),
  active: z.boolean(),
  start_date: BusinessDate,
  end_date: BusinessDate,
};
export const PopupCreate = withPeriod(
  z.object({
    ...popupFields,
    photo: popupFields.photo.optional().default(''),
    link: popupFields.link.optional().default(''),
    active: popupFields.active.optional().default(true),
  }),
);
export const PopupUpdate = updateSchema(popupFields);

export const popupContract = defineContract({
  name: 'popup',
  area: 'content',
  idKey: 'id',
  listKey: 'list_popup',
  paths: {
    list: '/web/popup/select',
    get: '/apps/popup/id/:id',
    create: '/apps/popup/add',
    update: '/apps/popup/id/:id',
    remove: '/apps/popup/id/:id',
  },
  record: Popup,
  create: PopupCreate,
  update: PopupUpdate,
  filters: z.object(periodFilters),
  sortKeys: ['id', 'title', 'start_date', 'end_date', 'created_at'],
  defaultSort: { by: 'def.id', dir: 'desc' },
  searchFields: ['title', 'link'],
});

// ---------------------------------------------------------------------------------------------
// Promo videos: GET /apps/VideoPromote, POST /apps/VideoPromote/add, PUT and DELETE /apps/VideoPromote/id/{id}

/** A video address: http or https only (no javascript:, data:, file: ...). */
export const videoUrl = () =>
  z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(2000)
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
        } catch {
          return false;
        }
      },
      { error: 'must be an http:// or https:// address' },
    );

/** Whether a video address names a file a browser plays directly (`<video>`), not a video page. */
export const isDirectVideoUrl = (url: string) => /\.(mp4|webm|ogv|ogg|m4v|mov)(\?.*)?$/i.test(url);

export const PromoVideo = z.object({
  id: Id,
  title: z.string(),
  url: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  active: z.boolean(),
  start_date: BusinessDate,
  end_date: BusinessDate,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PromoVideo = z.infer<typeof PromoVideo>;
const videoFields = {
  title: title(),
  url: videoUrl(),
  description: z.string().trim().max(2000),
  thumbnail: imageRef(),
  active: z.boolean(),
  start_date: BusinessDate,
  end_date: BusinessDate,
};
export const PromoVideoCreate = withPeriod(
  z.object({
    ...videoFields,
    description: videoFields.description.optional().default(''),
    thumbnail: videoFields.thumbnail.optional().default(''),
    active: videoFields.active.optional().default(true),
  }),
);
export const PromoVideoUpdate = updateSchema(videoFields);

export const promoVideoContract = defineContract({
  name: 'promo_video',
  area: 'content',
  idKey: 'id',
  listKey: 'list_VideoPromote',
  paths: {
    list: '/apps/VideoPromote',
    get: '/apps/VideoPromote/id/:id',
    create: '/apps/VideoPromote/add',
    update: '/apps/VideoPromote/id/:id',
    remove: '/apps/VideoPromote/id/:id',
  },
  record: PromoVideo,
  create: PromoVideoCreate,
  update: PromoVideoUpdate,
  filters: z.object(periodFilters),
  sortKeys: ['title', 'id', 'start_date', 'end_date', 'created_at'],
  defaultSort: { by: 'def.title', dir: 'asc' },
  searchFields: ['title', 'description'],
});
