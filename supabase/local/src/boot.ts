import path from 'node:path';
import type { StackConfig } from './config.ts';
import type { StackContext } from './context.ts';
import type { Database } from './db/types.ts';
import { openDatabase } from './db/open.ts';
import { prepareDatabase } from './db/migrate.ts';
import { createMailer } from './mail/index.ts';
import { listen, type RunningStack } from './server.ts';

export interface BootedStack extends RunningStack {
  ctx: StackContext;
}

export interface BootOptions {
  /** Wraps the prepared database before the API uses it (the benchmark records the SQL it runs). */
  wrapDatabase?: (db: Database) => Database;
}

/** Opens the database, brings it up to date (bootstrap, migrations, first-run seed) and starts serving. */
export async function bootStack(
  config: StackConfig,
  { wrapDatabase }: BootOptions = {},
): Promise<BootedStack> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir === undefined ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await prepareDatabase(db, { migrationsDir: config.migrationsDir, seedFile: config.seedFile });
    const ctx: StackContext = {
      config,
      db: wrapDatabase ? wrapDatabase(db) : db,
      mailer: createMailer(config),
    };
    const running = await listen(ctx);
    return {
      ...running,
      ctx,
      close: async () => {
        await running.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
