// Promos with their lines, news, popups, promo videos and broadcasts.
// modules/index.ts registers this area: its resource definitions and its own routes.
import { CONTENT_PHOTO_PATHS } from '@lbo/contract/content';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerPhotoUpload } from '../../http/uploads';
import type { AnyResourceDef } from '../../resources/define';
import { broadcastResources } from './broadcasts.resource';
import { registerBroadcastRoutes } from './broadcasts.routes';
import { contentItemResources } from './content.resource';
import { promoResources } from './promos.resource';
import { registerPromoRoutes } from './promos.routes';

export const contentResources: AnyResourceDef[] = [
  ...promoResources,
  ...contentItemResources,
  ...broadcastResources,
] as AnyResourceDef[];

export function registerContentRoutes(api: FastifyInstance, db: Db): void {
  registerPromoRoutes(api, db);
  registerBroadcastRoutes(api, db);
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.news, { area: 'content', folder: 'news' });
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.popup, { area: 'content', folder: 'popup' });
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.promo_video, { area: 'content', folder: 'promo_video' });
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.broadcast, { area: 'broadcast', folder: 'broadcast' });
}
