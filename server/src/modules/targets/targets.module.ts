// Customer targets with achievement, target category volume and upload folders (issue 12).
// modules/index.ts registers this area: its resource definitions and its own routes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { AnyResourceDef } from '../../resources/define';

export const targetsResources: AnyResourceDef[] = [];

export function registerTargetRoutes(_api: FastifyInstance, _db: Db): void {}
