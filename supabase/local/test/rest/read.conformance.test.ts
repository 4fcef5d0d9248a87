import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRest, startRestFixture, type RestFixture } from './fixture.ts';

describe.each(['pglite', 'postgres'] as const)('REST reads through supabase-js on %s', (database) => {
  let f: RestFixture;
  beforeAll(async () => {
    f = await startRestFixture(database);
  });
  afterAll(async () => {
    await f.stack.close();
  });

  const ids = async (
    build: (q: ReturnType<RestFixture['anon']['from']>) => PromiseLike<{ data: unknown; error: unknown }>,
  ) => {
    const { data, error } = await build(f.anon.from('rest_items'));
    expect(error).toBeNull();
    return (data as { id: number }[]).map((row) => row.id);
  };

  it('selects columns, aliases, casts and JSON paths', async () => {
    const { data, error, status } = await f.anon
      .from('rest_items')
      .select('id, label:name, price::text, color:meta->>color, h:meta->size->h')
      .eq('id', 1);
    expect({ error, status }).toEqual({ error: null, status: 200 });
    expect(data).toEqual([{ id: 1, label: 'Lantern', price: '12.50', color: 'red', h: 10 }]);
  });

  it('embeds to-one as an object or null and to-many as an array, both directions and through a junction', async () => {
    const { data } = await f.anon
      .from('rest_items')
      .select('id, owner:rest_owners(name), rest_tags(label)')
      .in('id', [1, 4])
      .order('id');
    expect(data).toEqual([
      { id: 1, owner: { name: 'Ada' }, rest_tags: [{ label: 'outdoor' }] },
      { id: 4, owner: null, rest_tags: [] },
    ]);
    const owners = await f.anon.from('rest_owners').select('name, rest_items(id)').eq('id', 1);
    expect(owners.data).toEqual([{ name: 'Ada', rest_items: [{ id: 1 }, { id: 2 }] }]);
  });

  it('honours hints, !inner, spreads, count() and embedded filters, order and limit', async () => {
    const inner = await f.anon
      .from('rest_items')
      .select('id, rest_owners!owner_id!inner(name)')
      .eq('rest_owners.name', 'Ada')
      .order('id');
    expect(inner.data).toEqual([
      { id: 1, rest_owners: { name: 'Ada' } },
      { id: 2, rest_owners: { name: 'Ada' } },
    ]);
    const spread = await f.anon.from('rest_items').select('id, ...rest_owners(owner_name:name)').eq('id', 3);
    expect(spread.data).toEqual([{ id: 3, owner_name: 'Brian' }]);
    const counted = await f.anon.from('rest_owners').select('id, rest_items(count)').order('id');
    expect(counted.data).toEqual([
      { id: 1, rest_items: [{ count: 2 }] },
      { id: 2, rest_items: [{ count: 1 }] },
      { id: 3, rest_items: [{ count: 1 }] },
    ]);
    const nested = await f.anon
      .from('rest_owners')
      .select('id, rest_items(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'rest_items', ascending: false })
      .limit(1, { referencedTable: 'rest_items' });
    expect(nested.data).toEqual([{ id: 1, rest_items: [{ id: 2 }] }]);
    const total = await f.anon.from('rest_items').select('count()');
    expect(total.data).toEqual([{ count: 5 }]);
  });

  it('embeds a view through its base table’s foreign key (comments → public_profiles)', async () => {
    const { data, error } = await f.anon
      .from('comments')
      .select('id, author:public_profiles(full_name)')
      .limit(1);
    expect(error).toBeNull();
    expect(data?.[0]).toMatchObject({ author: { full_name: expect.any(String) } });
  });

  it('applies every filter operator', async () => {
    expect(await ids((q) => q.select('id').eq('name', 'Candle'))).toEqual([2]);
    expect(await ids((q) => q.select('id').neq('id', 1).order('id'))).toEqual([2, 3, 4, 5]);
    expect(await ids((q) => q.select('id').gt('price', 12.5))).toEqual([3, 5]);
    expect(await ids((q) => q.select('id').gte('price', 12.5).order('id'))).toEqual([1, 3, 5]);
    expect(await ids((q) => q.select('id').lt('qty', 2))).toEqual([4]);
    expect(await ids((q) => q.select('id').lte('qty', 2).order('id'))).toEqual([4, 5]);
    expect(await ids((q) => q.select('id').like('name', '*an*'))).toEqual([1, 2]);
    expect(await ids((q) => q.select('id').ilike('name', 'c%'))).toEqual([2]);
    expect(await ids((q) => q.select('id').likeAnyOf('name', ['R*', 'C*']).order('id'))).toEqual([2, 4]);
    expect(await ids((q) => q.select('id').match({ name: 'Rope', qty: 0 }))).toEqual([4]);
    expect(await ids((q) => q.select('id').filter('name', 'match', '^[LC]').order('id'))).toEqual([1, 2]);
    expect(await ids((q) => q.select('id').filter('name', 'imatch', '^rope$'))).toEqual([4]);
    expect(await ids((q) => q.select('id').is('active', null))).toEqual([4]);
    expect(await ids((q) => q.select('id').is('active', false))).toEqual([3]);
    expect(await ids((q) => q.select('id').not('active', 'is', null).order('id'))).toEqual([1, 2, 3, 5]);
    expect(await ids((q) => q.select('id').filter('active', 'isdistinct', 'true').order('id'))).toEqual([
      3, 4,
    ]);
    expect(
      await ids((q) => q.select('id').in('name', ['Map, old', 'O\'Brien\'s "Guide"']).order('id')),
    ).toEqual([3, 5]);
    expect(await ids((q) => q.select('id').not('id', 'in', '(1,2,3)').order('id'))).toEqual([4, 5]);
    expect(await ids((q) => q.select('id').contains('tags', ['light']).order('id'))).toEqual([1, 2]);
    expect(await ids((q) => q.select('id').containedBy('tags', ['light', 'camp']).order('id'))).toEqual([
      1, 2, 4,
    ]);
    expect(await ids((q) => q.select('id').overlaps('tags', ['book', 'camp']).order('id'))).toEqual([1, 5]);
    expect(await ids((q) => q.select('id').contains('meta', { color: 'red' }))).toEqual([1]);
    expect(await ids((q) => q.select('id').rangeLt('during', '[10,11)').order('id'))).toEqual([1, 2, 5]);
    expect(await ids((q) => q.select('id').rangeGt('during', '[1,5)').order('id'))).toEqual([2, 3]);
    expect(await ids((q) => q.select('id').rangeGte('during', '[5,6)').order('id'))).toEqual([2, 3]);
    expect(await ids((q) => q.select('id').rangeLte('during', '[1,5)'))).toEqual([1]);
    expect(await ids((q) => q.select('id').rangeAdjacent('during', '[10,12)'))).toEqual([2]);
    expect(await ids((q) => q.select('id').overlaps('during', '[4,6)').order('id'))).toEqual([1, 2, 5]);
    expect(await ids((q) => q.select('id').textSearch('body', 'haunted & gaol'))).toEqual([3]);
    expect(
      await ids((q) =>
        q.select('id').textSearch('body', 'ghost walks', { type: 'plain', config: 'english' }),
      ),
    ).toEqual([1]);
    expect(await ids((q) => q.select('id').textSearch('body', 'wax candle', { type: 'phrase' }))).toEqual([
      2,
    ]);
    expect(
      await ids((q) => q.select('id').textSearch('body', 'ghosts -walks', { type: 'websearch' })),
    ).toEqual([5]);
    expect(await ids((q) => q.select('id').eq('meta->>color', 'white'))).toEqual([2]);
  });

  it('combines or/and trees, negation and repeated keys', async () => {
    expect(
      await ids((q) => q.select('id').or('qty.is.null,and(price.gt.15,active.is.true)').order('id')),
    ).toEqual([3, 5]);
    expect(await ids((q) => q.select('id').or('name.eq."Map, old",id.in.(1,2)').order('id'))).toEqual([
      1, 2, 3,
    ]);
    expect(
      await ids((q) => q.select('id').not('qty', 'is', null).gt('id', 1).lt('id', 5).order('id')),
    ).toEqual([2, 4]);
    expect(await ids((q) => q.select('id').gt('id', 1).gt('id', 3))).toEqual([4, 5].filter((id) => id > 3));
    const embedded = await f.anon
      .from('rest_owners')
      .select('id, rest_items(id)')
      .or('id.eq.1,id.eq.5', { referencedTable: 'rest_items' })
      .eq('id', 1);
    expect(embedded.data).toEqual([{ id: 1, rest_items: [{ id: 1 }] }]);
  });

  it('orders, limits, offsets and ranges', async () => {
    expect(await ids((q) => q.select('id').order('qty', { ascending: false, nullsFirst: true }))).toEqual([
      3, 2, 1, 5, 4,
    ]);
    expect(await ids((q) => q.select('id').order('active').order('id', { ascending: false }))).toEqual([
      3, 5, 2, 1, 4,
    ]);
    expect(await ids((q) => q.select('id').order('id').limit(2))).toEqual([1, 2]);
    expect(await ids((q) => q.select('id').order('id').range(1, 3))).toEqual([2, 3, 4]);
    expect(await ids((q) => q.select('id').order('meta->>color').limit(2))).toEqual([4, 5]);
  });

  it('counts with Content-Range and answers 206 for a partial page, 416 past the end', async () => {
    const head = await f.anon.from('rest_items').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ count: 5, data: null, error: null, status: 200 });
    const page = await f.anon.from('rest_items').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(page).toMatchObject({ count: 5, status: 206, data: [{ id: 1 }, { id: 2 }] });
    const raw = await rawRest(f.stack, 'rest_items?select=id&offset=1&limit=2', {
      headers: { Prefer: 'count=exact' },
    });
    expect(raw.headers.get('content-range')).toBe('1-2/5');
    const noCount = await rawRest(f.stack, 'rest_items?select=id&limit=2');
    expect(noCount.headers.get('content-range')).toBe('0-1/*');
    const empty = await rawRest(f.stack, 'rest_items?id=eq.99', { headers: { Prefer: 'count=exact' } });
    expect(empty.headers.get('content-range')).toBe('*/0');
    const past = await f.anon.from('rest_items').select('id', { count: 'exact' }).range(10, 12);
    expect(past.status).toBe(416);
    expect(past.error).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('answers single() with an object or 406 PGRST116, and maybeSingle() with null', async () => {
    const one = await f.anon.from('rest_items').select('name').eq('id', 2).single();
    expect(one).toMatchObject({ data: { name: 'Candle' }, error: null, status: 200 });
    const many = await f.anon.from('rest_items').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 5 rows',
      hint: null,
      message: 'JSON object requested, multiple (or no) rows returned',
    });
    const none = await f.anon.from('rest_items').select('name').eq('id', 99).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
  });

  it('caps results at max_rows', async () => {
    f.stack.config.maxRows = 2;
    try {
      expect(await ids((q) => q.select('id').order('id'))).toEqual([1, 2]);
    } finally {
      f.stack.config.maxRows = 1000;
    }
  });

  it('shows only what row-level security lets the role see', async () => {
    const { data } = await f.anon.from('rest_notes').select('title').order('id');
    expect(data).toEqual([{ title: 'first' }, { title: 'keep' }]);
    const service = await f.service.from('rest_notes').select('title').order('id');
    expect(service.data).toEqual([{ title: 'first' }, { title: 'secret' }, { title: 'keep' }]);
  });
});
