// The job queue's screen: the jobs list (a resource definition) and the retry route.
import type { AnyResourceDef } from '../../resources/define';
import { jobResource } from './jobs.resource';
import { registerJobRoutes } from './jobs.routes';

export const jobsResources: AnyResourceDef[] = [jobResource] as AnyResourceDef[];

export { registerJobRoutes };
