// News, popups and promo videos.
// modules/index.ts registers this area: its resource definitions and its own routes.
import { CONTENT_PHOTO_PATHS } from '@lbo/contract/content';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerPhotoUpload } from '../../http/uploads';
import type { AnyResourceDef } from '../../resources/define';
import { contentItemResources } from './content.resource';

export const contentResources: AnyResourceDef[] = [...contentItemResources] as AnyResourceDef[];

export function registerContentRoutes(api: FastifyInstance, _db: Db): void {
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.news, { area: 'content', folder: 'news' });
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.popup, { area: 'content', folder: 'popup' });
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.promo_video, { area: 'content', folder: 'promo_video' });
}
