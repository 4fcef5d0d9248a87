-- Reactions to events (public), follows and favourites (private to the member).

create type public.reaction_type as enum ('heart', 'ghost', 'flame', 'interested', 'going');

create table public.reactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  reaction_type public.reaction_type not null,
  created_at timestamptz not null default now(),
  constraint reactions_one_per_member_event_type unique (user_id, event_id, reaction_type)
);
alter table public.reactions enable row level security;
create index reactions_event_id_idx on public.reactions (event_id);

create table public.event_follows (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint event_follows_one_per_member_event unique (user_id, event_id)
);
alter table public.event_follows enable row level security;
create index event_follows_event_id_idx on public.event_follows (event_id);

create table public.favorites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint favorites_one_per_member_event unique (user_id, event_id)
);
alter table public.favorites enable row level security;
create index favorites_event_id_idx on public.favorites (event_id);

-- A reaction is a toggle (insert / delete): nobody updates one.
revoke all on table public.reactions, public.event_follows, public.favorites from anon, authenticated;
grant select on table public.reactions to anon, authenticated;
grant insert (user_id, event_id, reaction_type), delete on table public.reactions to authenticated;
grant select, delete on table public.event_follows, public.favorites to authenticated;
grant insert (user_id, event_id) on table public.event_follows, public.favorites to authenticated;
grant all on table public.reactions, public.event_follows, public.favorites to service_role;

create policy reactions_select_anon on public.reactions
  for select to anon
  using (private.is_public_event(event_id));

create policy reactions_select_authenticated on public.reactions
  for select to authenticated
  using (private.is_public_event(event_id) or (select private.is_admin()));

create policy reactions_insert_authenticated on public.reactions
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_public_event(event_id));

create policy reactions_delete_authenticated on public.reactions
  for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy event_follows_select_authenticated on public.event_follows
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy event_follows_insert_authenticated on public.event_follows
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_public_event(event_id));

create policy event_follows_delete_authenticated on public.event_follows
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy favorites_select_authenticated on public.favorites
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy favorites_insert_authenticated on public.favorites
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_public_event(event_id));

create policy favorites_delete_authenticated on public.favorites
  for delete to authenticated
  using (user_id = (select auth.uid()));
