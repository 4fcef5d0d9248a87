-- Member profiles, the admin helper and the shared trigger functions.
-- Every table gets explicit grants: new public tables are not exposed to the API roles by default, and on
-- older projects where they are, the `revoke all` first makes the grants below the whole truth.

create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create type public.membership_tier as enum ('vip', 'next_room');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text check (full_name is null or char_length(full_name) <= 200),
  is_admin boolean not null default false,
  membership_tier public.membership_tier not null default 'vip',
  -- Digits with the usual separators and an optional leading +, as the forms accept: (03) 9000-0000.
  phone text check (phone ~ '^\+?[0-9 ().-]{6,29}$' and phone ~ '[0-9]{2}'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per auth user, created by the on_auth_user_created trigger.';
alter table public.profiles enable row level security;

-- ---------------------------------------------------------------- helpers

-- Admin is profiles.is_admin; security definer so policies can ask without seeing other profiles.
create function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select p.is_admin from public.profiles p where p.id = (select auth.uid())), false)
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- True for the API's end-user roles; service_role, migrations and the auth service act with full rights.
create function private.is_end_user() returns boolean
language sql stable set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
$$;
grant execute on function private.is_end_user() to anon, authenticated, service_role;

create function private.set_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- ---------------------------------------------------------------- profile rules

-- Creates the profile at sign-up from the full_name metadata (trimmed, at most 200 characters).
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200));
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Whatever columns a member sends, only an admin changes is_admin or membership_tier.
create function private.guard_profile_privileges() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if private.is_end_user() and not private.is_admin()
     and (new.is_admin is distinct from old.is_admin or new.membership_tier is distinct from old.membership_tier) then
    raise exception 'only an admin can change is_admin or membership_tier'
      using errcode = '42501', hint = 'Send only full_name and phone.';
  end if;
  return new;
end
$$;

create trigger guard_profile_privileges
  before update on public.profiles
  for each row execute function private.guard_profile_privileges();

create trigger set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------- access

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
-- is_admin and membership_tier are granted for admins; the guard trigger refuses them to members.
grant update (full_name, phone, is_admin, membership_tier) on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy profiles_select_authenticated on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));

create policy profiles_update_authenticated on public.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()))
  with check (id = (select auth.uid()) or (select private.is_admin()));
