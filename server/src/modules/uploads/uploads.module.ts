// Upload folders and the stores' photos in them: the group view, the report per branch, uploading and
// deleting a photo.
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';
import { uploadFolderResource } from './uploads.resource';
import { registerUploadRoutes as register } from './uploads.routes';

export const uploadsResources: AnyResourceDef[] = [uploadFolderResource as unknown as AnyResourceDef];

export function registerUploadRoutes(api: FastifyInstance, db: Db): void {
  register(api, db);
}
