import path from 'node:path';
import { SUPABASE_DIR, type StackConfig } from './config.ts';
import type { StackContext } from './context.ts';
import type { Database } from './db/types.ts';
import { assertSafeBind } from './bind-guard.ts';
import { openDatabase } from './db/open.ts';
import { prepareDatabase } from './db/migrate.ts';
import { createMailer, type LocalMailer } from './mail/index.ts';
import { listenMailbox, type RunningMailbox } from './mail/server.ts';
import { createOutbox, startOutbox, type Outbox } from './mail/outbox.ts';
import { listen, type RunningStack } from './server.ts';
import { DenoWorkers } from './functions/deno-workers.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { createHttpWorker, startHttpWorker, type HttpWorker } from './net/http-worker.ts';

export interface BootedStack extends RunningStack {
  ctx: StackContext & { mailer: LocalMailer };
  /** Delivers the company's queued mail (private.outbound_mail); tests call deliverDue() to not wait. */
  outbox: Outbox;
  /** Sends what net.http_post queued (pg_net's worker); tests call sendQueued() to not wait. */
  net: HttpWorker;
}

export interface BootOptions {
  /** Wraps the prepared database before the API uses it (the benchmark records the SQL it runs). */
  wrapDatabase?: (db: Database) => Database;
  /** Opens the database instead of the configuration (tests: a copy of an already prepared one). */
  openDatabase?: () => Promise<Database>;
}

/** Opens the database, brings it up to date (bootstrap, migrations, first-run seed) and starts serving. */
export async function bootStack(
  config: StackConfig,
  { wrapDatabase, openDatabase: open }: BootOptions = {},
): Promise<BootedStack> {
  assertSafeBind(config);
  const db = open
    ? await open()
    : await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir === undefined ? undefined : path.join(config.dataDir, 'db'),
      });
  try {
    await prepareDatabase(db, { migrationsDir: config.migrationsDir, seedFile: config.seedFile });
    const api = wrapDatabase ? wrapDatabase(db) : db;
    const ctx: StackContext & { mailer: LocalMailer } = {
      config,
      db: api,
      mailer: createMailer(config),
      functions: new DenoWorkers(
        path.join(SUPABASE_DIR, 'functions'),
        () => ({
          SUPABASE_URL: config.apiUrl,
          SUPABASE_ANON_KEY: config.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
          ...(config.databaseUrl ? { SUPABASE_DB_URL: config.databaseUrl } : {}),
        }),
        config.functionSecrets,
      ),
      jobs: startScheduler(api, { tickMs: config.jobsTickMs }),
    };
    const running = await listen(ctx);
    let mail: RunningMailbox | undefined;
    let outbox: Outbox;
    let net: HttpWorker;
    try {
      // Captured mail gets its own origin (the CLI's Mailpit port): never readable from the API's origin.
      if (ctx.mailer.mailbox) {
        mail = await listenMailbox(ctx.mailer.mailbox, config.host, config.mailPort);
        config.mailPort = Number(new URL(mail.url).port);
        config.mailUrl = mail.url;
      }
      outbox = config.deliverOutbox
        ? await startOutbox(ctx.db, ctx.mailer)
        : createOutbox(ctx.db, ctx.mailer);
      net = config.sendHttpRequests ? await startHttpWorker(ctx.db) : createHttpWorker(ctx.db);
    } catch (error) {
      await mail?.close();
      await running.close();
      await ctx.functions.close();
      await ctx.jobs.stop();
      throw error;
    }
    return {
      ...running,
      ctx,
      outbox,
      net,
      close: async () => {
        await net.stop();
        await outbox.stop();
        await ctx.jobs.stop();
        await mail?.close();
        await running.close();
        await ctx.functions.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
