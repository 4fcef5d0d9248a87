import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { readJson, sendJson } from '../http.ts';
import { JwtError, resolveCaller } from '../jwt.ts';

/**
 * POST /local/v1/jobs/run, the stack's own (hosted has no such thing: pg_cron runs jobs there): runs every
 * job due now, or at the body's `at` (an ISO time: a test or an operator moves the clock), once, and
 * answers what ran; with `job` (a job's name) only that one, so moving one job's clock leaves the others'. Only the service-role key may ask. `npm run jobs -- --now` calls it.
 */
export async function handleJobsRun(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { message: 'Use POST' }, { allow: 'POST' });
  try {
    const caller = await resolveCaller(req, ctx.config);
    if (caller.role !== 'service_role')
      return sendJson(res, 403, { message: 'The service role key is required' });
  } catch (error) {
    if (error instanceof JwtError) return sendJson(res, 401, { message: 'Invalid JWT' });
    throw error;
  }
  const body = (await readJson(req, { limit: ctx.config.maxBodyBytes }).catch(() => null)) as {
    at?: unknown;
    job?: unknown;
  } | null;
  const at = typeof body?.at === 'string' ? new Date(body.at) : new Date();
  if (Number.isNaN(at.getTime())) return sendJson(res, 400, { message: '`at` must be an ISO date and time' });
  const job = typeof body?.job === 'string' ? body.job : undefined;
  return sendJson(res, 200, { at: at.toISOString(), runs: await ctx.jobs.runDue(at, job) });
}
