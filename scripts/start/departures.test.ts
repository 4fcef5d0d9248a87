import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../supabase/local/test/start-test-stack.ts';
import { departuresFingerprint, pollDepartures, waitForDepartures } from './departures.mjs';

// `npm start` waits for this read before it builds, and polls it to rebuild when a departure changes
// (decision 0068). Against the real local stack: what the anon key sees of `public.events`, and nothing else.

let stack: TestStack;
let api: { url: string; anonKey: string };
beforeAll(async () => {
  stack = await startTestStack();
  api = { url: stack.url, anonKey: stack.anonKey };
}, 120_000);
afterAll(() => stack?.close());

async function insertEvent(status: 'draft' | 'published'): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.events (title, status, start_date, end_date)
     values ('Rebuild test night', $1, current_date + 30, current_date + 31) returning id`,
    [status],
  );
  return rows[0]!.id;
}

const until = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the departures fingerprint', () => {
  it('stays the same while nothing changes, and changes when a public departure does', async () => {
    const before = await departuresFingerprint(api);
    expect(await departuresFingerprint(api)).toBe(before);

    const draft = await insertEvent('draft');
    // A draft is not on the site (row-level security hides it from the anon key): no rebuild.
    expect(await departuresFingerprint(api)).toBe(before);

    await stack.db.query(`update public.events set status = 'published' where id = $1`, [draft]);
    const published = await departuresFingerprint(api);
    expect(published).not.toBe(before);

    await stack.db.query(`update public.events set location = 'Manly, NSW' where id = $1`, [draft]);
    const edited = await departuresFingerprint(api);
    expect(edited).not.toBe(published);

    await stack.db.query(`delete from public.events where id = $1`, [draft]);
    expect(await departuresFingerprint(api)).not.toBe(edited);
  });

  it('is refused without the API key, as the hosted gateway refuses it', async () => {
    await expect(departuresFingerprint({ url: stack.url, anonKey: '' })).rejects.toThrow(/401/);
  });
});

describe('waiting for the API', () => {
  it('answers with the first fingerprint once the stack serves its database', async () => {
    expect(await waitForDepartures(api, { timeoutMs: 5_000 })).toBe(await departuresFingerprint(api));
  });

  it('gives up after its timeout when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const started = Date.now();
    await expect(
      waitForDepartures(
        { url: `http://127.0.0.1:${port}`, anonKey: api.anonKey },
        { timeoutMs: 300, intervalMs: 50 },
      ),
    ).rejects.toThrow(/did not answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('polling the departures', () => {
  it('reports a departure change once, and the day moving on in Sydney', async () => {
    const reasons: string[] = [];
    let today = '2026-11-28';
    const stop = pollDepartures({
      api,
      fingerprint: await departuresFingerprint(api),
      today: () => today,
      onChange: (reason) => reasons.push(reason),
      intervalMs: 30,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reasons).toEqual([]);

      await insertEvent('published');
      await until(() => reasons.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reasons).toEqual(['a departure changed']);

      today = '2026-11-29';
      await until(() => reasons.length > 1);
      expect(reasons).toEqual(['a departure changed', "Sydney's date is now 2026-11-29"]);
    } finally {
      stop();
    }
  });
});
