// `npx tsx supabase/local/bench/realtime-fanout.ts [pglite|postgres]`: REST latency while one anonymous
// socket tries to join 1,000 channels on public.comments and a comment is written (every joined channel
// makes the change be judged). Prints how many joins were accepted and REST latency before and during.
// `--short` (CI's smoke run, decision 0066): REST sampled for 0.5 s idle and 1 s during instead of 2 s and 3 s.
// Exits 1 when a REST request failed (in either form).
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startTestStack } from '../test/start-test-stack.ts';
import { percentile } from './measure.ts';

const ATTEMPTED_CHANNELS = 1_000;
const database = process.argv.includes('postgres') ? 'postgres' : 'pglite';
const short = process.argv.includes('--short');
const stack = await startTestStack({ database });

let failures = 0;
let lastFailure = '';

async function restMs(): Promise<number> {
  const before = performance.now();
  try {
    const res = await fetch(`${stack.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: stack.anonKey },
    });
    await res.text();
  } catch (error) {
    failures++;
    lastFailure = String((error as { cause?: unknown }).cause ?? error);
  }
  return performance.now() - before;
}

async function sample(ms: number): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) samples.push(await restMs());
  return samples.sort((a, b) => a - b);
}

const describe = (samples: number[]): string =>
  `n=${samples.length} p50=${percentile(samples, 0.5).toFixed(1)}ms max=${(samples.at(-1) ?? NaN).toFixed(1)}ms`;

try {
  const ws = new WebSocket(
    `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`,
  );
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let ok = 0;
  let refused = 0;
  let changes = 0;
  let lastReason = '';
  ws.on('message', (data: Buffer) => {
    const [, , , event, payload] = JSON.parse(data.toString()) as [
      unknown,
      unknown,
      string,
      string,
      { status?: string; response?: { reason?: string } },
    ];
    if (event === 'phx_reply' && payload.status === 'ok') ok++;
    if (event === 'phx_reply' && payload.status === 'error') {
      refused++;
      lastReason = payload.response?.reason ?? '';
    }
    if (event === 'postgres_changes') changes++;
  });
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  const config = { postgres_changes: [{ event: '*', schema: 'public', table: 'comments' }] };
  for (let i = 0; i < ATTEMPTED_CHANNELS; i++) {
    if (ws.readyState !== WebSocket.OPEN) break;
    ws.send(JSON.stringify([String(i), String(i), `realtime:c${i}`, 'phx_join', { config }]));
  }
  const answered = performance.now() + 20_000;
  while (
    ok + refused < ATTEMPTED_CHANNELS &&
    performance.now() < answered &&
    ws.readyState === WebSocket.OPEN
  )
    await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(`${database}: joins accepted ${ok}, refused ${refused}${lastReason ? ` (${lastReason})` : ''}`);

  const idle = await sample(short ? 500 : 2_000);
  await stack.db.exec(`insert into public.comments (event_id, user_id, content)
    values ('e0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'fan-out')`);
  const during = await sample(short ? 1_000 : 3_000);
  console.log(`${database}: REST idle   ${describe(idle)}`);
  console.log(`${database}: REST during ${describe(during)}; change messages received: ${changes}`);
  if (failures > 0) console.log(`${database}: ${failures} REST requests failed (${lastFailure})`);
  ws.close();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
} finally {
  await stack.close();
}
process.exit(failures > 0 ? 1 : 0);
