import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { rawRest } from './fixture.ts';

// The seed has a waitlist entry for this trip (the test asks with its address in capitals).
const EVENT = 'Vietnam Battlefield Tour';

describe.each(['pglite', 'postgres'] as const)('waitlist answers through the API on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const join = (email: string, headers: Record<string, string> = {}) =>
    rawRest(stack, 'rpc/join_waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ event_name: EVENT, full_name: 'Prober', email }),
    });

  it('ignores Prefer: tx=rollback as hosted PostgREST does: the write stays and is not echoed', async () => {
    const count = async () =>
      Number(
        (await stack.db.query<{ n: number }>('select count(*)::int as n from public.contact_messages'))
          .rows[0]?.n,
      );
    const before = await count();
    const answer = await rawRest(stack, 'contact_messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'tx=rollback, return=minimal' },
      body: JSON.stringify({ full_name: 'Kept', email: 'kept@example.org', message: 'Still here' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('preference-applied')).toBe('return=minimal');
    expect(await count()).toBe(before + 1);
  });

  it('limits "already on the waitlist" answers per address, whatever X-Forwarded-For or tx=rollback say', async () => {
    const [seeded] = (
      await stack.db.query<{ email: string }>(
        'select email from public.waitlist_submissions where event_name = $1 limit 1',
        [EVENT],
      )
    ).rows;
    expect(seeded).toBeDefined();
    const known = (seeded?.email ?? '').toUpperCase();
    const answers: unknown[] = [];
    for (let i = 0; i < 10; i += 1) {
      // A client cannot pose as many: the gateway replaces its X-Forwarded-For with the socket's address,
      // and a probe cannot roll itself back.
      const answer = await join(known, { 'x-forwarded-for': `198.51.100.${i}`, prefer: 'tx=rollback' });
      answers.push([answer.status, answer.body]);
    }
    expect(answers).toEqual(Array.from({ length: 10 }, () => [200, 'already']));
    const limited = await join(known, { 'x-forwarded-for': '192.0.2.99' });
    expect(limited).toMatchObject({
      status: 429,
      body: {
        code: 'PT429',
        message: 'Too many checks from this address',
        hint: 'Try again in an hour.',
      },
    });
    const { rows } = await stack.db.query<{ client: string; n: number }>(
      'select client, count(*)::int as n from private.waitlist_probes group by client',
    );
    expect(rows).toEqual([{ client: '127.0.0.1', n: 10 }]);
    // A new address still joins: the limit is on answers that reveal someone else.
    expect(await join('newcomer@example.org')).toMatchObject({ status: 200, body: 'joined' });
  });

  it('refuses the direct insert that would answer the same question with a 409', async () => {
    const direct = await rawRest(stack, 'waitlist_submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_name: EVENT, full_name: 'Prober', email: 'x@example.org' }),
    });
    expect(direct).toMatchObject({ status: 401, body: { code: '42501' } });
  });
});
