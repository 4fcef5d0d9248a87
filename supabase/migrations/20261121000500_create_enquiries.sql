-- What visitors send the company: waitlist entries, interest registrations and contact messages.
-- Anyone may send one; only admins read, update or delete them.

create function private.is_email(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and char_length(value) <= 254
$$;
grant execute on function private.is_email(text) to anon, authenticated, service_role;

create table public.waitlist_submissions (
  id uuid primary key default gen_random_uuid(),
  event_name text not null check (btrim(event_name) <> '' and char_length(event_name) <= 200),
  event_id uuid references public.events (id) on delete set null,
  full_name text not null check (btrim(full_name) <> '' and char_length(full_name) <= 200),
  email text not null check (private.is_email(email)),
  phone text check (char_length(phone) <= 30),
  notes text check (char_length(notes) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.waitlist_submissions enable row level security;
-- One entry per e-mail and event whatever the letter case, even when two submissions race.
create unique index waitlist_submissions_event_email_key
  on public.waitlist_submissions (event_name, lower(email));
create index waitlist_submissions_event_id_idx on public.waitlist_submissions (event_id);

create table public.interest_registrations (
  id uuid primary key default gen_random_uuid(),
  event_name text not null check (btrim(event_name) <> '' and char_length(event_name) <= 200),
  event_id uuid references public.events (id) on delete set null,
  full_name text not null check (btrim(full_name) <> '' and char_length(full_name) <= 200),
  email text not null check (private.is_email(email)),
  phone text check (char_length(phone) <= 30),
  message text check (char_length(message) <= 2000),
  created_at timestamptz not null default now()
);
alter table public.interest_registrations enable row level security;
create index interest_registrations_event_id_idx on public.interest_registrations (event_id);

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (btrim(full_name) <> '' and char_length(full_name) <= 200),
  email text not null check (private.is_email(email)),
  phone text check (char_length(phone) <= 30),
  message text not null check (message ~ '[^[:space:]]' and char_length(message) <= 5000),
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
comment on column public.contact_messages.handled_at is 'Set by an admin once the message has been answered.';
alter table public.contact_messages enable row level security;
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

-- SELECT is granted to visitors with no policy for them, so a duplicate lookup finds nothing (instead of
-- failing) and the unique index answers 409. Inserts must not ask for the row back (return=minimal).
revoke all on table public.waitlist_submissions, public.interest_registrations, public.contact_messages
  from anon, authenticated;
grant select on table public.waitlist_submissions, public.interest_registrations, public.contact_messages
  to anon, authenticated;
grant update, delete on table public.waitlist_submissions, public.interest_registrations, public.contact_messages
  to authenticated;
grant insert (event_name, event_id, full_name, email, phone, notes) on table public.waitlist_submissions
  to anon, authenticated;
grant insert (event_name, event_id, full_name, email, phone, message) on table public.interest_registrations
  to anon, authenticated;
grant insert (full_name, email, phone, message) on table public.contact_messages to anon, authenticated;
grant all on table public.waitlist_submissions, public.interest_registrations, public.contact_messages
  to service_role;

create policy waitlist_submissions_select_admin on public.waitlist_submissions
  for select to authenticated using ((select private.is_admin()));
create policy waitlist_submissions_insert_anyone on public.waitlist_submissions
  for insert to anon, authenticated
  with check (event_id is null or private.is_public_event(event_id));
create policy waitlist_submissions_update_admin on public.waitlist_submissions
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy waitlist_submissions_delete_admin on public.waitlist_submissions
  for delete to authenticated using ((select private.is_admin()));

create policy interest_registrations_select_admin on public.interest_registrations
  for select to authenticated using ((select private.is_admin()));
create policy interest_registrations_insert_anyone on public.interest_registrations
  for insert to anon, authenticated
  with check (event_id is null or private.is_public_event(event_id));
create policy interest_registrations_update_admin on public.interest_registrations
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy interest_registrations_delete_admin on public.interest_registrations
  for delete to authenticated using ((select private.is_admin()));

-- Contact messages concern no event: the constraints above are the whole rule for senders.
create policy contact_messages_select_admin on public.contact_messages
  for select to authenticated using ((select private.is_admin()));
create policy contact_messages_insert_anyone on public.contact_messages
  for insert to anon, authenticated
  with check (true);
create policy contact_messages_update_admin on public.contact_messages
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy contact_messages_delete_admin on public.contact_messages
  for delete to authenticated using ((select private.is_admin()));
