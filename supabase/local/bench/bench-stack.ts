import { loadConfig } from '../src/config.ts';
import { bootStack } from '../src/boot.ts';
import { RecordingDatabase } from './recording-database.ts';
import {
  setEnquiriesPerHour,
  setPostsPerMinute,
  TEST_ENQUIRIES_PER_HOUR,
  TEST_POSTS_PER_MINUTE,
} from '../test/start-test-stack.ts';

export interface BenchStack {
  url: string;
  anonKey: string;
  db: RecordingDatabase;
  close(): Promise<void>;
}

/**
 * The stack in this process on a free port, over a fresh migrated and seeded database it can record. A
 * benchmark posts hundreds of comments as one member and may send forms from one address, so its own database
 * raises the posting and enquiry limits as the test stacks do (an operator's UPDATE).
 */
export async function startBenchStack(databaseUrl: string | undefined): Promise<BenchStack> {
  const config = loadConfig({
    SUPABASE_LOCAL_DATA_DIR: 'memory',
    SUPABASE_LOCAL_PORT: '0',
    SUPABASE_LOCAL_MAIL_PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  let recording: RecordingDatabase | undefined;
  const stack = await bootStack(config, { wrapDatabase: (db) => (recording = new RecordingDatabase(db)) });
  if (!recording) throw new Error('bootStack did not hand over the database');
  try {
    await setPostsPerMinute(stack.ctx.db, TEST_POSTS_PER_MINUTE);
    await setEnquiriesPerHour(stack.ctx.db, TEST_ENQUIRIES_PER_HOUR);
  } catch (error) {
    await stack.close();
    throw error;
  }
  return { url: stack.url, anonKey: config.anonKey, db: recording, close: stack.close };
}
