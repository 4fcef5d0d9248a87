import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../start-test-stack.ts';
import { Inbox, type ChangePayload, clientFor, subscribed } from './helpers.ts';

/** A subscribed channel on one table and event, with a filter; returns what it receives. */
async function watch(
  client: SupabaseClient,
  name: string,
  table: string,
  event: 'INSERT' | 'DELETE',
  filter: string,
): Promise<Inbox> {
  const inbox = new Inbox();
  const channel = client
    .channel(name)
    .on('postgres_changes', { event, schema: 'public', table, filter }, (payload) =>
      inbox.push(payload as unknown as ChangePayload),
    );
  await subscribed(channel);
  return inbox;
}

describe.each(['pglite', 'postgres'] as const)('realtime filters are no oracle on %s', (database) => {
  let stack: TestStack;
  let anon: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    anon = clientFor(stack);
    await stack.db.exec(`
      create table public.rt_secrets (id integer primary key, owner text not null, secret text not null);
      alter table public.rt_secrets enable row level security;
      create policy rt_secrets_own on public.rt_secrets for select to anon using (owner = 'anon');
      grant select on public.rt_secrets to anon;
      create table public.rt_columns (id integer primary key, shown text, hidden text);
      grant select (id, shown) on public.rt_columns to anon;
      alter publication supabase_realtime add table public.rt_secrets, public.rt_columns;`);
  });

  afterAll(async () => {
    await anon?.removeAllChannels();
    await stack?.close();
  });

  it('checks a DELETE’s filters only against the primary key it carries under RLS', async () => {
    const rightGuess = await watch(anon, 'guess-secret', 'rt_secrets', 'DELETE', 'secret=eq.swordfish');
    const ownerGuess = await watch(anon, 'guess-owner', 'rt_secrets', 'DELETE', 'owner=neq.anon');
    const byKey = await watch(anon, 'by-key', 'rt_secrets', 'DELETE', 'id=eq.1');
    // A row anon may never read: its DELETE still goes out (hosted cannot judge deletes), key only.
    await stack.db.exec(`
      insert into public.rt_secrets values (1, 'someone', 'swordfish');
      delete from public.rt_secrets where id = 1;`);
    const deleted = await byKey.next((payload) => payload.eventType === 'DELETE', 'the DELETE by key');
    expect(deleted.old).toEqual({ id: 1 });
    // Judged in the same pass: had the guesses matched, they would have arrived with it.
    expect(rightGuess.received).toEqual([]);
    expect(ownerGuess.received).toEqual([]);
  });

  it('never matches a filter on a column the role may not select', async () => {
    const hidden = await watch(anon, 'guess-hidden', 'rt_columns', 'INSERT', 'hidden=eq.needle');
    const shown = await watch(anon, 'shown', 'rt_columns', 'INSERT', 'shown=eq.visible');
    await stack.db.exec(`insert into public.rt_columns values (1, 'visible', 'needle');`);
    const inserted = await shown.next((payload) => payload.eventType === 'INSERT', 'the INSERT');
    expect(inserted.new).toEqual({ id: 1, shown: 'visible' });
    expect(hidden.received).toEqual([]);
  });
});
