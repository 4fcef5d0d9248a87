-- Trips people can book. The slug links a row to the trip's marketing page in Sanity.

create type public.event_status as enum ('draft', 'published', 'completed', 'cancelled');

create table public.events (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  title text not null check (btrim(title) <> '' and char_length(title) <= 200),
  description text check (char_length(description) <= 10000),
  location text check (char_length(location) <= 200),
  event_type text not null default 'paranormal' check (event_type in ('paranormal', 'history')),
  status public.event_status not null default 'draft',
  start_date date not null,
  end_date date not null,
  price_cents integer check (price_cents >= 0),
  currency text not null default 'AUD' check (currency ~ '^[A-Z]{3}$'),
  max_registrations integer check (max_registrations is null or max_registrations between 1 and 10000),
  custom_fields jsonb not null default '{}' check (jsonb_typeof(custom_fields) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint events_dates_in_order check (end_date >= start_date)
);
comment on column public.events.max_registrations is 'Capacity: places on the trip (null: not limited).';
comment on column public.events.price_cents is 'Price per person in cents of currency (null: not announced yet).';
alter table public.events enable row level security;

create index events_status_start_date_idx on public.events (status, start_date);
create index events_created_at_idx on public.events (created_at desc);

create trigger set_updated_at
  before update on public.events
  for each row execute function private.set_updated_at();

-- Everything but drafts is public: published trips, completed ones and cancellations people may look up.
-- Security definer so policies on community tables can ask without depending on the events policies.
create function private.is_public_event(event_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.events e where e.id = event_id and e.status <> 'draft')
$$;
revoke all on function private.is_public_event(uuid) from public;
grant execute on function private.is_public_event(uuid) to anon, authenticated, service_role;

revoke all on table public.events from anon, authenticated;
grant select on table public.events to anon, authenticated;
grant insert, update, delete on table public.events to authenticated;
grant all on table public.events to service_role;

create policy events_select_anon on public.events
  for select to anon
  using (status <> 'draft');

create policy events_select_authenticated on public.events
  for select to authenticated
  using (status <> 'draft' or (select private.is_admin()));

create policy events_insert_admin on public.events
  for insert to authenticated
  with check ((select private.is_admin()));

create policy events_update_admin on public.events
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy events_delete_admin on public.events
  for delete to authenticated
  using ((select private.is_admin()));
