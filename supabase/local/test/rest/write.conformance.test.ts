import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRest, startRestFixture, type RestFixture } from './fixture.ts';

describe.each(['pglite', 'postgres'] as const)(
  'REST writes and RPC through supabase-js on %s',
  (database) => {
    let f: RestFixture;
    beforeAll(async () => {
      f = await startRestFixture(database);
    });
    afterAll(async () => {
      await f.stack.close();
    });

    it('inserts with return=minimal by default (201, no body)', async () => {
      const result = await f.anon.from('rest_tags').insert({ id: 10, label: 'new' });
      expect(result).toMatchObject({ data: null, error: null, status: 201 });
      const raw = await rawRest(f.stack, 'rest_tags', {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({ id: 11, label: 'raw' }),
      });
      expect(raw.status).toBe(201);
      expect(raw.body).toEqual([{ id: 11, label: 'raw' }]);
      expect(raw.headers.get('preference-applied')).toBe('return=representation');
    });

    it('inserts arrays (missing keys NULL, or defaults with defaultToNull: false) and returns them via select()', async () => {
      const { data, error } = await f.anon
        .from('rest_notes')
        .insert([{ title: 'a' }, { title: 'b', note: 'set' }])
        .select('title, note, owner:rest_owners(name)');
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: 'a', note: null, owner: { name: 'Ada' } },
        { title: 'b', note: 'set', owner: { name: 'Ada' } },
      ]);
      const defaults = await f.anon
        .from('rest_notes')
        .insert([{ title: 'c' }, { title: 'd', note: 'x' }], { defaultToNull: false })
        .select('title, note');
      expect(defaults.data).toEqual([
        { title: 'c', note: 'n/a' },
        { title: 'd', note: 'x' },
      ]);
    });

    it('refuses a row RLS rejects (401 for anon) and a representation the SELECT policy hides', async () => {
      const denied = await f.anon.from('rest_notes').insert({ title: 'forbidden' });
      expect(denied.status).toBe(401);
      expect(denied.error).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: 'new row violates row-level security policy for table "rest_notes"',
      });
      const hidden = await f.anon.from('rest_notes').insert({ title: 'secret' }).select();
      expect(hidden.status).toBe(401);
      expect(hidden.error?.code).toBe('42501');
      const count = await f.service
        .from('rest_notes')
        .select('id', { count: 'exact', head: true })
        .eq('title', 'secret');
      expect(count.count).toBe(1);
    });

    it('maps constraint violations to PostgREST statuses', async () => {
      const duplicate = await f.anon.from('rest_tags').insert({ id: 1, label: 'dup' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.error?.code).toBe('23505');
      const foreign = await f.anon.from('rest_items').insert({ id: 50, name: 'x', owner_id: 99 });
      expect(foreign).toMatchObject({ status: 409, error: { code: '23503' } });
      const check = await f.anon.from('rest_notes').insert({ title: 'x'.repeat(51) });
      expect(check).toMatchObject({ status: 400, error: { code: '23514' } });
      const notNull = await f.anon.from('rest_tags').insert({ id: 12 });
      expect(notNull).toMatchObject({ status: 400, error: { code: '23502' } });
      const badValue = await f.anon.from('rest_items').insert({ id: 'abc', name: 'x' });
      expect(badValue).toMatchObject({ status: 400, error: { code: '22P02' } });
    });

    it('upserts on the primary key, on on_conflict columns, and ignores duplicates when asked', async () => {
      const merged = await f.anon.from('rest_tags').upsert({ id: 1, label: 'outdoors' }).select();
      expect(merged).toMatchObject({ status: 201, data: [{ id: 1, label: 'outdoors' }] });
      const byLabel = await f.anon
        .from('rest_tags')
        .upsert({ id: 2, label: 'fragile' }, { onConflict: 'label' })
        .select();
      expect(byLabel.data).toEqual([{ id: 2, label: 'fragile' }]);
      const ignored = await f.anon
        .from('rest_tags')
        .upsert(
          [
            { id: 3, label: 'changed' },
            { id: 20, label: 'twenty' },
          ],
          { ignoreDuplicates: true },
        )
        .select();
      expect(ignored.data).toEqual([{ id: 20, label: 'twenty' }]);
      const unchanged = await f.anon.from('rest_tags').select('label').eq('id', 3).single();
      expect(unchanged.data).toEqual({ label: 'reading' });
    });

    it('updates and deletes with filters: 204 by default, 200 with select(), untouched rows stay', async () => {
      const update = await f.anon.from('rest_items').update({ qty: 9 }).eq('id', 4);
      expect(update).toMatchObject({ status: 204, data: null, error: null });
      const updated = await f.anon
        .from('rest_items')
        .update({ qty: 8 })
        .eq('id', 4)
        .select('id, qty')
        .single();
      expect(updated).toMatchObject({ status: 200, data: { id: 4, qty: 8 } });
      const counted = await f.anon
        .from('rest_items')
        .update({ active: true }, { count: 'exact' })
        .in('id', [1, 2]);
      expect(counted.count).toBe(2);
      const kept = await f.anon.from('rest_notes').delete().eq('title', 'keep').select();
      expect(kept).toMatchObject({ status: 200, data: [] });
      const removed = await f.anon.from('rest_tags').delete().eq('id', 20).select('label');
      expect(removed.data).toEqual([{ label: 'twenty' }]);
    });

    it('refuses UPDATE and DELETE without a filter, as hosted Supabase (pg-safeupdate)', async () => {
      const update = await f.anon.from('rest_items').update({ qty: 1 });
      expect(update.status).toBe(400);
      expect(update.error).toEqual({
        code: '21000',
        details: null,
        hint: null,
        message: 'UPDATE requires a WHERE clause',
      });
      const remove = await f.anon.from('rest_tags').delete();
      expect(remove.error?.message).toBe('DELETE requires a WHERE clause');
      expect((await f.anon.from('rest_tags').select('id')).data?.length).toBeGreaterThan(3);
    });

    it('rolls back a write whose single() result is not exactly one row', async () => {
      const result = await f.anon
        .from('rest_tags')
        .insert([
          { id: 30, label: 'thirty' },
          { id: 31, label: 'thirty-one' },
        ])
        .select()
        .single();
      expect(result).toMatchObject({
        status: 406,
        error: { code: 'PGRST116', details: 'The result contains 2 rows' },
      });
      expect((await f.anon.from('rest_tags').select('id').in('id', [30, 31])).data).toEqual([]);
    });

    it('calls functions: scalar, setof with filters, setof scalars, composite, void, errors and GET', async () => {
      expect(await f.anon.rpc('rest_add', { a: 1 })).toMatchObject({ data: 11, status: 200 });
      expect((await f.anon.rpc('rest_add', { a: 1, b: 2 }, { get: true })).data).toBe(3);
      const rows = await f.anon
        .rpc('rest_items_under', { max_price: 20 })
        .select('id')
        .gt('id', 1)
        .order('id');
      expect(rows.data).toEqual([{ id: 2 }, { id: 5 }]);
      expect((await f.anon.rpc('rest_numbers', { n: 3 })).data).toEqual([1, 2, 3]);
      expect((await f.anon.rpc('rest_owner', { owner: 2 })).data).toEqual({ id: 2, name: 'Brian' });
      expect(await f.anon.rpc('rest_touch')).toMatchObject({ data: null, error: null, status: 204 });
      expect(await f.anon.rpc('rest_fail', { message: 'nope' })).toMatchObject({
        status: 400,
        error: { code: 'P0001', message: 'nope', hint: 'try again', details: null },
      });
      const missing = await f.anon.rpc('rest_nothing', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function public.rest_nothing(x) in the schema cache',
      });
      const readOnly = await f.anon.rpc('rest_touch', {}, { get: true });
      expect(readOnly.error).toBeNull();
    });
  },
);
