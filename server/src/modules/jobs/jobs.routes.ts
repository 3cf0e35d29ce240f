// POST /web/jobs/{id}/retry: a failed (or cancelled) job runs again, from its first attempt's rules.
import { JOB_PATHS, JobRetried } from '@lbo/contract/jobs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { writeAudit } from '../../http/audit';
import { conflict, forbidden, notFound, problem } from '../../http/errors';
import { jobResource, pgbossJob, seesJobs } from './jobs.resource';

const IdParams = z.object({ id: z.uuid({ error: 'must be a job id (a UUID)' }) });

export function registerJobRoutes(api: FastifyInstance, db: Db): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const readJob = async (id: string) => {
    const [row] = await db
      .select(jobResource.columns as never)
      .from(pgbossJob)
      .where(eq(pgbossJob.id, id));
    return row as unknown as z.infer<typeof JobRetried>['data'] | undefined;
  };
  r.post(
    JOB_PATHS.retry,
    {
      config: { area: 'staff_user', action: 'update', scope: 'none' },
      schema: {
        tags: ['job'],
        summary: 'Run a failed or cancelled job again (administrators)',
        params: IdParams,
        response: { 200: JobRetried },
      },
    },
    async (req) => {
      if (!seesJobs(req)) throw forbidden();
      const job = await readJob(req.params.id);
      if (!job) throw notFound(problem('not_found', { thing: 'job', id: req.params.id }));
      if (job.state !== 'failed' && job.state !== 'cancelled') {
        throw conflict(problem('job_not_failed', { id: job.id, state: job.state }));
      }
      await req.server.jobs.retry(job.name, job.id);
      await writeAudit(db, req, {
        action: 'retry',
        entity: 'job',
        entityId: job.id,
        before: { state: job.state },
      });
      return { data: (await readJob(job.id))! };
    },
  );
}
