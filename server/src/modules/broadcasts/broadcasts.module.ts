// Broadcasts to the stores' inbox, their deliveries and the execute action.
// modules/index.ts registers this area: its resource definitions and its own routes.
import { CONTENT_PHOTO_PATHS } from '@lbo/contract/content';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerPhotoUpload } from '../../http/uploads';
import type { AnyResourceDef } from '../../resources/define';
import { broadcastResources } from './broadcasts.resource';
import { registerBroadcastRoutes as register } from './broadcasts.routes';

export const broadcastsResources: AnyResourceDef[] = [...broadcastResources] as AnyResourceDef[];

export function registerBroadcastRoutes(api: FastifyInstance, db: Db): void {
  register(api, db);
  registerPhotoUpload(api, CONTENT_PHOTO_PATHS.broadcast, { area: 'broadcast', folder: 'broadcast' });
}
