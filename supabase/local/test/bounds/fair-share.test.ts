import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { sleep } from './attacks.ts';

/** Decision 0057: requests one client may have open at once; past it, 503 with Retry-After: 1. */
const CAP = 16;
const NAP_SECONDS = 1;
const MEMBER = { email: 'member@example.com', password: 'password123' };
const options = { auth: { persistSession: false, autoRefreshToken: false } };

interface Seen {
  status: number;
  retryAfter: string | null;
}

describe.each(['pglite', 'postgres'] as const)(
  'each client’s fair share of the database on %s',
  (database) => {
    let stack: TestStack;
    let member: SupabaseClient;
    beforeAll(async () => {
      stack = await startTestStack({ database });
      // A slow call anyone may make: the burst's requests each hold the database for a second.
      await stack.db.exec(`
      create function public.fair_share_nap(seconds double precision) returns integer
        language sql as 'select 1 from pg_sleep(seconds)';
      grant execute on function public.fair_share_nap(double precision) to anon, authenticated;`);
      member = createClient(stack.url, stack.anonKey, options);
      const { error } = await member.auth.signInWithPassword(MEMBER);
      expect(error).toBeNull();
      // The stack reads the new function into its catalog now, so the burst's calls go straight to the database.
      const warm = await createClient(stack.url, stack.anonKey, options).rpc('fair_share_nap', {
        seconds: 0,
      });
      expect(warm.error).toBeNull();
    });
    afterAll(async () => {
      await stack?.close();
    });

    it('answers a client past its open requests 503 with Retry-After while another client reads promptly', async () => {
      const seen: Seen[] = [];
      const visitor = createClient(stack.url, stack.anonKey, {
        ...options,
        global: {
          fetch: async (input, init) => {
            const response = await fetch(input, init);
            seen.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
            return response;
          },
        },
      });
      const started = performance.now();
      // A query builder sends when awaited: `then` sends each now.
      const burst = Array.from({ length: CAP + 4 }, () =>
        visitor.rpc('fair_share_nap', { seconds: NAP_SECONDS }).then((answer) => answer),
      );
      await sleep(200);
      const readStarted = performance.now();
      const read = await member.from('events').select('id').limit(1);
      const readMs = performance.now() - readStarted;
      const answers = await Promise.all(burst);
      const burstMs = performance.now() - started;

      expect(read.error).toBeNull();
      expect(read.data).toHaveLength(1);
      // The member waited at most for the nap already running on PGlite, and for none on PostgreSQL …
      expect(readMs).toBeLessThan(database === 'pglite' ? 2.5 * NAP_SECONDS * 1000 : NAP_SECONDS * 1000);
      // … while the visitor's own requests took their turns one after another (PGlite) or five at a time.
      expect(burstMs).toBeGreaterThan(
        database === 'pglite' ? CAP * NAP_SECONDS * 1000 : 3 * NAP_SECONDS * 1000,
      );
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused).toHaveLength(4);
      for (const answer of refused)
        expect(answer.error).toMatchObject({
          message: 'Too many requests at once. Please wait a moment and try again.',
        });
      expect(seen.filter((s) => s.status === 503).map((s) => s.retryAfter)).toEqual(['1', '1', '1', '1']);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(CAP);
    });

    it('serves the visitor again once its requests are answered', async () => {
      const anon = createClient(stack.url, stack.anonKey, options);
      const { error, status } = await anon.rpc('fair_share_nap', { seconds: 0 });
      expect(error).toBeNull();
      expect(status).toBe(200);
    });
  },
);
