// The bulk jobs (issue 40 §5; bulk-jobs.ts): a bulk move or assignment of more than 500 orders
// answers 202 with its job; these routes read it, list the store's recent ones, and cancel one.
// Any member: owners and admins (`orders:all`) every job of the store, a CS the jobs they started.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../../../dashboard/contract.js';
import { dashboardRoute } from '../../../dashboard/route.js';
import { dashboardFailure } from '../../../lib/http/failures.js';
import type { Session } from '../../../sessions/require-session.js';
import { cancelJob, listJobs, readJob, type JobViewer } from './bulk-jobs.js';
import { JobBody, JobIdParams, JobsBody } from './job-schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Orders'];
const SCOPE =
  'Any member: owners and admins every job of the store, a CS the jobs they started; any other job, of this store or another, is 404 `job_not_found` (an id not written as a positive integer: 404 `not_found`).';
const READ = [...SESSION_CODES, ...COMMON_CODES, 'job_not_found', 'not_found'] as const;

const viewerOf = (session: Session): JobViewer => ({ userId: session.userId, all: session.permissions.includes('orders:all') });

export function bulkJobDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const zone = ctx.config.timeZone;

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/jobs',
    access: 'member',
    contract: {
      operationId: 'listJobs',
      summary: 'The bulk jobs of the store started in the last 7 days, newest first',
      description: 'Owners and admins see every job of the store, a CS the jobs they started. At most 100, each as `GET /dashboard/api/jobs/{id}` answers it.',
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The jobs.', JobsBody), ...dashboardErrors([...SESSION_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ session }) => ({ status: 200, body: { jobs: await listJobs(ctx.db, ctx.clock, session.tenantId, viewerOf(session), zone) } }),
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/jobs/:id',
    access: 'member',
    contract: {
      operationId: 'getJob',
      summary: 'One bulk job: its state, progress and the first 100 refused orders',
      description:
        `${SCOPE} A bulk move or assignment of more than 500 orders runs as a job, one order after another, each in its own transaction with the job's progress: \`done\` counts the orders worked, \`changed\`, \`unchanged\` and \`refused\` as the synchronous action answers them. Times in the server's TZ.`,
      tags: TAGS,
      security: SESSION,
      params: JobIdParams,
      response: { 200: jsonResponse('The job.', JobBody), ...dashboardErrors(READ) },
    },
    handler: async ({ session, params }) => {
      const job = await readJob(ctx.db, session.tenantId, params.id, viewerOf(session), zone);
      return job.ok ? { status: 200, body: { job: job.value } } : dashboardFailure(job.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/jobs/:id/cancel',
    access: 'member',
    contract: {
      operationId: 'cancelJob',
      summary: 'Cancel a bulk job: it stops after the order in progress',
      description:
        `${SCOPE} A queued or running job ends as \`cancelled\` once the order in progress is committed; the orders worked stay as they are, and the answer holds the final counts. A cancelled job answers again as it is; one that ended otherwise (\`done\`, \`failed\`): 409 \`job_finished\`.`,
      tags: TAGS,
      security: SESSION,
      params: JobIdParams,
      response: { 200: jsonResponse('The job, cancelled.', JobBody), ...dashboardErrors([...READ, ...WRITE_CODES, 'job_finished']) },
    },
    handler: async ({ session, params }) => {
      const job = await cancelJob(ctx, session.tenantId, params.id, viewerOf(session), zone);
      return job.ok ? { status: 200, body: { job: job.value } } : dashboardFailure(job.code);
    },
  });
}
