import { startBenchStack, type BenchStack } from './bench-stack.ts';
import { benchPostgres } from './postgres-target.ts';

/** Events and their comments embedded in each other 20 times over: the answer doubles with every pair. */
function nestedEmbedSelect(pairs: number): string {
  let select = '*';
  for (let pair = 0; pair < pairs; pair += 1) select = `*,comments(*,events(${select}))`;
  return select;
}
const ATTACK = `/rest/v1/events?select=${nestedEmbedSelect(20)}`;
const SIMPLE_READ = '/rest/v1/events?select=id&limit=1';
const PROBE_EVERY_MS = 100;

export interface AttackRow {
  database: 'pglite' | 'postgres';
  attacks: number;
  /** HTTP status → how many attack requests got it; 'failed' counts requests that got no answer. */
  answers: Record<string, number>;
  readsWorstMs: number;
  readsP50Ms: number;
  readsFailed: number;
  healthWorstMs: number;
  aliveAfter: boolean;
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; ok: boolean }> {
  const start = performance.now();
  try {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    return { ms: performance.now() - start, ok: response.ok };
  } catch {
    return { ms: performance.now() - start, ok: false };
  }
}

/** Probes `path` every PROBE_EVERY_MS (one at a time) until stopped; answers each request's time. */
async function probe(url: string, headers: Record<string, string>, stopped: () => boolean) {
  const results: { ms: number; ok: boolean }[] = [];
  while (!stopped()) {
    results.push(await timed(url, headers));
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return results;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function attackStack(
  database: AttackRow['database'],
  stack: BenchStack,
  durationMs: number,
  concurrency: number,
): Promise<AttackRow> {
  const headers = { apikey: stack.anonKey };
  const answers: Record<string, number> = {};
  let attacks = 0;
  const until = performance.now() + durationMs;
  const stopped = () => performance.now() >= until;
  const attacker = async () => {
    while (!stopped()) {
      attacks += 1;
      try {
        const response = await fetch(`${stack.url}${ATTACK}`, { headers });
        await response.arrayBuffer();
        answers[response.status] = (answers[response.status] ?? 0) + 1;
      } catch {
        answers.failed = (answers.failed ?? 0) + 1;
      }
    }
  };
  const [reads, health] = await Promise.all([
    probe(`${stack.url}${SIMPLE_READ}`, headers, stopped),
    probe(`${stack.url}/health`, {}, stopped),
    ...Array.from({ length: concurrency }, attacker),
  ]);
  const after = await timed(`${stack.url}${SIMPLE_READ}`, headers);
  const readTimes = reads.map((read) => read.ms);
  return {
    database,
    attacks,
    answers,
    readsWorstMs: Math.max(...readTimes),
    readsP50Ms: percentile(readTimes, 0.5),
    readsFailed: reads.filter((read) => !read.ok).length,
    healthWorstMs: Math.max(...health.map((answer) => answer.ms)),
    aliveAfter: after.ok,
  };
}

/**
 * The nested-embed attack sent over and over (by `concurrency` clients) for `durationMs` on each engine, with
 * the hosted role timeouts (anon 3s), while a simple read and /health are probed: how long the others wait.
 */
export async function runAttackBench(
  durationMs: number,
  concurrency: number,
  log: (line: string) => void,
): Promise<AttackRow[]> {
  const rows: AttackRow[] = [];
  log('attack: pglite (worker thread, temporary folder)');
  const pglite = await startBenchStack(undefined);
  try {
    rows.push(await attackStack('pglite', pglite, durationMs, concurrency));
  } finally {
    await pglite.close();
  }
  const postgres = await benchPostgres();
  if (!postgres) {
    log('attack: no PostgreSQL (set BENCH_DATABASE_URL, or run one on 127.0.0.1:5432): skipped');
    return rows;
  }
  try {
    log(`attack: postgres (a fresh database beside ${new URL(postgres.url).host})`);
    const stack = await startBenchStack(postgres.url);
    try {
      rows.push(await attackStack('postgres', stack, durationMs, concurrency));
    } finally {
      await stack.close();
    }
  } finally {
    await postgres.drop();
  }
  return rows;
}

export function formatAttackTable(rows: AttackRow[]): string {
  const header =
    '| database | attacks | answers | simple read p50 ms | worst ms | failed | /health worst ms | alive after |';
  const line =
    '| -------- | ------- | ------- | ------------------ | -------- | ------ | ---------------- | ----------- |';
  const body = rows.map((row) =>
    [
      row.database,
      row.attacks,
      Object.entries(row.answers)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', '),
      row.readsP50Ms.toFixed(1),
      row.readsWorstMs.toFixed(0),
      row.readsFailed,
      row.healthWorstMs.toFixed(0),
      row.aliveAfter ? 'yes' : 'NO',
    ].join(' | '),
  );
  return [header, line, ...body.map((cells) => `| ${cells} |`)].join('\n');
}
