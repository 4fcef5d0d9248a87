import { loadConfig, readConfigToml, type StackConfig } from '../src/config.ts';
import { bootStack } from '../src/boot.ts';
import type { Database, Queryable } from '../src/db/types.ts';
import type { Mailbox } from '../src/mail/mailbox.ts';
import type { JobRun } from '../src/jobs/scheduler.ts';
import { createFreshPostgres } from './fresh-postgres.ts';
import { openTemplateCopy } from './db/pglite-template.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestStack {
  url: string;
  /** The mailbox's own origin (Mailpit's API at /api/v1); undefined when mail goes through SMTP_URL. */
  mailUrl: string | undefined;
  anonKey: string;
  serviceRoleKey: string;
  db: Database;
  config: StackConfig;
  /** The stack's own mailbox (undefined when mail goes through SMTP_URL): tests read mail here. */
  mailbox: Mailbox | undefined;
  /** Delivers the company's queued mail now (the stack also does it by itself within seconds). */
  deliverMail(): Promise<number>;
  /** Sends the HTTP requests SQL queued with net.http_post now and waits for their answers. */
  sendHttpRequests(): Promise<number>;
  /** Runs the jobs due at `at` (now by default) once: tests move the clock, never wait for it. */
  runJobs(at?: Date): Promise<JobRun[]>;
  close(): Promise<void>;
}

export interface TestStackOptions {
  database?: TestDatabaseKind;
  /**
   * config.toml entries laid over the repository's supabase/config.toml, in its own shape, e.g.
   * `{ auth: { rate_limit: { sign_in_sign_ups: 3 } } }`: tests change settings the way a project does.
   */
  toml?: TomlTable;
  /** Adjust settings that have no config.toml key (ports, SMTP_URL) before boot. */
  configure?: (config: StackConfig) => void;
  /** Wraps the database the API uses (e.g. to count the transactions it runs). */
  wrapDatabase?: (db: Database) => Database;
  /**
   * Comments and replies one member may post in a minute (private.posting_limits). Test stacks raise it to
   * TEST_POSTS_PER_MINUTE; a suite that tests the limit passes the project's COMMENTS_PER_MINUTE.
   */
  postsPerMinute?: number;
  /**
   * Enquiries (contact, interest, waitlist) one client may send in an hour (private.enquiry_limits). Test
   * stacks raise it to TEST_ENQUIRIES_PER_HOUR; a suite that tests the limit passes a small number.
   */
  enquiriesPerHour?: number;
}

type TomlTable = { [key: string]: unknown };

/**
 * Test suites sign in and sign up far more than one person would, all from 127.0.0.1: their stacks raise
 * the per-client limits through config.toml entries. Suites that test a limit set it lower again.
 */
const TEST_LIMITS: TomlTable = {
  auth: {
    rate_limit: {
      sign_in_sign_ups: 100_000,
      token_refresh: 100_000,
      token_verifications: 100_000,
      email_sent: 100_000,
    },
  },
};

/**
 * The same for posting: suites post dozens of comments as one seeded member (Realtime, fuzz, durability).
 * The limit is a database setting, not a config.toml key, so the stack's database is told after boot.
 */
export const TEST_POSTS_PER_MINUTE = 100_000;

/** The same for enquiries: every suite sends its forms from 127.0.0.1. */
export const TEST_ENQUIRIES_PER_HOUR = 100_000;

/** Sets how many enquiries one client may send in an hour (an operator's UPDATE). */
export async function setEnquiriesPerHour(db: Queryable, perHour: number): Promise<void> {
  await db.query('update private.enquiry_limits set per_hour = $1', [perHour]);
}

/** Sets how many comments and replies one member may post in a minute (an operator's UPDATE). */
export async function setPostsPerMinute(db: Queryable, postsPerMinute: number): Promise<void> {
  await db.query('update private.posting_limits set posts_per_minute = $1', [postsPerMinute]);
}

/**
 * Where the database says the API answers (private.company_settings.api_url, decision 0047): a test stack
 * runs on a port of its own, so its mail's one-click and image links must name that port (an operator's
 * UPDATE, as hosted).
 */
export async function setApiUrl(db: Queryable, apiUrl: string): Promise<void> {
  await db.query('update private.company_settings set api_url = $1', [apiUrl]);
}

/** `over` laid onto `base`, tables merged key by key. */
export function mergeToml(base: TomlTable, over: TomlTable): TomlTable {
  const merged: TomlTable = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isTable(current) && isTable(value) ? mergeToml(current, value) : (value as unknown);
  }
  return merged;
}

function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A whole stack on a free port over a fresh, migrated and seeded database: in-memory PGlite, or a new
 * database on the local PostgreSQL. Mail goes to the in-memory mailbox unless configure() sets smtpUrl.
 */
export async function startTestStack({
  database = 'pglite',
  toml = {},
  configure,
  wrapDatabase,
  postsPerMinute = TEST_POSTS_PER_MINUTE,
  enquiriesPerHour = TEST_ENQUIRIES_PER_HOUR,
}: TestStackOptions = {}): Promise<TestStack> {
  const fresh = database === 'postgres' ? await createFreshPostgres() : undefined;
  const config = loadConfig(
    {
      SUPABASE_LOCAL_DATA_DIR: 'memory',
      SUPABASE_LOCAL_PORT: '0',
      SUPABASE_LOCAL_MAIL_PORT: '0',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    },
    mergeToml(mergeToml(readConfigToml(), TEST_LIMITS), toml),
  );
  // Jobs run when a test asks (runJobs, with the clock it chooses), never by the wall clock.
  config.jobsTickMs = 0;
  // Likewise pg_net's requests leave when a test asks (sendHttpRequests), so it sees them queued first.
  config.sendHttpRequests = false;
  configure?.(config);
  // PGlite starts from this run's migrated and seeded template when there is one; prepareDatabase then
  // finds nothing to do.
  const copy = fresh ? undefined : await openTemplateCopy();
  try {
    const stack = await bootStack(config, {
      ...(wrapDatabase ? { wrapDatabase } : {}),
      ...(copy ? { openDatabase: async () => copy.db } : {}),
    });
    await (async () => {
      await setPostsPerMinute(stack.ctx.db, postsPerMinute);
      await setEnquiriesPerHour(stack.ctx.db, enquiriesPerHour);
      await setApiUrl(stack.ctx.db, stack.url);
    })().catch(async (error: unknown) => {
      await stack.close();
      throw error;
    });
    return {
      url: stack.url,
      mailUrl: config.mailUrl,
      anonKey: config.anonKey,
      serviceRoleKey: config.serviceRoleKey,
      db: stack.ctx.db,
      config,
      mailbox: stack.ctx.mailer.mailbox,
      deliverMail: () => stack.outbox.deliverDue(),
      runJobs: (at) => stack.ctx.jobs.runDue(at),
      sendHttpRequests: () => stack.net.sendQueued(),
      close: async () => {
        await stack.close();
        await fresh?.drop();
      },
    };
  } catch (error) {
    await fresh?.drop();
    throw error;
  }
}
