-- Bookings and their payment schedules. Amounts are whole cents; members read only their own, admins
-- write everything. Bookings are financial records: deleting a member or an event does not erase them.

create type public.booking_status as enum ('pending', 'confirmed', 'cancelled', 'completed');

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete restrict,
  user_id uuid not null references public.profiles (id) on delete restrict,
  invoice_number text not null unique check (invoice_number ~ '^[A-Z0-9][A-Z0-9-]{2,39}$'),
  travellers smallint not null default 1 check (travellers between 1 and 50),
  total_cents integer not null check (total_cents >= 0),
  deposit_cents integer not null default 0 check (deposit_cents >= 0),
  currency text not null default 'AUD' check (currency ~ '^[A-Z]{3}$'),
  status public.booking_status not null default 'confirmed',
  notes text check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_deposit_within_total check (deposit_cents <= total_cents)
);
alter table public.bookings enable row level security;
create index bookings_user_id_idx on public.bookings (user_id);
create index bookings_event_id_idx on public.bookings (event_id);

create table public.booking_installments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  due_date date not null,
  amount_cents integer not null check (amount_cents > 0),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.booking_installments enable row level security;
create index booking_installments_booking_id_due_date_idx on public.booking_installments (booking_id, due_date);

create trigger set_updated_at before update on public.bookings
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.booking_installments
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------- instalments sum to the total

-- Checked at commit, so a schedule can be written in several statements of one transaction (or one
-- multi-row insert). A booking without instalments yet is allowed: its schedule is still being set up.
create function private.check_installments_total() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  targets uuid[] := '{}';
  target_booking uuid;
  booking_total integer;
  scheduled bigint;
  instalment_count integer;
begin
  if tg_table_name = 'bookings' then
    targets := array[new.id];
  else
    -- An instalment moved to another booking changes both schedules.
    if tg_op <> 'INSERT' then targets := targets || old.booking_id; end if;
    if tg_op <> 'DELETE' then targets := targets || new.booking_id; end if;
  end if;
  foreach target_booking in array targets loop
    select b.total_cents into booking_total from public.bookings b where b.id = target_booking;
    continue when not found; -- the booking itself was deleted
    select coalesce(sum(i.amount_cents), 0), count(*) into scheduled, instalment_count
    from public.booking_installments i where i.booking_id = target_booking;
    if instalment_count > 0 and scheduled <> booking_total then
      raise exception 'instalments of booking % sum to % cents, not the total of % cents',
        target_booking, scheduled, booking_total
        using errcode = '23514';
    end if;
  end loop;
  return null;
end
$$;

create constraint trigger installments_sum_to_total
  after insert or update or delete on public.booking_installments
  deferrable initially deferred
  for each row execute function private.check_installments_total();

create constraint trigger installments_sum_to_total
  after update of total_cents on public.bookings
  deferrable initially deferred
  for each row execute function private.check_installments_total();

-- Replaces a booking's schedule in one call (one transaction), so the sum holds when it commits.
-- Runs as the caller: only admins pass the policies below.
create function public.set_booking_schedule(p_booking_id uuid, p_installments jsonb)
returns setof public.booking_installments
language sql set search_path = ''
as $$
  delete from public.booking_installments where booking_id = p_booking_id;
  insert into public.booking_installments (booking_id, due_date, amount_cents, paid_at)
  select p_booking_id, i.due_date, i.amount_cents, i.paid_at
  from jsonb_to_recordset(p_installments) as i (due_date date, amount_cents integer, paid_at timestamptz)
  returning *;
$$;
revoke all on function public.set_booking_schedule(uuid, jsonb) from public, anon;
grant execute on function public.set_booking_schedule(uuid, jsonb) to authenticated, service_role;

-- What the dashboard shows: paid so far and the remaining balance, under the caller's own policies.
create view public.booking_balances
with (security_invoker = true)
as
  select
    b.id as booking_id,
    b.total_cents,
    coalesce(sum(i.amount_cents) filter (where i.paid_at is not null), 0)::integer as paid_cents,
    (b.total_cents - coalesce(sum(i.amount_cents) filter (where i.paid_at is not null), 0))::integer as remaining_cents
  from public.bookings b
  left join public.booking_installments i on i.booking_id = b.id
  group by b.id;

-- ---------------------------------------------------------------- access

revoke all on table public.bookings, public.booking_installments, public.booking_balances from anon, authenticated;
grant select, insert, update, delete on table public.bookings, public.booking_installments to authenticated;
grant select on table public.booking_balances to authenticated;
grant all on table public.bookings, public.booking_installments, public.booking_balances to service_role;

create policy bookings_select_authenticated on public.bookings
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy bookings_insert_admin on public.bookings
  for insert to authenticated with check ((select private.is_admin()));
create policy bookings_update_admin on public.bookings
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy bookings_delete_admin on public.bookings
  for delete to authenticated using ((select private.is_admin()));

create policy booking_installments_select_authenticated on public.booking_installments
  for select to authenticated
  using (
    exists (select 1 from public.bookings b where b.id = booking_id and b.user_id = (select auth.uid()))
    or (select private.is_admin())
  );
create policy booking_installments_insert_admin on public.booking_installments
  for insert to authenticated with check ((select private.is_admin()));
create policy booking_installments_update_admin on public.booking_installments
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy booking_installments_delete_admin on public.booking_installments
  for delete to authenticated using ((select private.is_admin()));
