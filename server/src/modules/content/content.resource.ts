// News, popups and promo videos, declared once (contract/src/content.ts). Photos come from
// `POST .../photo` (content.module.ts) and are checked to be files this server stored.
import { newsContract, popupContract, promoVideoContract } from '@lbo/contract/content';
import { gte, ilike, lte } from 'drizzle-orm';
import { news, popups, promo_videos } from '../../db/schema/content';
import { badRequest, problem } from '../../http/errors';
import { defineResource } from '../../resources/define';

type Period = { start_date: string; end_date: string };

/** Renames API fields to their columns (`photo` -> `photo_url`) and checks the merged period. */
function valuesOf(input: Record<string, unknown>, rename: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[rename[k] ?? k] = v;
  return out;
}
function checkMergedPeriod(before: Record<string, unknown>, input: Record<string, unknown>): void {
  const merged = { ...before, ...input } as Period;
  if (merged.end_date < merged.start_date)
    throw badRequest(problem('end_before_start', undefined, 'end_date'));
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export const newsResource = defineResource({
  contract: newsContract,
  table: news,
  images: ['photo'],
  columns: {
    id: news.id,
    title: news.title,
    content: news.content,
    photo: news.photo_url,
    priority: news.priority,
    active: news.active,
    start_date: news.start_date,
    end_date: news.end_date,
    created_at: news.created_at,
    updated_at: news.updated_at,
  },
  sort: {
    priority: news.priority,
    id: news.id,
    title: news.title,
    start_date: news.start_date,
    end_date: news.end_date,
    created_at: news.created_at,
  },
  search: [news.title, news.content],
  filters: {
    start_date: (v: string) => gte(news.end_date, v),
    end_date: (v: string) => lte(news.start_date, v),
    active: news.active,
    title: (v: string) => ilike(news.title, `%${escapeLike(v)}%`),
  },
  hooks: {
    beforeCreate: (input) => valuesOf(input, { photo: 'photo_url' }),
    beforeUpdate: (_id, input, before) => {
      checkMergedPeriod(before, input);
      return valuesOf(input, { photo: 'photo_url' });
    },
  },
});

export const popupResource = defineResource({
  contract: popupContract,
  table: popups,
  images: ['photo'],
  columns: {
    id: popups.id,
    title: popups.title,
    photo: popups.photo_url,
    link: popups.link,
    active: popups.active,
    start_date: popups.start_date,
    end_date: popups.end_date,
    created_at: popups.created_at,
    updated_at: popups.updated_at,
  },
  sort: {
    id: popups.id,
    title: popups.title,
    start_date: popups.start_date,
    end_date: popups.end_date,
    created_at: popups.created_at,
  },
  search: [popups.title, popups.link],
  filters: {
    start_date: (v: string) => gte(popups.end_date, v),
    end_date: (v: string) => lte(popups.start_date, v),
    active: popups.active,
  },
  hooks: {
    beforeCreate: (input) => valuesOf(input, { photo: 'photo_url' }),
    beforeUpdate: (_id, input, before) => {
      checkMergedPeriod(before, input);
      return valuesOf(input, { photo: 'photo_url' });
    },
  },
});

export const promoVideoResource = defineResource({
  contract: promoVideoContract,
  table: promo_videos,
  images: ['thumbnail'],
  columns: {
    id: promo_videos.id,
    title: promo_videos.title,
    url: promo_videos.url,
    description: promo_videos.description,
    thumbnail: promo_videos.thumbnail_url,
    active: promo_videos.active,
    start_date: promo_videos.start_date,
    end_date: promo_videos.end_date,
    created_at: promo_videos.created_at,
    updated_at: promo_videos.updated_at,
  },
  sort: {
    title: promo_videos.title,
    id: promo_videos.id,
    start_date: promo_videos.start_date,
    end_date: promo_videos.end_date,
    created_at: promo_videos.created_at,
  },
  search: [promo_videos.title, promo_videos.description],
  filters: {
    start_date: (v: string) => gte(promo_videos.end_date, v),
    end_date: (v: string) => lte(promo_videos.start_date, v),
    active: promo_videos.active,
  },
  hooks: {
    beforeCreate: (input) => valuesOf(input, { thumbnail: 'thumbnail_url' }),
    beforeUpdate: (_id, input, before) => {
      checkMergedPeriod(before, input);
      return valuesOf(input, { thumbnail: 'thumbnail_url' });
    },
  },
});

export const contentItemResources = [newsResource, popupResource, promoVideoResource];
