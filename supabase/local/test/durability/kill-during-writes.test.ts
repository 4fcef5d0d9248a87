import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../src/config.ts';
import { prepareDatabase } from '../../src/db/migrate.ts';
import { openDatabase } from '../../src/db/open.ts';
import { MAX_OPEN_REQUESTS_PER_CLIENT } from '../../src/gateway/fair-share.ts';
import { PREPARE_OPTIONS } from '../db/test-databases.ts';
import { createFreshPostgres } from '../fresh-postgres.ts';
import { setPostsPerMinute, TEST_POSTS_PER_MINUTE } from '../start-test-stack.ts';
import { freePort, startStackProcess, type StackProcess } from './stack-process.ts';

/** Seeded (supabase/seed.sql): a member and a published event they may comment on. */
const MEMBER = { email: 'member@example.com', password: 'password123' };
const PUBLISHED_EVENT_ID = 'e0000000-0000-4000-8000-000000000001';

const WRITES = 150;
/** The kill comes once this many writes are acknowledged, so it lands in the middle of the burst. */
const KILL_AFTER_ACKNOWLEDGED = 40;

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

async function signedInMember(url: string): Promise<SupabaseClient> {
  const client = createClient(url, LOCAL_ANON_KEY, clientOptions);
  const { error } = await client.auth.signInWithPassword(MEMBER);
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

/**
 * Fires every insert at once and SIGKILLs the stack as soon as enough of them are acknowledged. Answers the
 * contents the API acknowledged with 201 before it died.
 */
async function writeUntilKilled(stack: StackProcess, client: SupabaseClient, run: string): Promise<string[]> {
  const acknowledged: string[] = [];
  let killing: Promise<void> | undefined;
  let next = 0;
  // As many writes in flight as one client may keep open (decision 0057), each sender taking the next.
  const sender = async () => {
    while (next < WRITES) {
      const content = `durability ${run} #${next++}`;
      try {
        const { status, error } = await client
          .from('comments')
          .insert({ event_id: PUBLISHED_EVENT_ID, content });
        if (status === 201 && !error) acknowledged.push(content);
      } catch {
        // The connection died with the process: not acknowledged.
      }
      if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) killing ??= stack.kill('SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: MAX_OPEN_REQUESTS_PER_CLIENT }, sender));
  await (killing ?? stack.kill('SIGKILL'));
  return acknowledged;
}

/**
 * The burst posts 150 comments as one member, far past the per-minute posting limit: like every test stack,
 * this one raises it. The setting lives in the database, so the data the stack process will open is
 * migrated and seeded here first and the limit raised in it (the process then finds it up to date).
 */
async function raisePostingLimit({
  dataDir,
  databaseUrl,
}: {
  dataDir: string;
  databaseUrl?: string | undefined;
}) {
  const db = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
  try {
    await prepareDatabase(db, PREPARE_OPTIONS);
    await setPostsPerMinute(db, TEST_POSTS_PER_MINUTE);
  } finally {
    await db.close();
  }
}

describe.each(['pglite', 'postgres'] as const)('durability: SIGKILL during writes (%s)', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps every acknowledged comment after a restart on the same data', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'supabase-local-durability-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const fresh = database === 'postgres' ? await createFreshPostgres('durability') : undefined;
    if (fresh) cleanups.push(() => fresh.drop());
    const options = { dataDir, databaseUrl: fresh?.url };
    await raisePostingLimit(options);

    const first = await startStackProcess({ port: await freePort(), ...options });
    cleanups.push(() => first.kill('SIGKILL'));
    const run = randomUUID();
    const acknowledged = await writeUntilKilled(first, await signedInMember(first.url), run);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    // The kill really landed mid-burst: some writes never got their answer.
    expect(acknowledged.length).toBeLessThan(WRITES);

    const second = await startStackProcess({ port: await freePort(), ...options });
    cleanups.push(() => second.kill('SIGKILL'));
    const service = createClient(second.url, LOCAL_SERVICE_ROLE_KEY, clientOptions);
    const { data, error } = await service
      .from('comments')
      .select('content')
      .like('content', `durability ${run} #%`);
    expect(error).toBeNull();
    const stored = new Set((data ?? []).map((row: { content: string }) => row.content));
    expect(acknowledged.filter((content) => !stored.has(content))).toEqual([]);
    expect(stored.size).toBeLessThanOrEqual(WRITES);
  });
});
