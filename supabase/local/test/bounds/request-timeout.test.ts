import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../src/db/with-claims.ts';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { RUNAWAY_READ, SIMPLE_READ, createNap, get, setRoleTimeout, sleep } from './attacks.ts';

const TIMEOUT_ANSWER = {
  code: '57014',
  details: null,
  hint: null,
  message: 'canceling statement due to statement timeout',
};

describe.each(['pglite', 'postgres'] as const)('a request bounded by its role on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    await setRoleTimeout(stack, 'anon', '1s');
    await createNap(stack);
    // Read into the stack's catalog now, so the attacks go straight to the database.
    expect((await get(stack, 'rest/v1/rpc/bounds_nap?seconds=0')).status).toBe(200);
  });
  afterAll(async () => {
    await stack.close();
  });

  const timeoutAs = (claims: { role: string } | null) =>
    withClaims(stack.db, claims, async (tx) => {
      const { rows } = await tx.query<{ value: string }>(
        "select current_setting('statement_timeout') as value",
      );
      return rows[0]?.value;
    });

  it('has the statement timeouts of hosted Supabase on the roles and applies the caller role’s', async () => {
    const { rows } = await stack.db.query<{ rolname: string; rolconfig: string[] }>(
      `select rolname, rolconfig from pg_roles
        where rolname in ('anon', 'authenticated', 'authenticator') order by rolname`,
    );
    expect(
      rows.map((row) => [row.rolname, row.rolconfig.filter((s) => s.startsWith('statement_timeout'))]),
    ).toEqual([
      ['anon', ['statement_timeout=3s']],
      ['authenticated', ['statement_timeout=8s']],
      ['authenticator', ['statement_timeout=8s']],
    ]);
    // anon's setting for this database (1s) wins over the role's; service_role has none: authenticator's.
    expect(await timeoutAs(null)).toBe('1s');
    expect(await timeoutAs({ role: 'authenticated' })).toBe('8s');
    expect(await timeoutAs({ role: 'service_role' })).toBe('8s');
  });

  it('answers a runaway read with 57014 while /health and other reads are answered', async () => {
    const attack = get(stack, `rest/v1/${RUNAWAY_READ}`);
    await sleep(200);
    const [health, read] = await Promise.all([get(stack, 'health'), get(stack, `rest/v1/${SIMPLE_READ}`)]);
    const slow = await attack;
    expect(slow).toMatchObject({ status: 500, body: TIMEOUT_ANSWER });
    expect(health.status).toBe(200);
    expect(health.at).toBeLessThan(slow.at);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(1);
    // PostgreSQL serves other reads on other connections meanwhile; PGlite has one, so they wait their turn.
    if (database === 'postgres') expect(read.at).toBeLessThan(slow.at);
  });

  it('survives every attack in a burst and keeps what was written before', async () => {
    const { rows } = await stack.db.query<{ count: number }>(
      'select count(*)::int as count from public.comments',
    );
    const attacks = await Promise.all(Array.from({ length: 3 }, () => get(stack, `rest/v1/${RUNAWAY_READ}`)));
    for (const answer of attacks) expect(answer).toMatchObject({ status: 500, body: TIMEOUT_ANSWER });
    expect((await get(stack, 'health')).status).toBe(200);
    expect((await get(stack, `rest/v1/${SIMPLE_READ}`)).status).toBe(200);
    const after = await stack.db.query<{ count: number }>(
      'select count(*)::int as count from public.comments',
    );
    expect(after.rows).toEqual(rows);
  });
});
