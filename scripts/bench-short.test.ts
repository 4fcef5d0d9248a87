// Every benchmark in its short form (small data, one run): it completes and prints its figures, so a change
// that stops a benchmark from running (a new limit, a renamed view) fails here rather than when someone next
// runs it by hand. Timings are not checked: the short form has no goals (decision 0066).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectEnv } from '../tests/helpers/run-command.mjs';

interface Run {
  exitCode: number | null;
  output: string;
}

/** Runs `tsx <script> --short <args>` and collects what it printed. */
function runShort(script: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('tsx', [script, '--short', ...args], {
      env: projectEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (exitCode) => resolve({ exitCode, output }));
  });
}

describe('benchmarks in their short form', () => {
  it('npm run bench prints the API/direct table for a read and a write', async () => {
    const run = await runShort('scripts/bench.ts');
    expect(run.output).toMatch(/\| database\s+\| operation\s+\| path\s+\| requests/);
    expect(run.output).toMatch(/\| pglite\s+\| write\s+\| api/);
    expect(run.exitCode, run.output).toBe(0);
  }, 90_000);

  it('npm run bench:attack prints the burst table with everyone answered', async () => {
    const run = await runShort('scripts/bench-attack.ts');
    expect(run.output).toMatch(/\| database\s+\| burst/);
    expect(run.exitCode, run.output).toBe(0);
  }, 90_000);

  it('npm run bench:updates reports the e-mails queued and delivered, one each', async () => {
    const run = await runShort('scripts/bench-updates.ts');
    expect(run.output).toMatch(/Last e-mail queued after \d+ ms; all delivered after \d+ ms/);
    expect(run.exitCode, run.output).toBe(0);
  }, 90_000);

  it('npm run bench:jobs sends one payment reminder to each member, and the sender drains its e-mails, once each', async () => {
    const run = await runShort('scripts/bench-jobs.ts');
    expect(run.output).toMatch(/payment reminders \(postgres\)/);
    // bookings | reminders sent | run ms | second run sent | … | members with exactly one
    expect(run.output).toMatch(/\| 50 \| 50 \| \d+ \| 0 \| \d+ \| \d+ \| 50 \|/);
    expect(run.output).toMatch(/the outbox drained by send-mail under Deno \(postgres\)/);
    // e-mails queued | drained in s | send-mail calls | e-mails/s | recipients with exactly one
    expect(run.output).toMatch(/\| 50 \| [\d.]+ \| \d+ \| \d+ \| 50 \|/);
    expect(run.exitCode, run.output).toBe(0);
  }, 90_000);

  it('npm run bench:bookings books every place once and tells the rest it is sold out, on both engines', async () => {
    // The booking flow's part needs the site built: it runs with the browser benchmarks (scripts/e2e.mjs).
    const run = await runShort('scripts/bench-bookings.ts', '--no-flow');
    expect(run.output).toMatch(/\| postgres \| 10 \| 6 \| 6 \| 4 \| 0 \|/);
    expect(run.output).toMatch(/\| pglite\s+\| 10 \| 6 \| 6 \| 4 \| 0 \|/);
    expect(run.exitCode, run.output).toBe(0);
  }, 120_000);

  it('the Realtime fan-out bench reports joins and REST latency while one socket joins 1,000 channels', async () => {
    const run = await runShort('supabase/local/bench/realtime-fanout.ts', 'pglite');
    expect(run.output).toMatch(/pglite: joins accepted \d+, refused \d+/);
    expect(run.output).toMatch(/pglite: REST during n=\d+ p50=[\d.]+ms/);
    expect(run.exitCode, run.output).toBe(0);
  }, 90_000);
});
