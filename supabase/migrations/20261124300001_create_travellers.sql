-- A member's travellers: the people they book for (themselves included), with what the company needs on
-- a trip (date of birth, dietary and medical notes, an emergency contact). Members keep their own list;
-- admins read every traveller (trip safety). booking_travellers says who travels on which booking.
-- Field rules as src/lib/rules (fields.ts, travellers.ts); field-rules-agree.test.ts proves they agree.

-- A date of birth: from 1900-01-01 to today. A member east of UTC may already be a day ahead of the
-- database's UTC date, so one day more is allowed here (the form refuses it by the member's own calendar).
create function private.is_birth_date(value date) returns boolean
language sql stable set search_path = ''
as $$
  select value between date '1900-01-01' and (now() at time zone 'utc')::date + 1
$$;
grant execute on function private.is_birth_date(date) to authenticated, service_role;

create table public.travellers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  full_name text not null check (private.is_person_name(full_name)),
  date_of_birth date check (date_of_birth is null or private.is_birth_date(date_of_birth)),
  phone text check (phone is null or private.is_phone(phone)),
  dietary_notes text check (dietary_notes is null or private.is_message(dietary_notes)),
  medical_notes text check (medical_notes is null or private.is_message(medical_notes)),
  emergency_contact_name text
    check (emergency_contact_name is null or private.is_person_name(emergency_contact_name)),
  emergency_contact_phone text
    check (emergency_contact_phone is null or private.is_phone(emergency_contact_phone)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.travellers enable row level security;
create index travellers_user_id_idx on public.travellers (user_id);
create trigger set_updated_at before update on public.travellers
  for each row execute function private.set_updated_at();

-- A link is inserted or deleted, never changed. Both sides belong to the same member (the policy below).
create table public.booking_travellers (
  booking_id uuid not null references public.bookings (id) on delete cascade,
  traveller_id uuid not null references public.travellers (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (booking_id, traveller_id)
);
alter table public.booking_travellers enable row level security;
create index booking_travellers_traveller_id_idx on public.booking_travellers (traveller_id);

-- ---------------------------------------------------------------- access

revoke all on table public.travellers, public.booking_travellers from anon, authenticated;
-- user_id is not granted: it is always the caller (its default), so a member cannot even try another's.
grant select, delete on table public.travellers to authenticated;
grant insert (full_name, date_of_birth, phone, dietary_notes, medical_notes, emergency_contact_name,
  emergency_contact_phone) on table public.travellers to authenticated;
grant update (full_name, date_of_birth, phone, dietary_notes, medical_notes, emergency_contact_name,
  emergency_contact_phone) on table public.travellers to authenticated;
grant select, delete on table public.booking_travellers to authenticated;
grant insert (booking_id, traveller_id) on table public.booking_travellers to authenticated;
grant all on table public.travellers, public.booking_travellers to service_role;

create policy travellers_select_authenticated on public.travellers
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy travellers_insert_authenticated on public.travellers
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy travellers_update_authenticated on public.travellers
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy travellers_delete_authenticated on public.travellers
  for delete to authenticated using (user_id = (select auth.uid()));

create policy booking_travellers_select_authenticated on public.booking_travellers
  for select to authenticated
  using (
    exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid()))
    or (select private.is_admin())
  );
-- The booking and the traveller have the same owner, and the caller is that owner or an admin. Both
-- lookups run under the caller's own policies: a member sees only their own bookings and travellers.
create policy booking_travellers_insert_authenticated on public.booking_travellers
  for insert to authenticated
  with check (
    exists (
      select 1 from public.bookings b
      join public.travellers t on t.user_id = b.user_id
      where b.id = booking_id and t.id = traveller_id
        and (b.user_id = (select auth.uid()) or (select private.is_admin()))
    )
  );
create policy booking_travellers_delete_authenticated on public.booking_travellers
  for delete to authenticated
  using (
    exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid()))
    or (select private.is_admin())
  );
