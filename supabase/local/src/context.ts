import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackConfig } from './config.ts';
import type { Database } from './db/types.ts';
import type { DenoWorkers } from './functions/deno-workers.ts';
import type { Scheduler } from './jobs/scheduler.ts';
import type { MailMessage } from '../../functions/_shared/mail-message.ts';

export type { MailMessage };

/** Sends through SMTP_URL when set, otherwise into the local mailbox (see src/mail). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** What every route handler gets besides the request. */
export interface StackContext {
  config: StackConfig;
  db: Database;
  mailer: Mailer;
  /** supabase/functions/*, each under Deno, booted by its first request. */
  functions: DenoWorkers;
  /** Runs the jobs migrations declared with cron.schedule (pg_cron's part, locally). */
  jobs: Scheduler;
}

export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
) => Promise<void>;
