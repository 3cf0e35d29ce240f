// Registers every area of the API. Areas don't import each other; shared pieces live in http/ and resources/.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { registerResource } from '../resources/routes';
import { registerAuthRoutes } from './auth/auth.routes';
import type { AuthService } from './auth/auth.service';
import { organisationResources } from './organisation/organisation.resource';
import { staffResources } from './staff/staff.resource';

export type ModuleDeps = { database: Database; auth: AuthService; config: Config };

export const resources = [...organisationResources, ...staffResources];

export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  registerAuthRoutes(api, deps.auth, deps.database.db);
  for (const def of resources) registerResource(api, deps.database.db, def);
}
