import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startBenchStack, type BenchStack } from './bench-stack.ts';
import { measureInTurns, type MeasureLimits, type Measurement } from './measure.ts';
import { benchPostgres } from './postgres-target.ts';
import type { RecordedStatement } from './recording-database.ts';

/** Seeded (supabase/seed.sql). */
const MEMBER = { email: 'member@example.com', password: 'password123' };
const PUBLISHED_EVENT_ID = 'e0000000-0000-4000-8000-000000000001';
/**
 * The events page's query: published trips with their reaction and comment counts. Reactions are counted by
 * the event_reaction_counts view, as src/features/events/events.data.ts does: nobody may read who reacted
 * (decision 0058), so `reactions(count)` is refused.
 */
const EVENTS_WITH_COUNTS =
  'id, slug, title, start_date, end_date, event_reaction_counts(reaction_type, total), comments(count)';

export interface BenchRow {
  database: 'pglite' | 'postgres';
  operation: 'read' | 'write';
  path: 'api' | 'direct';
  result: Measurement;
  /** api p50 / direct p50, on the api rows. */
  overhead?: number;
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false } };

async function failOnError(request: PromiseLike<{ error: { message: string } | null }>): Promise<void> {
  const { error } = await request;
  if (error) throw new Error(error.message);
}

interface Operations {
  read: () => Promise<void>;
  write: () => Promise<void>;
}

async function apiOperations(stack: BenchStack): Promise<Operations> {
  const anon = createClient(stack.url, stack.anonKey, clientOptions);
  const member: SupabaseClient = createClient(stack.url, stack.anonKey, clientOptions);
  await failOnError(member.auth.signInWithPassword(MEMBER));
  return {
    read: () =>
      failOnError(
        anon.from('events').select(EVENTS_WITH_COUNTS).eq('status', 'published').order('start_date'),
      ),
    write: () =>
      failOnError(
        member.from('comments').insert({ event_id: PUBLISHED_EVENT_ID, content: 'A benchmark comment' }),
      ),
  };
}

/** The very statements the API ran for one read and one write, replayed on the same database. */
async function directOperations(stack: BenchStack, api: Operations): Promise<Operations> {
  const recordOne = async (op: () => Promise<void>): Promise<RecordedStatement[][]> => {
    await op(); // warm the catalog and caches first, so only the request's own transaction is recorded
    return stack.db.record(op);
  };
  const read = await recordOne(api.read);
  const write = await recordOne(api.write);
  return { read: () => stack.db.replay(read), write: () => stack.db.replay(write) };
}

async function benchDatabase(
  database: BenchRow['database'],
  databaseUrl: string | undefined,
  limits: MeasureLimits,
): Promise<BenchRow[]> {
  const stack = await startBenchStack(databaseUrl);
  try {
    const api = await apiOperations(stack);
    const direct = await directOperations(stack, api);
    const rows: BenchRow[] = [];
    for (const operation of ['read', 'write'] as const) {
      const { api: viaApi, direct: viaSql } = await measureInTurns(
        { api: api[operation], direct: direct[operation] },
        limits,
      );
      rows.push(
        { database, operation, path: 'api', result: viaApi, overhead: viaApi.p50Ms / viaSql.p50Ms },
        { database, operation, path: 'direct', result: viaSql },
      );
    }
    return rows;
  } finally {
    await stack.close();
  }
}

/** PGlite always; PostgreSQL when BENCH_DATABASE_URL is set or the local 5432 answers. */
export async function runBench(limits: MeasureLimits, log: (line: string) => void): Promise<BenchRow[]> {
  log('benchmark: pglite (in-process, in memory)');
  const rows = await benchDatabase('pglite', undefined, limits);
  const postgres = await benchPostgres();
  if (!postgres) {
    log('benchmark: no PostgreSQL (set BENCH_DATABASE_URL, or run one on 127.0.0.1:5432): skipped');
    return rows;
  }
  try {
    log(`benchmark: postgres (a fresh database beside ${new URL(postgres.url).host})`);
    rows.push(...(await benchDatabase('postgres', postgres.url, limits)));
  } finally {
    await postgres.drop();
  }
  return rows;
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header = [
    'database',
    'operation',
    'path',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'overhead api/direct',
  ];
  const lines = rows.map((row) => [
    row.database,
    row.operation,
    row.path,
    String(row.result.count),
    row.result.requestsPerSecond.toFixed(0),
    row.result.p50Ms.toFixed(2),
    row.result.p99Ms.toFixed(2),
    row.overhead === undefined ? '' : `${row.overhead.toFixed(2)}x`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
  );
  const render = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)].join('\n');
}
