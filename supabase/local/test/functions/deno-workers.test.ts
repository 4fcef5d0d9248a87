import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootError, DenoWorkers } from '../../src/functions/deno-workers.ts';

// Functions run under real Deno, one worker per function, as hosted: what a worker sees (its runtime, its
// environment, the path from its own name on), that it is kept warm, and what a function that cannot boot
// gives. The functions here are written to a temporary folder; the project's own run through the stack in
// one-click.conformance.test.ts.

const ECHO = `Deno.serve((request) => Response.json({
  deno: Deno.version.deno,
  pid: Deno.pid,
  url: request.url,
  env: Object.fromEntries(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL',
    'PROJECT_SECRET', 'TEST_SECRET'].map((name) => [name, Deno.env.get(name) ?? null])),
}));`;

describe('Edge Functions under Deno', () => {
  let dir: string;
  let workers: DenoWorkers;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'functions-'));
    mkdirSync(path.join(dir, 'echo'));
    writeFileSync(path.join(dir, 'echo', 'index.ts'), ECHO);
    mkdirSync(path.join(dir, 'broken'));
    writeFileSync(path.join(dir, 'broken', 'index.ts'), 'throw new Error("no config");\n');
    writeFileSync(path.join(dir, '.env'), 'PROJECT_SECRET=from-dotenv\nTEST_SECRET=overridden\n');
    workers = new DenoWorkers(
      dir,
      () => ({
        SUPABASE_URL: 'http://127.0.0.1:54321',
        SUPABASE_ANON_KEY: 'anon',
        SUPABASE_SERVICE_ROLE_KEY: 'srk',
      }),
      { TEST_SECRET: 'from-test' },
    );
  });
  afterAll(async () => {
    await workers?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('boots a function under Deno with the environment hosted gives it, and keeps it for the next request', async () => {
    const origin = await workers.origin('echo');
    const first = await (await fetch(`${origin}/echo/path?x=1`)).json();
    expect(first.deno).toMatch(/^2\.\d+\.\d+$/);
    expect(first.url).toBe(`${origin}/echo/path?x=1`);
    expect(first.env).toEqual({
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_ANON_KEY: 'anon',
      SUPABASE_SERVICE_ROLE_KEY: 'srk',
      SUPABASE_DB_URL: null,
      PROJECT_SECRET: 'from-dotenv',
      TEST_SECRET: 'from-test',
    });
    expect(await workers.origin('echo')).toBe(origin);
    const second = await (await fetch(`${origin}/echo`)).json();
    expect(second.pid).toBe(first.pid);
  }, 60_000);

  it('answers a function that cannot start with a boot error, its log attached', async () => {
    const booting = workers.origin('broken');
    await expect(booting).rejects.toBeInstanceOf(BootError);
    await expect(booting).rejects.toThrow(/no config/);
  }, 60_000);

  it('boots a worker again after it stopped', async () => {
    const origin = await workers.origin('echo');
    const { pid } = await (await fetch(`${origin}/echo`)).json();
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(async () => (await fetch(`${await workers.origin('echo')}/echo`)).json(), { timeout: 30_000 })
      .not.toMatchObject({ pid });
  }, 60_000);
});
