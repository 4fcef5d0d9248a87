import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackConfig } from './config.ts';
import type { Database } from './db/types.ts';
import type { DenoWorkers } from './functions/deno-workers.ts';
import type { Scheduler } from './jobs/scheduler.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (the visitor who wrote to the company), when not the sender. */
  replyTo?: string;
  /** Marketing mail's RFC 8058 one-click target: sent as List-Unsubscribe + List-Unsubscribe-Post. */
  listUnsubscribe?: string;
}

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
