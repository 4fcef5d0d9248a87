-- Traveller forms answered by each traveller (decision 0045): a form says who answers it, the booking holder
-- once for the party (as before) or each person named on the booking (booking_travellers → travellers).
-- The member who holds the booking answers for each of them; the database checks that the traveller is
-- named on a booking of theirs on the form's event.

alter table public.traveller_forms
  add column answered_by text not null default 'holder' check (answered_by in ('holder', 'traveller'));
grant insert (answered_by), update (answered_by) on table public.traveller_forms to authenticated;

-- One answer set per member per form (holder forms, traveller_id null) or per member per traveller. Nulls
-- are not distinct, so a holder form still keeps one answer set per member.
alter table public.traveller_form_responses drop constraint traveller_form_responses_pkey;
alter table public.traveller_form_responses
  add column id uuid not null default gen_random_uuid() primary key,
  add column traveller_id uuid references public.travellers (id) on delete cascade;
alter table public.traveller_form_responses
  add constraint traveller_form_responses_one_per_person unique nulls not distinct (form_id, user_id, traveller_id);
create index traveller_form_responses_traveller_id_idx on public.traveller_form_responses (traveller_id);

-- The caller's named travellers on the form's event (bookings not cancelled), each once.
create function private.my_form_travellers(p_form_id uuid)
returns table (traveller_id uuid, full_name text)
language sql stable security definer set search_path = ''
as $$
  select distinct t.id, t.full_name
  from public.traveller_forms f
  join public.bookings b on b.event_id = f.event_id
  join public.booking_travellers bt on bt.booking_id = b.id
  join public.travellers t on t.id = bt.traveller_id
  where f.id = p_form_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
$$;
revoke all on function private.my_form_travellers(uuid) from public;
grant execute on function private.my_form_travellers(uuid) to authenticated;

