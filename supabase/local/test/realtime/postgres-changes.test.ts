import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import {
  EVENT_ONE,
  EVENT_TWO,
  Inbox,
  type ChangePayload,
  MEMBER_ID,
  OTHER_MEMBER_ID,
  clientFor,
  contentIs,
  signedIn,
  subscribed,
  watchComments,
} from './helpers.ts';

describe.each(['pglite', 'postgres'] as const)('postgres_changes on %s', (database) => {
  let stack: TestStack;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let admin: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    anon = clientFor(stack);
    service = clientFor(stack, stack.serviceRoleKey);
    member = await signedIn(stack, 'member@example.com');
    admin = await signedIn(stack, 'admin@example.com');
  });

  afterAll(async () => {
    await Promise.all([anon, member, admin, service].map((client) => client?.removeAllChannels()));
    await stack?.close();
  });

  async function comment(eventId: string, content: string): Promise<string> {
    const { data, error } = await member
      .from('comments')
      .insert({ event_id: eventId, user_id: MEMBER_ID, content })
      .select('id')
      .single();
    if (error) throw error;
    return data.id as string;
  }

  it('delivers INSERT, UPDATE and DELETE on comments with the row data realtime-js expects', async () => {
    const { inbox } = await watchComments(anon, 'crud');
    const id = await comment(EVENT_ONE, 'first light');
    const inserted = await inbox.next(contentIs('first light'), 'the INSERT');
    expect(inserted).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'comments',
      errors: null,
    });
    expect(inserted.new).toMatchObject({ id, event_id: EVENT_ONE, user_id: MEMBER_ID, is_deleted: false });
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    expect((await member.from('comments').update({ content: 'second light' }).eq('id', id)).error).toBeNull();
    const updated = await inbox.next(contentIs('second light'), 'the UPDATE');
    expect(updated).toMatchObject({ eventType: 'UPDATE', old: { id } });

    expect((await admin.from('comments').delete().eq('id', id)).error).toBeNull();
    const deleted = await inbox.next((payload) => payload.eventType === 'DELETE', 'the DELETE');
    // comments has row-level security: a DELETE carries the primary key only.
    expect(deleted.old).toEqual({ id });
    expect(deleted.new).toEqual({});
  });

  it('applies a filter: event_id=eq.<id> delivers only that event’s comments', async () => {
    const { inbox } = await watchComments(anon, 'filtered', `event_id=eq.${EVENT_TWO}`);
    await comment(EVENT_ONE, 'not for the filter');
    await comment(EVENT_TWO, 'for the filter');
    await inbox.next(contentIs('for the filter'));
    expect(inbox.received.map((payload) => payload.new.content)).toEqual(['for the filter']);
  });

  it('applies in, neq and gte filters', async () => {
    const wanted = await watchComments(anon, 'in-filter', `event_id=in.(${EVENT_TWO},${EVENT_ONE})`);
    const other = await watchComments(anon, 'neq-filter', `event_id=neq.${EVENT_ONE}`);
    const later = await watchComments(anon, 'gte-filter', 'created_at=gte.2999-01-01T00:00:00Z');
    await comment(EVENT_ONE, 'in the list');
    await comment(EVENT_TWO, 'second in the list');
    await wanted.inbox.next(contentIs('second in the list'));
    await other.inbox.next(contentIs('second in the list'));
    expect(wanted.inbox.received.map((payload) => payload.new.content)).toEqual([
      'in the list',
      'second in the list',
    ]);
    expect(other.inbox.received.map((payload) => payload.new.content)).toEqual(['second in the list']);
    expect(later.inbox.received).toEqual([]);
  });

  it('lets row-level security decide who receives a change', async () => {
    const anonWatch = await watchComments(anon, 'rls-anon');
    const memberWatch = await watchComments(member, 'rls-member');
    const adminWatch = await watchComments(admin, 'rls-admin');
    // A comment on a draft event: only admins may read it (written by the service role, as no member may).
    const { data: draft } = await service
      .from('events')
      .insert({
        slug: `rt-draft-${database}`,
        title: 'Draft',
        start_date: '2027-01-01',
        end_date: '2027-01-02',
      })
      .select('id')
      .single();
    const draftId = (draft as { id: string }).id;
    const hidden = await service
      .from('comments')
      .insert({ event_id: draftId, user_id: OTHER_MEMBER_ID, content: 'on a draft' });
    expect(hidden.error).toBeNull();
    await adminWatch.inbox.next(contentIs('on a draft'), 'the admin’s copy');
    // The member soft-deletes their own comment: they still see it, visitors no longer do.
    const id = await comment(EVENT_ONE, 'soon withdrawn');
    // The row is read back when the change is judged, so let visitors see it before it is withdrawn.
    await anonWatch.inbox.next(contentIs('soon withdrawn'));
    expect((await member.from('comments').update({ is_deleted: true }).eq('id', id)).error).toBeNull();
    await memberWatch.inbox.next((payload) => payload.new.id === id && payload.new.is_deleted === true);
    // A later visible change: once it arrived, anything before it would have arrived too.
    await comment(EVENT_ONE, 'sentinel');
    for (const watch of [anonWatch, memberWatch, adminWatch]) await watch.inbox.next(contentIs('sentinel'));

    const seenBy = (watch: typeof anonWatch) =>
      watch.inbox.received.map((payload) => `${payload.eventType} ${String(payload.new.content)}`);
    expect(seenBy(anonWatch)).toEqual(['INSERT soon withdrawn', 'INSERT sentinel']);
    expect(seenBy(memberWatch)).toEqual([
      'INSERT soon withdrawn',
      'UPDATE soon withdrawn',
      'INSERT sentinel',
    ]);
    expect(seenBy(adminWatch)).toEqual([
      'INSERT on a draft',
      'INSERT soon withdrawn',
      'UPDATE soon withdrawn',
      'INSERT sentinel',
    ]);
  });

  it('follows a table added to the publication later, with its own policies and typed filters', async () => {
    await stack.db.exec(`
      create table public.rt_notes (id integer primary key, note text not null);
      alter table public.rt_notes enable row level security;
      create policy rt_notes_open on public.rt_notes for select to anon using (note <> 'secret');
      grant select on public.rt_notes to anon;
      create table public.rt_private (id integer primary key);
      alter publication supabase_realtime add table public.rt_notes, public.rt_private;`);
    const notes = new Inbox();
    const hidden = new Inbox();
    const channel = anon
      .channel('notes')
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'rt_notes', filter: 'id=gt.1' },
        (payload) => notes.push(payload as unknown as ChangePayload),
      )
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_private' }, (payload) =>
        hidden.push(payload as unknown as ChangePayload),
      );
    await subscribed(channel);
    await stack.db.exec(`
      insert into public.rt_private values (1);
      insert into public.rt_notes values (1, 'filtered out'), (2, 'secret'), (10, 'open');
      delete from public.rt_notes where id = 2;`);
    await notes.next((payload) => payload.eventType === 'DELETE', 'the DELETE of the secret note');
    // 10 ("open") is visible and passes id > 1 (compared as integers); the secret's DELETE carries its key.
    expect(notes.received.map((payload) => [payload.eventType, payload.new, payload.old])).toEqual([
      ['INSERT', { id: 10, note: 'open' }, {}],
      ['DELETE', {}, { id: 2 }],
    ]);
    expect(hidden.received).toEqual([]);
    await anon.removeChannel(channel);
  });

  it('takes a new access token on a joined channel (access_token push)', async () => {
    const client = clientFor(stack);
    const { inbox } = await watchComments(client, 'token-refresh');
    const { data } = await client.auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'password123',
    });
    await client.realtime.setAuth(data.session?.access_token ?? null);
    const { data: draft } = await service
      .from('events')
      .insert({
        slug: `rt-draft-2-${database}`,
        title: 'Draft 2',
        start_date: '2027-01-01',
        end_date: '2027-01-02',
      })
      .select('id')
      .single();
    await service
      .from('comments')
      .insert({ event_id: (draft as { id: string }).id, user_id: MEMBER_ID, content: 'admins only' });
    await inbox.next(contentIs('admins only'), 'the change now visible to the admin token');
    await client.removeAllChannels();
  });

  it('stops delivering after unsubscribe', async () => {
    const client = clientFor(stack);
    const gone = await watchComments(client, 'leaving');
    const kept = await watchComments(client, 'staying');
    expect(await client.removeChannel(gone.channel)).toBe('ok');
    await comment(EVENT_ONE, 'after leaving');
    await kept.inbox.next(contentIs('after leaving'));
    expect(gone.inbox.received).toEqual([]);
    await client.removeAllChannels();
  });

  it('speaks vsn 1.0.0 object frames too', async () => {
    const client = clientFor(stack, stack.anonKey, '1.0.0');
    const { inbox } = await watchComments(client, 'old-frames');
    await comment(EVENT_TWO, 'in objects');
    await inbox.next(contentIs('in objects'));
    await client.removeAllChannels();
  });

  it('refuses a join with a bad token', async () => {
    const client = clientFor(stack);
    await client.realtime.setAuth('not-a-jwt');
    const channel = client
      .channel('bad-token')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'comments' }, () => undefined);
    await expect(watchJoin(channel)).rejects.toThrow('MalformedJWT: The token provided is not a valid JWT');
    await client.removeAllChannels();
  });
});

function watchJoin(channel: ReturnType<SupabaseClient['channel']>): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer to the join')), 8_000);
    channel.subscribe((status, error) => {
      clearTimeout(timer);
      if (status === 'SUBSCRIBED') resolve();
      else reject(error ?? new Error(status));
    });
  });
}
