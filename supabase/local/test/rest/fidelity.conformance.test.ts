import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRest, startRestFixture, type RestFixture } from './fixture.ts';

/**
 * Places where the stack once answered differently from hosted PostgREST without saying so (found by
 * postgrest-js's own suites): each is now either implemented as PostgREST does or refused with an error
 * that names what is missing. The objects below exist only for these tests.
 */
const FIDELITY_SQL = `
  create table public.rest_threads (
    id integer primary key,
    parent_id integer references public.rest_threads (id),
    body text not null
  );
  insert into public.rest_threads values (1, null, 'root'), (2, 1, 'reply a'), (3, 1, 'reply b'),
    (4, 2, 'reply to a');
  grant select on public.rest_threads to anon, authenticated, service_role;

  create type public.rest_pair as (a integer, b text);
  create function public.rest_owner_stats() returns table (owner_id integer, name text, items integer)
    language sql stable as $$
      select o.id, o.name, (select count(*)::int from public.rest_items i where i.owner_id = o.id)
      from public.rest_owners o order by o.id $$;
  create function public.rest_pairs() returns setof public.rest_pair
    language sql stable as $$ values (1, 'one'), (2, 'two'), (3, 'three') $$;
  create function public.rest_one_pair() returns public.rest_pair
    language sql stable as $$ select 1, 'one' $$;
  create function public.rest_pair_lists() returns table (id integer, pairs public.rest_pair[], counts integer[])
    language sql stable as $$
      values (1, array[(1, 'one')::public.rest_pair, (2, null)::public.rest_pair], array[3, 0]),
             (2, '{}'::public.rest_pair[], '{}'::integer[]) $$;
  create function public.rest_same(arg integer) returns text language sql stable as $$ select 'integer' $$;
  create function public.rest_same(arg text) returns text language sql stable as $$ select 'text' $$;
  create function public.rest_echo_json(json) returns json language sql stable as $$ select $1 $$;
  create function public.rest_echo_text(text) returns text language sql stable as $$ select upper($1) $$;
  create function public.rest_byte_count(bytea) returns integer
    language sql stable as $$ select length($1) $$;
  create function public.rest_unnamed_int(integer) returns integer language sql stable as $$ select $1 $$;
  create function public.rest_rename_notes(prefix text) returns setof public.rest_notes
    language sql as $$ update public.rest_notes set note = prefix || title returning * $$;
  create function public.rest_touch_notes() returns void
    language sql as $$ update public.rest_notes set note = 'touched' $$;
  create table public.rest_calls (n integer);
  grant select, insert on public.rest_calls to anon, authenticated, service_role;
  create function public.rest_log_call() returns setof integer
    language sql as $$ insert into public.rest_calls values (1) returning n $$;
  grant execute on all functions in schema public to anon, authenticated, service_role;
`;

/** supabase-js types maxAffected() only for a client declared PostgREST 13+ (hosted Supabase runs 13+). */
const limitAffected = <T>(builder: T, rows: number): T =>
  (builder as unknown as { maxAffected(rows: number): T }).maxAffected(rows);