-- How many places on the caller's bookings for the form's event have nobody named yet.
create function private.my_unnamed_places(p_form_id uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select coalesce(sum(greatest(0, b.travellers
           - (select count(*) from public.booking_travellers bt where bt.booking_id = b.id))), 0)::integer
  from public.traveller_forms f
  join public.bookings b on b.event_id = f.event_id
  where f.id = p_form_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
$$;
revoke all on function private.my_unnamed_places(uuid) from public;
grant execute on function private.my_unnamed_places(uuid) to authenticated;

-- ---------------------------------------------------------------- the member's side

drop function public.my_traveller_forms();
-- The caller's forms. A holder form carries the member's answers; a traveller form carries one entry per
-- named traveller ({traveller_id, full_name, answers, submitted_at}) and how many places are not named.
create function public.my_traveller_forms()
returns table (id uuid, title text, due_date date, fields jsonb, event_title text, answered_by text,
  answers jsonb, submitted_at timestamptz, travellers jsonb, unnamed integer)
language sql stable security definer set search_path = ''
as $$
  select f.id, f.title, f.due_date, f.fields, e.title, f.answered_by, r.answers, r.submitted_at,
    case when f.answered_by = 'traveller' then coalesce((
      select jsonb_agg(jsonb_build_object('traveller_id', t.traveller_id, 'full_name', t.full_name,
               'answers', tr.answers, 'submitted_at', tr.submitted_at) order by t.full_name, t.traveller_id)
      from private.my_form_travellers(f.id) t
      left join public.traveller_form_responses tr
        on tr.form_id = f.id and tr.user_id = (select auth.uid()) and tr.traveller_id = t.traveller_id
    ), '[]'::jsonb) else '[]'::jsonb end,
    case when f.answered_by = 'traveller' then private.my_unnamed_places(f.id) else 0 end
  from public.traveller_forms f
  join public.events e on e.id = f.event_id
  left join public.traveller_form_responses r
    on f.answered_by = 'holder' and r.form_id = f.id and r.user_id = (select auth.uid())
   and r.traveller_id is null
  where exists (select 1 from public.bookings b
                where b.event_id = f.event_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled')
  order by f.due_date, f.title
$$;

drop function public.submit_traveller_form(uuid, jsonb);
-- Answers as before (migration 20261127400001); a traveller form also needs the traveller, who must be
-- named on one of the caller's bookings on its event; a holder form takes none.
create function public.submit_traveller_form(p_form_id uuid, p_answers jsonb, p_traveller_id uuid default null)
returns timestamptz
language plpgsql security definer set search_path = ''
as $$
declare
  form public.traveller_forms;
  field jsonb;
  answer jsonb;
  clean jsonb := '{}';
  sent timestamptz;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to fill this form.' using errcode = '42501';
  end if;
  select * into form from public.traveller_forms where id = p_form_id;
  if form is null or not private.is_booked_on_form(p_form_id) then
    raise exception 'This form is for travellers booked on its event.' using errcode = '42501';
  end if;
  if form.answered_by = 'traveller' then
    if p_traveller_id is null then
      raise exception 'Say which traveller these answers are for.' using errcode = '22023';
    end if;
    if not exists (select 1 from private.my_form_travellers(p_form_id) t where t.traveller_id = p_traveller_id) then
      raise exception 'This traveller is not named on your booking for this event.' using errcode = '42501';
    end if;
  elsif p_traveller_id is not null then
    raise exception 'This form is answered once per booking, not per traveller.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_answers) is distinct from 'object' then
    raise exception 'The answers must be an object keyed by field.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_object_keys(p_answers) k
             where not exists (select 1 from jsonb_array_elements(form.fields) f where f ->> 'key' = k)) then
    raise exception 'An answer is for a question this form does not have.' using errcode = '22023';
  end if;
  for field in select value from jsonb_array_elements(form.fields) loop
    answer := p_answers -> (field ->> 'key');
    if answer is null or answer = 'null'::jsonb or answer = '""'::jsonb then
      if (field -> 'required')::boolean then
        raise exception '"%" is required.', field ->> 'label' using errcode = '23514';
      end if;
      continue;
    end if;
    if (field ->> 'kind') = 'yes_no' then
      if jsonb_typeof(answer) <> 'boolean' then
        raise exception '"%" must be yes or no.', field ->> 'label' using errcode = '22023';
      end if;
    elsif jsonb_typeof(answer) <> 'string' then
      raise exception '"%" must be text.', field ->> 'label' using errcode = '22023';
    elsif (field ->> 'kind') = 'text' and char_length(answer #>> '{}') > 2000 then
      raise exception '"%" is at most 2,000 characters.', field ->> 'label' using errcode = '23514';
    elsif (field ->> 'kind') = 'choice' and not (field -> 'options') @> jsonb_build_array(answer) then
      raise exception '"%" must be one of its options.', field ->> 'label' using errcode = '22023';
    elsif (field ->> 'kind') = 'date' and not private.is_iso_date(answer #>> '{}') then
      raise exception '"%" must be a date (YYYY-MM-DD).', field ->> 'label' using errcode = '22023';
    end if;
    clean := clean || jsonb_build_object(field ->> 'key', answer);
  end loop;
  insert into public.traveller_form_responses (form_id, user_id, traveller_id, answers)
  values (p_form_id, (select auth.uid()), p_traveller_id, clean)
  on conflict (form_id, user_id, traveller_id) do update set answers = excluded.answers, submitted_at = now()
  returning submitted_at into sent;
  return sent;
end
$$;

-- ---------------------------------------------------------------- the admin's side

drop function public.admin_traveller_form_status(uuid);
-- One row per booked member (holder form) or per named traveller (traveller form), with the answers (null:
-- not filled). A traveller form also has one row per member with places nobody is named for yet
-- (traveller_id null, unnamed > 0), so the admin sees who still has to name their travellers.
create function public.admin_traveller_form_status(p_form_id uuid)
returns table (user_id uuid, full_name text, email text, traveller_id uuid, traveller_name text,
  unnamed integer, submitted_at timestamptz, answers jsonb)
language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  per_traveller boolean;
begin
  perform private.require_admin('see who filled a traveller form');
  select f.answered_by = 'traveller' into per_traveller from public.traveller_forms f where f.id = p_form_id;
  if not coalesce(per_traveller, false) then
    return query
      select p.id, p.full_name, u.email::text, null::uuid, null::text, 0, r.submitted_at, r.answers
      from public.traveller_forms f
      join (select distinct b.user_id from public.bookings b
            join public.traveller_forms f2 on f2.event_id = b.event_id
            where f2.id = p_form_id and b.status <> 'cancelled') booked on true
      join public.profiles p on p.id = booked.user_id
      join auth.users u on u.id = p.id
      left join public.traveller_form_responses r
        on r.form_id = f.id and r.user_id = p.id and r.traveller_id is null
      where f.id = p_form_id
      order by r.submitted_at nulls first, p.full_name;
    return;
  end if;
  return query
    with bookings as (
      select b.id, b.user_id, b.travellers from public.bookings b
      join public.traveller_forms f on f.event_id = b.event_id
      where f.id = p_form_id and b.status <> 'cancelled'
    ), named as (
      select distinct bk.user_id, t.id as traveller_id, t.full_name
      from bookings bk
      join public.booking_travellers bt on bt.booking_id = bk.id
      join public.travellers t on t.id = bt.traveller_id
    ), unnamed as (
      select bk.user_id, sum(greatest(0, bk.travellers
               - (select count(*) from public.booking_travellers bt where bt.booking_id = bk.id)))::integer as n
      from bookings bk group by bk.user_id
    )
    select rows.* from (
      select p.id, p.full_name, u.email::text, n.traveller_id, n.full_name, 0, r.submitted_at, r.answers
      from named n
      join public.profiles p on p.id = n.user_id
      join auth.users u on u.id = p.id
      left join public.traveller_form_responses r
        on r.form_id = p_form_id and r.user_id = n.user_id and r.traveller_id = n.traveller_id
      union all
      select p.id, p.full_name, u.email::text, null::uuid, null::text, un.n, null::timestamptz, null::jsonb
      from unnamed un
      join public.profiles p on p.id = un.user_id
      join auth.users u on u.id = p.id
      where un.n > 0
    ) rows (user_id, full_name, email, traveller_id, traveller_name, unnamed, submitted_at, answers)
    order by rows.submitted_at nulls first, rows.full_name, rows.traveller_name nulls first;
end
$$;

revoke all on function public.my_traveller_forms(), public.submit_traveller_form(uuid, jsonb, uuid),
  public.admin_traveller_form_status(uuid) from public, anon;
grant execute on function public.my_traveller_forms(), public.submit_traveller_form(uuid, jsonb, uuid),
  public.admin_traveller_form_status(uuid) to authenticated;
