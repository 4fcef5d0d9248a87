import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestDatabaseKind, type TestStack } from '../start-test-stack.ts';

/**
 * Scratch tables with known rows, beside the app's own, so every operator can be checked against exact
 * results. Created by the superuser connection, granted to the API roles like a migration would.
 */
const SCRATCH_SQL = `
  create table public.rest_owners (
    id integer primary key,
    name text not null
  );
  create table public.rest_items (
    id integer primary key,
    name text not null,
    price numeric(10, 2),
    qty integer,
    active boolean,
    tags text[] not null default '{}',
    meta jsonb,
    during int4range,
    body text,
    owner_id integer references public.rest_owners (id),
    created_at timestamptz not null default '2026-01-01T00:00:00Z'
  );
  create table public.rest_tags (
    id integer primary key,
    label text not null unique
  );
  create table public.rest_item_tags (
    item_id integer references public.rest_items (id) on delete cascade,
    tag_id integer references public.rest_tags (id),
    primary key (item_id, tag_id)
  );
  create table public.rest_notes (
    id serial primary key,
    owner_id integer not null default 1 references public.rest_owners (id),
    title text not null check (char_length(title) <= 50),
    note text default 'n/a'
  );
  alter table public.rest_notes enable row level security;
  create policy rest_notes_select_anon on public.rest_notes for select to anon using (title <> 'secret');
  create policy rest_notes_insert_anon on public.rest_notes for insert to anon with check (title <> 'forbidden');
  create policy rest_notes_update_anon on public.rest_notes for update to anon using (true) with check (true);
  create policy rest_notes_delete_anon on public.rest_notes for delete to anon using (title <> 'keep');
  grant select, insert, update, delete on public.rest_owners, public.rest_items, public.rest_tags,
    public.rest_item_tags, public.rest_notes to anon, authenticated, service_role;
  grant usage on sequence public.rest_notes_id_seq to anon, authenticated, service_role;

  create function public.rest_add(a integer, b integer default 10) returns integer
    language sql immutable as $$ select a + b $$;
  create function public.rest_items_under(max_price numeric) returns setof public.rest_items
    language sql stable as $$ select * from public.rest_items where price < max_price $$;
  create function public.rest_numbers(n integer) returns setof integer
    language sql immutable as $$ select generate_series(1, n) $$;
  create function public.rest_touch() returns void language sql as $$ select 1 $$;
  create function public.rest_fail(message text) returns void language plpgsql as $$
    begin raise exception '%', message using hint = 'try again'; end $$;
  create function public.rest_owner(owner integer) returns public.rest_owners
    language sql stable as $$ select * from public.rest_owners where id = owner $$;
  grant execute on all functions in schema public to anon, authenticated, service_role;

  insert into public.rest_owners values (1, 'Ada'), (2, 'Brian'), (3, 'Chen');
  insert into public.rest_items (id, name, price, qty, active, tags, meta, during, body, owner_id) values
    (1, 'Lantern', 12.50, 5, true, '{light,camp}', '{"color": "red", "size": {"h": 10}}', '[1,5)',
     'a brass lantern for ghost walks', 1),
    (2, 'Candle', 2.00, 50, true, '{light}', '{"color": "white"}', '[5,10)', 'a wax candle burning low', 1),
    (3, 'Map, old', 30.00, null, false, '{paper}', null, '[10,20)', 'an old map of the haunted gaol', 2),
    (4, 'Rope', null, 0, null, '{}', '{"color": "brown"}', null, null, null),
    (5, 'O''Brien''s "Guide"', 19.99, 2, true, '{paper,book}', '{"color": "green"}', '[3,8)',
     'the guide to ghosts of Tasmania', 3);
  insert into public.rest_tags values (1, 'outdoor'), (2, 'fragile'), (3, 'reading');
  insert into public.rest_item_tags values (1, 1), (2, 2), (3, 2), (3, 3), (5, 3);
  insert into public.rest_notes (owner_id, title) values (1, 'first'), (1, 'secret'), (2, 'keep');
`;

export interface RestFixture {
  stack: TestStack;
  anon: SupabaseClient;
  service: SupabaseClient;
}

export async function startRestFixture(database: TestDatabaseKind): Promise<RestFixture> {
  const stack = await startTestStack({ database });
  await stack.db.exec(SCRATCH_SQL);
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  return {
    stack,
    anon: createClient(stack.url, stack.anonKey, options),
    service: createClient(stack.url, stack.serviceRoleKey, options),
  };
}

/** A raw request to the REST API with the anon key, for shapes supabase-js never sends. */
export async function rawRest(
  stack: TestStack,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${stack.url}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: { apikey: stack.anonKey, ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}
