import { loadConfig, type StackConfig } from '../src/config.ts';
import { bootStack } from '../src/boot.ts';
import type { Database } from '../src/db/types.ts';
import { createFreshPostgres } from './fresh-postgres.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

export interface TestStack {
  url: string;
  /** The mailbox's own origin (Mailpit's API at /api/v1); undefined when mail goes through SMTP_URL. */
  mailUrl: string | undefined;
  anonKey: string;
  serviceRoleKey: string;
  db: Database;
  config: StackConfig;
  close(): Promise<void>;
}

export interface TestStackOptions {
  database?: TestDatabaseKind;
  /** Adjust settings before boot, e.g. lower rate limits. */
  configure?: (config: StackConfig) => void;
  /** Wraps the database the API uses (e.g. to count the transactions it runs). */
  wrapDatabase?: (db: Database) => Database;
}

/**
 * A whole stack on a free port over a fresh, migrated and seeded database: in-memory PGlite, or a new
 * database on the local PostgreSQL. Mail goes to the in-memory mailbox unless configure() sets smtpUrl.
 */
export async function startTestStack({
  database = 'pglite',
  configure,
  wrapDatabase,
}: TestStackOptions = {}): Promise<TestStack> {
  const fresh = database === 'postgres' ? await createFreshPostgres() : undefined;
  const config = loadConfig({
    SUPABASE_LOCAL_DATA_DIR: 'memory',
    SUPABASE_LOCAL_PORT: '0',
    SUPABASE_LOCAL_MAIL_PORT: '0',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
  });
  configure?.(config);
  try {
    const stack = await bootStack(config, wrapDatabase ? { wrapDatabase } : {});
    return {
      url: stack.url,
      mailUrl: config.mailUrl,
      anonKey: config.anonKey,
      serviceRoleKey: config.serviceRoleKey,
      db: stack.ctx.db,
      config,
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
