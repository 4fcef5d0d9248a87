-- Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
-- members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
-- Answers are private to their member and admins. The fields live in the form row as a JSON array that a
-- CHECK validates (one place), and answers are validated against them by the only function that writes them.

-- Fields: 1 to 30 of {key, label, kind, required, options}; kind text|choice|date|yes_no; a choice has 2 to
-- 10 distinct options, nothing else has options. Raises a clear message for the first thing wrong.
create function private.check_form_fields(fields jsonb) returns boolean
language plpgsql immutable set search_path = ''
as $$
declare
  field jsonb;
  n integer := 0;
  keys text[] := '{}';
begin
  if jsonb_typeof(fields) is distinct from 'array' or jsonb_array_length(fields) not between 1 and 30 then
    raise exception 'A form has 1 to 30 fields.' using errcode = '23514';
  end if;
  for field in select value from jsonb_array_elements(fields) loop
    n := n + 1;
    if jsonb_typeof(field) is distinct from 'object'
       or jsonb_typeof(field -> 'key') is distinct from 'string'
       or (field ->> 'key') !~ '^f[0-9]{1,3}$' or (field ->> 'key') = any (keys) then
      raise exception 'Field %: its key must be unique (f1, f2…).', n using errcode = '23514';
    end if;
    keys := keys || (field ->> 'key');
    if jsonb_typeof(field -> 'label') is distinct from 'string'
       or char_length(btrim(field ->> 'label')) not between 1 and 120 then
      raise exception 'Field %: the question needs 1 to 120 characters.', n using errcode = '23514';
    end if;
    if (field ->> 'kind') is null or (field ->> 'kind') not in ('text', 'choice', 'date', 'yes_no') then
      raise exception 'Field %: the type must be text, choice, date or yes/no.', n using errcode = '23514';
    end if;
    if jsonb_typeof(field -> 'required') is distinct from 'boolean' then
      raise exception 'Field %: say whether it is required.', n using errcode = '23514';
    end if;
    if (field ->> 'kind') = 'choice' then
      if jsonb_typeof(field -> 'options') is distinct from 'array'
         or jsonb_array_length(field -> 'options') not between 2 and 10
         or exists (select 1 from jsonb_array_elements(field -> 'options') o
                    where jsonb_typeof(o) <> 'string' or char_length(btrim(o #>> '{}')) not between 1 and 80)
         or (select count(distinct o #>> '{}') from jsonb_array_elements(field -> 'options') o)
            <> jsonb_array_length(field -> 'options') then
        raise exception 'Field %: a choice needs 2 to 10 different options of 1 to 80 characters.', n
          using errcode = '23514';
      end if;
    elsif field ? 'options' then
      raise exception 'Field %: only a choice has options.', n using errcode = '23514';
    end if;
  end loop;
  return true;
end
$$;
grant execute on function private.check_form_fields(jsonb) to authenticated, service_role;

create table public.traveller_forms (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 120),
  due_date date not null,
  fields jsonb not null check (private.check_form_fields(fields)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.traveller_forms enable row level security;
create index traveller_forms_event_id_idx on public.traveller_forms (event_id);
create trigger set_updated_at before update on public.traveller_forms
  for each row execute function private.set_updated_at();
create trigger audit_change after insert or update or delete on public.traveller_forms
  for each row execute function private.audit_change('title');

-- One answer set per member per form (the primary key): written only by submit_traveller_form.
create table public.traveller_form_responses (
  form_id uuid not null references public.traveller_forms (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  answers jsonb not null,
  submitted_at timestamptz not null default now(),
  primary key (form_id, user_id)
);
alter table public.traveller_form_responses enable row level security;
create index traveller_form_responses_user_id_idx on public.traveller_form_responses (user_id);

-- Is the caller booked on the form's event? Security definer so the policy below does not depend on the
-- caller's rights on bookings; it says nothing about anyone else.
create function private.is_booked_on_form(p_form_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.traveller_forms f
    join public.bookings b on b.event_id = f.event_id
    where f.id = p_form_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
  )
$$;
revoke all on function private.is_booked_on_form(uuid) from public;
grant execute on function private.is_booked_on_form(uuid) to authenticated;

revoke all on table public.traveller_forms, public.traveller_form_responses from anon, authenticated;
grant select, delete on table public.traveller_forms to authenticated;
grant insert (event_id, title, due_date, fields), update (title, due_date, fields)
  on table public.traveller_forms to authenticated;
grant select on table public.traveller_form_responses to authenticated;
grant all on table public.traveller_forms, public.traveller_form_responses to service_role;

create policy traveller_forms_select_authenticated on public.traveller_forms
  for select to authenticated
  using ((select private.is_admin()) or private.is_booked_on_form(id));
create policy traveller_forms_insert_authenticated on public.traveller_forms
  for insert to authenticated with check ((select private.is_admin()));
create policy traveller_forms_update_authenticated on public.traveller_forms
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy traveller_forms_delete_authenticated on public.traveller_forms
  for delete to authenticated using ((select private.is_admin()));
create policy traveller_form_responses_select_authenticated on public.traveller_form_responses
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- ---------------------------------------------------------------- the member's side

-- The caller's forms: every form of an event they are booked on, with their answers if they have sent them.
create function public.my_traveller_forms()
returns table (id uuid, title text, due_date date, fields jsonb, event_title text,
  answers jsonb, submitted_at timestamptz)
language sql stable security definer set search_path = ''
as $$
  select f.id, f.title, f.due_date, f.fields, e.title, r.answers, r.submitted_at
  from public.traveller_forms f
  join public.events e on e.id = f.event_id
  left join public.traveller_form_responses r on r.form_id = f.id and r.user_id = (select auth.uid())
  where exists (select 1 from public.bookings b
                where b.event_id = f.event_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled')
  order by f.due_date, f.title
$$;

-- A calendar date written YYYY-MM-DD that exists (2026-02-30 does not).
create function private.is_iso_date(value text) returns boolean
language plpgsql immutable set search_path = ''
as $$
begin
  return value ~ '^\d{4}-\d{2}-\d{2}$' and to_char(value::date, 'YYYY-MM-DD') = value;
exception when others then
  return false;
end
$$;

-- Answers: an object keyed by field key. Text ≤ 2,000 characters, a choice one of its options, a date
-- YYYY-MM-DD, yes/no a boolean; a required field must be answered; unknown keys are refused.
create function public.submit_traveller_form(p_form_id uuid, p_answers jsonb) returns timestamptz
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
  insert into public.traveller_form_responses (form_id, user_id, answers)
  values (p_form_id, (select auth.uid()), clean)
  on conflict (form_id, user_id) do update set answers = excluded.answers, submitted_at = now()
  returning submitted_at into sent;
  return sent;
end
$$;

-- ---------------------------------------------------------------- the admin's side

-- Everyone booked on the form's event, with their answers (null: not filled). Also the CSV export.
create function public.admin_traveller_form_status(p_form_id uuid)
returns table (user_id uuid, full_name text, email text, submitted_at timestamptz, answers jsonb)
language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_admin('see who filled a traveller form');
  return query
    select p.id, p.full_name, u.email::text, r.submitted_at, r.answers
    from public.traveller_forms f
    join (select distinct b.user_id from public.bookings b
          join public.traveller_forms f2 on f2.event_id = b.event_id
          where f2.id = p_form_id and b.status <> 'cancelled') booked on true
    join public.profiles p on p.id = booked.user_id
    join auth.users u on u.id = p.id
    left join public.traveller_form_responses r on r.form_id = f.id and r.user_id = p.id
    where f.id = p_form_id
    order by r.submitted_at nulls first, p.full_name;
end
$$;

-- E-mails every booked member who has not filled the form yet; returns how many were reminded.
create function public.remind_traveller_form(p_form_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  form public.traveller_forms;
  event_title text;
  settings private.company_settings;
  reminded integer;
begin
  perform private.require_admin('remind travellers');
  select * into form from public.traveller_forms where id = p_form_id;
  if form is null then
    raise exception 'This form no longer exists.' using errcode = 'P0002';
  end if;
  select e.title into event_title from public.events e where e.id = form.event_id;
  select * into settings from private.company_settings;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  select u.email, settings.contact_email,
    left('Reminder: ' || form.title || ' for ' || event_title, 300),
    'Please fill in "' || form.title || '" for ' || event_title || ' by '
      || to_char(form.due_date, 'FMDD Mon YYYY') || '.' || E'\n\n'
      || 'Open your dashboard: ' || coalesce(settings.site_url, '') || '/dashboard'
      || E'\n\n-- \n' || coalesce(settings.brand_name, 'The team')
  from (select distinct b.user_id from public.bookings b
        where b.event_id = form.event_id and b.status <> 'cancelled') booked
  join auth.users u on u.id = booked.user_id
  where u.email is not null
    and not exists (select 1 from public.traveller_form_responses r
                    where r.form_id = p_form_id and r.user_id = booked.user_id);
  get diagnostics reminded = row_count;
  if reminded > 0 then
    perform pg_notify('outbound_mail', '');
  end if;
  return reminded;
end
$$;

revoke all on function public.my_traveller_forms(), public.submit_traveller_form(uuid, jsonb),
  public.admin_traveller_form_status(uuid), public.remind_traveller_form(uuid) from public, anon;
grant execute on function public.my_traveller_forms(), public.submit_traveller_form(uuid, jsonb),
  public.admin_traveller_form_status(uuid), public.remind_traveller_form(uuid) to authenticated;