describe.each(['pglite', 'postgres'] as const)('REST fidelity with hosted PostgREST on %s', (database) => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture(database);
    await f.stack.db.exec(FIDELITY_SQL);
  });
  afterAll(async () => {
    await f.stack.close();
  });

  const notes = async () =>
    (await f.service.from('rest_notes').select('title, note').order('id')).data as {
      title: string;
      note: string | null;
    }[];

  it('selects, filters, orders and pages the rows of a RETURNS TABLE or composite-type RPC', async () => {
    const stats = await f.anon
      .rpc('rest_owner_stats')
      .select('name, items')
      .gt('items', 0)
      .order('items', { ascending: false })
      .order('name')
      .limit(2);
    expect(stats).toMatchObject({ error: null, status: 200 });
    expect(stats.data).toEqual([
      { name: 'Ada', items: 2 },
      { name: 'Brian', items: 1 },
    ]);
    const page = await f.anon.rpc('rest_owner_stats').select('owner_id').order('owner_id').range(1, 2);
    expect(page.data).toEqual([{ owner_id: 2 }, { owner_id: 3 }]);
    const owner = await f.anon
      .rpc('rest_owner', { owner: 1 })
      .select('name, rest_items(id)')
      .order('id', { referencedTable: 'rest_items', ascending: false });
    expect(owner).toMatchObject({ data: { name: 'Ada', rest_items: [{ id: 2 }, { id: 1 }] }, error: null });
    const pairs = await f.anon.rpc('rest_pairs').select('b').in('a', [1, 3]).order('a', { ascending: false });
    expect(pairs.data).toEqual([{ b: 'three' }, { b: 'one' }]);
    const one = await f.anon.rpc('rest_one_pair').select('b');
    expect(one).toMatchObject({ data: { b: 'one' }, error: null, status: 200 });
    const filteredOut = await f.anon.rpc('rest_one_pair').eq('a', 2);
    expect(filteredOut).toMatchObject({ data: null, error: null, status: 200 });
    const unknown = await f.anon.rpc('rest_owner_stats').select('nope');
    expect(unknown).toMatchObject({ status: 400, error: { code: '42703' } });
  });

  // The paged admin lists answer this way (decision 0052): PostgREST writes each row with to_json, so a
  // composite array column is an array of objects named by the type's attributes, and an array an array.
  it('answers a RETURNS TABLE column of composites or numbers as JSON arrays of objects or numbers', async () => {
    const lists = await f.anon.rpc('rest_pair_lists').order('id');
    expect(lists).toMatchObject({ error: null, status: 200 });
    expect(lists.data).toEqual([
      {
        id: 1,
        pairs: [
          { a: 1, b: 'one' },
          { a: 2, b: null },
        ],
        counts: [3, 0],
      },
      { id: 2, pairs: [], counts: [] },
    ]);
    const picked = await f.anon.rpc('rest_pair_lists').select('pairs').eq('id', 1);
    expect(picked.data).toEqual([
      {
        pairs: [
          { a: 1, b: 'one' },
          { a: 2, b: null },
        ],
      },
    ]);
  });

  it('refuses an embed on a RETURNS TABLE result (it has no foreign keys) with PGRST200, as PostgREST', async () => {
    const embed = await f.anon.rpc('rest_owner_stats').select('name, rest_items(id)');
    expect(embed.status).toBe(400);
    expect(embed.error).toMatchObject({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'rest_owner_stats' and 'rest_items' in the schema cache",
    });
    // A set of a table's rows embeds through the table's foreign keys.
    const items = await f.anon
      .rpc('rest_items_under', { max_price: 13 })
      .select('id, rest_owners(name)')
      .order('id');
    expect(items.data).toEqual([
      { id: 1, rest_owners: { name: 'Ada' } },
      { id: 2, rest_owners: { name: 'Ada' } },
    ]);
  });

  it("counts an RPC's rows with count: 'exact' (Content-Range, 206 for a partial page) and honours Range", async () => {
    const counted = await f.anon
      .rpc('rest_owner_stats', {}, { count: 'exact' })
      .order('owner_id')
      .range(0, 0);
    expect(counted).toMatchObject({ count: 3, status: 206, data: [{ owner_id: 1, name: 'Ada', items: 2 }] });
    const scalars = await f.anon.rpc('rest_numbers', { n: 4 }, { count: 'exact' }).range(1, 2);
    expect(scalars).toMatchObject({ count: 4, status: 206, data: [2, 3] });
    // Counting reads the function's rows twice; the function itself runs once.
    const logged = await f.anon.rpc('rest_log_call', {}, { count: 'exact' });
    expect(logged).toMatchObject({ count: 1, data: [1], error: null });
    const calls = await f.stack.db.query<{ calls: number }>(
      'select count(*)::int as calls from public.rest_calls',
    );
    expect(calls.rows[0]?.calls).toBe(1);
    const head = await f.anon.rpc('rest_pairs', {}, { count: 'exact', head: true });
    expect(head).toMatchObject({ count: 3, data: null, error: null, status: 200 });
    const raw = await rawRest(f.stack, 'rpc/rest_pairs?a=gt.1', { headers: { Prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('0-1/2');
    const ranged = await rawRest(f.stack, 'rpc/rest_pairs?select=a', { headers: { Range: '1-1' } });
    expect(ranged).toMatchObject({ status: 200, body: [{ a: 2 }] });
  });

  it('enforces maxAffected() on update and delete: PGRST124 and nothing written', async () => {
    const before = await notes();
    const update = await limitAffected(f.service.from('rest_notes').update({ note: 'bulk' }).gte('id', 1), 2);
    expect(update.status).toBe(400);
    expect(update.error).toEqual({
      code: 'PGRST124',
      details: 'The query affects 3 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const remove = await limitAffected(f.service.from('rest_notes').delete().gte('id', 2), 1);
    expect(remove).toMatchObject({
      status: 400,
      error: { code: 'PGRST124', details: 'The query affects 2 rows' },
    });
    expect(await notes()).toEqual(before);
    const within = await rawRest(f.stack, 'rest_notes?id=eq.1', {
      method: 'PATCH',
      headers: {
        apikey: f.stack.serviceRoleKey,
        authorization: `Bearer ${f.stack.serviceRoleKey}`,
        'content-type': 'application/json',
        prefer: 'handling=strict, max-affected=1',
      },
      body: JSON.stringify({ note: 'one' }),
    });
    expect(within.status).toBe(204);
    expect(within.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
    expect((await notes())[0]).toEqual({ title: 'first', note: 'one' });
  });

  it('enforces maxAffected() and single() on an RPC (rolled back), refuses maxAffected() on a single-value one (PGRST128)', async () => {
    const before = await notes();
    const tooMany = await limitAffected(f.service.rpc('rest_rename_notes', { prefix: 'x-' }), 2);
    expect(tooMany).toMatchObject({
      status: 400,
      error: { code: 'PGRST124', details: 'The query affects 3 rows' },
    });
    expect(await notes()).toEqual(before);
    // single() on a set of several rows is refused, and the function's writes with it.
    const notSingle = await f.service.rpc('rest_rename_notes', { prefix: 'y-' }).single();
    expect(notSingle).toMatchObject({ status: 406, error: { code: 'PGRST116' } });
    expect(await notes()).toEqual(before);
    const single = await limitAffected(f.service.rpc('rest_touch_notes'), 5);
    expect(single.status).toBe(400);
    expect(single.error).toEqual({
      code: 'PGRST128',
      details: null,
      hint: null,
      message:
        'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    });
    expect(await notes()).toEqual(before);
    const strict = await rawRest(f.stack, 'rest_items?select=id&limit=1', {
      headers: { prefer: 'handling=strict, count=exact, bogus' },
    });
    expect(strict).toMatchObject({
      status: 400,
      body: { code: 'PGRST122', details: 'Invalid preferences: bogus' },
    });
  });

  it('refuses Accept: text/csv with 406 PGRST107 rather than JSON labelled as CSV', async () => {
    const csv = await f.anon.from('rest_items').select('id').csv();
    expect(csv.status).toBe(406);
    expect(csv.error).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: text/csv',
    });
    const rpc = await rawRest(f.stack, 'rpc/rest_pairs', { headers: { accept: 'text/csv' } });
    expect(rpc).toMatchObject({ status: 406, body: { code: 'PGRST107' } });
    expect(rpc.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an ambiguous overload with 300 PGRST203 instead of picking one', async () => {
    const result = await f.anon.rpc('rest_same', { arg: '1' });
    expect(result.status).toBe(300);
    expect(result.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.rest_same(arg => integer), public.rest_same(arg => text)',
    });
  });

  it('passes a raw body to a single unnamed json, text or bytea parameter and never builds invalid SQL', async () => {
    const json = await f.anon.rpc('rest_echo_json', { b: 1, list: [2, 3] });
    expect(json).toMatchObject({ data: { b: 1, list: [2, 3] }, error: null, status: 200 });
    // The JSON text goes to the function untouched (key order and all), as PostgREST passes it.
    const exact = await fetch(`${f.stack.url}/rest/v1/rpc/rest_echo_json`, {
      method: 'POST',
      headers: { apikey: f.stack.anonKey, 'content-type': 'application/json' },
      body: '{"b":1,"1":2}',
    });
    expect(await exact.text()).toBe('{"b":1,"1":2}');
    const array = await rawRest(f.stack, 'rpc/rest_echo_json', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1, "two"]',
    });
    expect(array).toMatchObject({ status: 200, body: [1, 'two'] });
    const text = await rawRest(f.stack, 'rpc/rest_echo_text', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'boo',
    });
    expect(text).toMatchObject({ status: 200, body: 'BOO' });
    const bytes = await rawRest(f.stack, 'rpc/rest_byte_count', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 255, 7]),
    });
    expect(bytes).toMatchObject({ status: 200, body: 3 });
    // An unnamed parameter of another type cannot be called by name or with a raw body.
    const named = await f.anon.rpc('rest_unnamed_int', { '': 1 });
    expect(named).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    const rawInt = await rawRest(f.stack, 'rpc/rest_unnamed_int', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '1',
    });
    expect(rawInt).toMatchObject({
      status: 404,
      body: {
        code: 'PGRST202',
        hint: null,
        message: 'Could not find the function public.rest_unnamed_int in the schema cache',
        details:
          'Searched for the function public.rest_unnamed_int with a single unnamed text parameter, but no matches were found in the schema cache.',
      },
    });
  });

  it('groups count() by a spread or an embed beside it, and refuses count() inside a spread', async () => {
    const bySpread = await f.anon.from('rest_items').select('count(), ...rest_owners(name)');
    expect(bySpread.error).toBeNull();
    const byName = (rows: unknown) =>
      [...(rows as { name: string | null }[])].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(byName(bySpread.data)).toEqual([
      { count: 2, name: 'Ada' },
      { count: 1, name: 'Brian' },
      { count: 1, name: 'Chen' },
      { count: 1, name: null },
    ]);
    const inEmbed = await f.anon
      .from('rest_tags')
      .select('label, rest_items(count(), ...rest_owners(name))')
      .eq('label', 'fragile');
    expect(inEmbed.error).toBeNull();
    const [fragile] = inEmbed.data as { rest_items: unknown }[];
    expect(byName(fragile?.rest_items)).toEqual([
      { count: 1, name: 'Ada' },
      { count: 1, name: 'Brian' },
    ]);
    const byEmbed = await f.anon
      .from('rest_items')
      .select('count(), rest_owners(name)')
      .not('owner_id', 'is', null);
    expect(byEmbed.error).toBeNull();
    expect(
      [...(byEmbed.data as unknown as { rest_owners: { name: string } }[])].sort((a, b) =>
        a.rest_owners.name.localeCompare(b.rest_owners.name),
      ),
    ).toEqual([
      { count: 2, rest_owners: { name: 'Ada' } },
      { count: 1, rest_owners: { name: 'Brian' } },
      { count: 1, rest_owners: { name: 'Chen' } },
    ]);
    const inside = await f.anon.from('rest_items').select('id, ...rest_owners(count())');
    expect(inside).toMatchObject({
      status: 400,
      error: { code: 'PGRST127', message: 'Feature not implemented' },
    });
    expect(inside.error?.details).toContain('count() inside the spread');
  });

  it('embeds a self-reference: the table name gives the children, the column the parent', async () => {
    const children = await f.anon
      .from('rest_threads')
      .select('id, rest_threads(id, body)')
      .eq('id', 1)
      .order('id', { referencedTable: 'rest_threads' });
    expect(children).toMatchObject({ error: null, status: 200 });
    expect(children.data).toEqual([
      {
        id: 1,
        rest_threads: [
          { id: 2, body: 'reply a' },
          { id: 3, body: 'reply b' },
        ],
      },
    ]);
    const parent = await f.anon
      .from('rest_threads')
      .select('id, parent:parent_id(id, body)')
      .in('id', [1, 4])
      .order('id');
    expect(parent.data).toEqual([
      { id: 1, parent: null },
      { id: 4, parent: { id: 2, body: 'reply a' } },
    ]);
    const hinted = await f.anon
      .from('rest_threads')
      .select('id, replies:rest_threads!parent_id(id)')
      .eq('id', 2);
    expect(hinted.data).toEqual([{ id: 2, replies: [{ id: 4 }] }]);
    const wrongHint = await f.anon.from('rest_threads').select('id, rest_threads!body(id)');
    expect(wrongHint).toMatchObject({ status: 400, error: { code: 'PGRST200' } });
  });
});
