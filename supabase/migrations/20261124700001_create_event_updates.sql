-- Event updates (issue 9, /event-updates): news an admin posts for an event. Members read the updates of
-- the events they follow or have booked (a booking not cancelled); visitors read nothing. Each member
-- marks updates read in event_update_reads, their own rows only. Field rules as
-- src/lib/rules/event-updates.ts; field-rules-agree.test.ts proves they agree.

-- An update's title: trimmed, 1 to 200 characters, one line, no control characters.
create function private.is_update_title(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- An update's body: trimmed, 1 to 5000 characters, no controls but tab, line feed, return.
create function private.is_update_body(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 5000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

grant execute on function private.is_update_title(text), private.is_update_body(text)
  to authenticated, service_role;

create table public.event_updates (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  title text not null check (private.is_update_title(title)),
  body text not null check (private.is_update_body(body)),
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null
);
alter table public.event_updates enable row level security;
create index event_updates_event_id_created_at_idx on public.event_updates (event_id, created_at desc);
create index event_updates_created_by_idx on public.event_updates (created_by);

-- A read marker is inserted once and never changed.
create table public.event_update_reads (
  update_id uuid not null references public.event_updates (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (update_id, user_id)
);
alter table public.event_update_reads enable row level security;
create index event_update_reads_user_id_idx on public.event_update_reads (user_id);

-- Whether the caller follows the event or holds a booking for it that is not cancelled. Runs as the
-- caller: their own policies show them only their own follows and bookings.
create function private.follows_or_booked(p_event_id uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (
    select 1 from public.event_follows f where f.event_id = p_event_id and f.user_id = (select auth.uid())
  ) or exists (
    select 1 from public.bookings b
    where b.event_id = p_event_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
  )
$$;
grant execute on function private.follows_or_booked(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- access

revoke all on table public.event_updates, public.event_update_reads from anon, authenticated;
grant select, delete on table public.event_updates to authenticated;
grant insert (event_id, title, body) on table public.event_updates to authenticated;
grant update (title, body) on table public.event_updates to authenticated;
-- user_id is not granted: it is always the caller (its default).
grant select on table public.event_update_reads to authenticated;
grant insert (update_id) on table public.event_update_reads to authenticated;
grant all on table public.event_updates, public.event_update_reads to service_role;

create policy event_updates_select_authenticated on public.event_updates
  for select to authenticated
  using ((select private.is_admin()) or private.follows_or_booked(event_id));
create policy event_updates_insert_admin on public.event_updates
  for insert to authenticated with check ((select private.is_admin()));
create policy event_updates_update_admin on public.event_updates
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy event_updates_delete_admin on public.event_updates
  for delete to authenticated using ((select private.is_admin()));

create policy event_update_reads_select_authenticated on public.event_update_reads
  for select to authenticated using (user_id = (select auth.uid()));
-- Only an update the caller can read (the lookup runs under the caller's own policy above).
create policy event_update_reads_insert_authenticated on public.event_update_reads
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.event_updates u where u.id = update_id)
  );
