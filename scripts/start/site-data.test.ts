import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../supabase/local/test/start-test-stack.ts';
import { pollSiteData, siteDataFingerprint, waitForSiteData } from './site-data.mjs';

// `npm start` waits for these reads before it builds, and polls them to rebuild when a departure or the
// store's catalogue changes (decision 0068). Against the real local stack: what the anon key sees of
// `public.events` and the store's products, and nothing else.

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
    const before = await siteDataFingerprint(api);
    expect(await siteDataFingerprint(api)).toEqual(before);

    const draft = await insertEvent('draft');
    // A draft is not on the site (row-level security hides it from the anon key): no rebuild.
    expect(await siteDataFingerprint(api)).toEqual(before);

    await stack.db.query(`update public.events set status = 'published' where id = $1`, [draft]);
    const published = await siteDataFingerprint(api);
    expect(published).not.toEqual(before);

    await stack.db.query(`update public.events set location = 'Manly, NSW' where id = $1`, [draft]);
    const edited = await siteDataFingerprint(api);
    expect(edited).not.toEqual(published);

    await stack.db.query(`delete from public.events where id = $1`, [draft]);
    expect(await siteDataFingerprint(api)).not.toEqual(edited);
  });

  it("changes with the store's catalogue, but not when a size's stock does", async () => {
    const before = await siteDataFingerprint(api);
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.products (slug, name, description, price_cents, visible)
       values ('rebuild-mug', 'Rebuild mug', 'A mug.', 1800, false) returning id`,
    );
    const mug = rows[0]!.id;
    // A hidden product is not in /store: no rebuild.
    expect(await siteDataFingerprint(api)).toEqual(before);

    await stack.db.query(`update public.products set visible = true where id = $1`, [mug]);
    const shown = await siteDataFingerprint(api);
    expect(shown).not.toEqual(before);

    await stack.db.query(`insert into public.product_variants (product_id, stock) values ($1, 5)`, [mug]);
    const sized = await siteDataFingerprint(api);
    expect(sized).not.toEqual(shown);

    // A sale (or a delivery) changes the stock, which /store reads live.
    await stack.db.query(`update public.product_variants set stock = 4 where product_id = $1`, [mug]);
    expect(await siteDataFingerprint(api)).toEqual(sized);

    await stack.db.query(`update public.store_settings set member_discount_percent = 12`);
    expect(await siteDataFingerprint(api)).not.toEqual(sized);
    await stack.db.query(`delete from public.products where id = $1`, [mug]);
  });

  it('is refused without the API key, as the hosted gateway refuses it', async () => {
    await expect(siteDataFingerprint({ url: stack.url, anonKey: '' })).rejects.toThrow(/401/);
  });
});

describe('waiting for the API', () => {
  it('answers with the first fingerprint once the stack serves its database', async () => {
    expect(await waitForSiteData(api, { timeoutMs: 5_000 })).toEqual(await siteDataFingerprint(api));
  });

  it('gives up after its timeout when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const started = Date.now();
    await expect(
      waitForSiteData(
        { url: `http://127.0.0.1:${port}`, anonKey: api.anonKey },
        { timeoutMs: 300, intervalMs: 50 },
      ),
    ).rejects.toThrow(/did not answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('polling the site data', () => {
  it('reports a departure change once, a catalogue change, and the day moving on in Sydney', async () => {
    const reasons: string[] = [];
    let today = '2026-11-28';
    const stop = pollSiteData({
      api,
      fingerprint: await siteDataFingerprint(api),
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

      await stack.db.query(`update public.products set price_cents = price_cents + 100 where visible`);
      await until(() => reasons.length > 1);
      expect(reasons).toEqual(['a departure changed', "the store's catalogue changed"]);

      today = '2026-11-29';
      await until(() => reasons.length > 2);
      expect(reasons).toEqual([
        'a departure changed',
        "the store's catalogue changed",
        "Sydney's date is now 2026-11-29",
      ]);
    } finally {
      stop();
    }
  });
});
