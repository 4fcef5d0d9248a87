import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { nestedEmbedSelect } from './attacks.ts';

/** Decision 0057: embeds 8 deep, 40 columns and embeds at one level, 100 in the whole select. */
const DEPTH = 8;
const WIDTH = 40;
const TOTAL = 100;

/** `n` columns under aliases: `c1:id,c2:id,…`. */
const columns = (n: number, column = 'id') =>
  Array.from({ length: n }, (_, i) => `c${i + 1}:${column}`).join(',');
/** `n` embeds of comments, each with `each` columns. */
const embeds = (n: number, each: number) =>
  Array.from({ length: n }, (_, i) => `e${i + 1}:comments(${columns(each)})`).join(',');

const refused = (details: string) => ({
  code: 'PGRST100',
  details,
  hint: null,
  message: expect.stringMatching(/^"failed to parse select parameter \(/) as unknown,
});

describe.each(['pglite', 'postgres'] as const)('select= bounds on %s', (database) => {
  let stack: TestStack;
  let anon: SupabaseClient;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(`refuses embeds nested deeper than ${DEPTH} levels with 400 PGRST100 naming the bound`, async () => {
    // Five event ↔ comment pairs: ten embeds deep.
    const deep = await anon.from('events').select(nestedEmbedSelect(DEPTH / 2 + 1));
    expect(deep.status).toBe(400);
    expect(deep.error).toEqual(refused(`embeds nested deeper than ${DEPTH} levels`));
    const spread = await anon
      .from('comments')
      .select(`id,${'...events(id,'.repeat(DEPTH + 1)}title${')'.repeat(DEPTH + 1)}`);
    expect(spread.error).toEqual(refused(`embeds nested deeper than ${DEPTH} levels`));
    // At the bound: four pairs, eight embeds deep, are answered.
    const atBound = await anon
      .from('events')
      .select(nestedEmbedSelect(DEPTH / 2))
      .limit(1);
    expect(atBound.error).toBeNull();
    expect(atBound.data).toHaveLength(1);
  });

  it(`refuses more than ${WIDTH} columns and embeds at one level`, async () => {
    const wide = await anon.from('events').select(columns(WIDTH + 1));
    expect(wide.status).toBe(400);
    expect(wide.error).toEqual(refused(`more than ${WIDTH} columns and embeds at one level`));
    const wideInside = await anon.from('events').select(`id,comments(${columns(WIDTH)},content)`);
    expect(wideInside.error).toEqual(refused(`more than ${WIDTH} columns and embeds at one level`));
    const atBound = await anon.from('events').select(columns(WIDTH)).limit(1);
    expect(atBound.error).toBeNull();
    expect(Object.keys(atBound.data?.[0] ?? {})).toHaveLength(WIDTH);
  });

  it(`refuses more than ${TOTAL} columns and embeds in the whole select`, async () => {
    // 30 embeds of 3 columns: 120 in all, none wider than 30.
    const many = await anon.from('events').select(embeds(30, 3));
    expect(many.status).toBe(400);
    expect(many.error).toEqual(refused(`more than ${TOTAL} columns and embeds in all`));
    // 25 embeds of 3 columns: 100.
    const atBound = await anon.from('events').select(embeds(25, 3)).limit(1);
    expect(atBound.error).toBeNull();
    expect(atBound.data).toHaveLength(1);
  });
});
