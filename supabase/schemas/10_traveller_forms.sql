-- Traveller forms: the forms admins build, the answers travellers give, reminders.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261121000100_create_profiles:
--   Member profiles, the admin helper and the shared trigger functions.
--   Every table gets explicit grants: new public tables are not exposed to the API roles by default, and on
--   older projects where they are, the `revoke all` first makes the grants below the whole truth.
-- 20261121000200_create_events:
--   Trips people can book. The slug links a row to the trip's marketing page in Sanity.
-- 20261121000400_create_comments:
--   Comments on events, replies to them, hearts on either, and the authors' public names.
--   Members write and soft-delete only their own words; admins moderate (pin, flag, delete) but never rewrite.
-- 20261121000600_create_bookings:
--   Bookings and their payment schedules. Amounts are whole cents; members read only their own, admins
--   write everything. Bookings are financial records: deleting a member or an event does not erase them.
-- 20261124300001_create_travellers:
--   A member's travellers: the people they book for (themselves included), with what the company needs on
--   a trip (date of birth, dietary and medical notes, an emergency contact). Members keep their own list;
--   admins read every traveller (trip safety). booking_travellers says who travels on which booking.
--   Field rules as src/lib/rules/fields.ts and src/features/travellers/traveller-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261127400001_create_traveller_forms:
--   Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
--   members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
--   Answers are private to their member and admins. The fields live in the form row as a JSON array that a
--   CHECK validates (one place), and answers are validated against them by the only function that writes them.
-- 20261128300001_traveller_forms_per_traveller:
--   Traveller forms answered by each traveller (decision 0045): a form says who answers it, the booking holder
--   once for the party (as before) or each person named on the booking (booking_travellers → travellers).
--   The member who holds the booking answers for each of them; the database checks that the traveller is
--   named on a booking of theirs on the form's event.
-- 20261128300002_guard_answered_forms:
--   Editing a traveller form once people have answered it (decision 0045). Before anyone answers, anything
--   the admin may write can change. After: the title, due date, question wording, required flags, new optional
--   questions and new choice options may change, but who answers it may not, a question with answers may not
--   be removed or change type, and a choice option someone chose may not be removed; the answers stay true.
-- 20261128300003_traveller_form_reminders:
--   A history of a traveller form's reminders (decision 0045): when, by whom and how many people, written
--   only by remind_traveller_form and read by admins on the form's screen.

-- ---------------------------------------------------------------- what public.traveller_forms checks, and its policies ask

-- Fields: 1 to 30 of {key, label, kind, required, options}; kind text|choice|date|yes_no; a choice has 2 to
-- 10 distinct options, nothing else has options. Raises a clear message for the first thing wrong.
CREATE FUNCTION private.check_form_fields(fields jsonb) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;

GRANT ALL ON FUNCTION private.check_form_fields(fields jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.check_form_fields(fields jsonb) TO service_role;

-- Is the caller booked on the form's event? Security definer so the policy below does not depend on the
-- caller's rights on bookings; it says nothing about anyone else.
CREATE FUNCTION private.is_booked_on_form(p_form_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.traveller_forms f
    join public.bookings b on b.event_id = f.event_id
    where f.id = p_form_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
  )
$$;

REVOKE ALL ON FUNCTION private.is_booked_on_form(p_form_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_booked_on_form(p_form_id uuid) TO authenticated;

-- ---------------------------------------------------------------- public.traveller_forms

CREATE TABLE public.traveller_forms (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid NOT NULL,
    title text NOT NULL,
    due_date date NOT NULL,
    fields jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    answered_by text DEFAULT 'holder'::text NOT NULL,
    CONSTRAINT traveller_forms_answered_by_check CHECK ((answered_by = ANY (ARRAY['holder'::text, 'traveller'::text]))),
    CONSTRAINT traveller_forms_fields_check CHECK (private.check_form_fields(fields)),
    CONSTRAINT traveller_forms_title_check CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 120)))
);

ALTER TABLE ONLY public.traveller_forms
    ADD CONSTRAINT traveller_forms_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.traveller_forms
    ADD CONSTRAINT traveller_forms_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

CREATE INDEX traveller_forms_event_id_idx ON public.traveller_forms USING btree (event_id);

ALTER TABLE public.traveller_forms ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.traveller_forms FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY traveller_forms_delete_authenticated ON public.traveller_forms FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY traveller_forms_insert_authenticated ON public.traveller_forms FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY traveller_forms_select_authenticated ON public.traveller_forms FOR SELECT TO authenticated USING ((( SELECT private.is_admin() AS is_admin) OR private.is_booked_on_form(id)));

CREATE POLICY traveller_forms_update_authenticated ON public.traveller_forms FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.traveller_forms TO service_role;
GRANT SELECT,DELETE ON TABLE public.traveller_forms TO authenticated;

GRANT INSERT(event_id) ON TABLE public.traveller_forms TO authenticated;

GRANT INSERT(title),UPDATE(title) ON TABLE public.traveller_forms TO authenticated;

GRANT INSERT(due_date),UPDATE(due_date) ON TABLE public.traveller_forms TO authenticated;

GRANT INSERT(fields),UPDATE(fields) ON TABLE public.traveller_forms TO authenticated;

GRANT INSERT(answered_by),UPDATE(answered_by) ON TABLE public.traveller_forms TO authenticated;

-- public.traveller_forms: its functions and triggers

-- Editing a traveller form once people have answered it (decision 0045). Before anyone answers, anything
-- the admin may write can change. After: the title, due date, question wording, required flags, new optional
-- questions and new choice options may change, but who answers it may not, a question with answers may not
-- be removed or change type, and a choice option someone chose may not be removed; the answers stay true.
CREATE FUNCTION private.guard_answered_form() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  field jsonb;
  fresh jsonb;
  used text;
begin
  if new.fields = old.fields and new.answered_by = old.answered_by then
    return new;
  end if;
  -- Only admins may update a form (RLS), and admins read every answer.
  if not exists (select 1 from public.traveller_form_responses r where r.form_id = old.id) then
    return new;
  end if;
  if new.answered_by <> old.answered_by then
    raise exception 'People have answered this form, so who answers it cannot change.' using errcode = '23514';
  end if;
  for field in select value from jsonb_array_elements(old.fields) loop
    continue when not exists (select 1 from public.traveller_form_responses r
                              where r.form_id = old.id and r.answers ? (field ->> 'key'));
    select value into fresh from jsonb_array_elements(new.fields) where value ->> 'key' = field ->> 'key';
    if fresh is null then
      raise exception '"%" has answers, so it cannot be removed.', field ->> 'label' using errcode = '23514';
    end if;
    if fresh ->> 'kind' <> field ->> 'kind' then
      raise exception '"%" has answers, so its type cannot change.', fresh ->> 'label' using errcode = '23514';
    end if;
    if field ->> 'kind' = 'choice' then
      select r.answers ->> (field ->> 'key') into used
      from public.traveller_form_responses r
      where r.form_id = old.id and r.answers ? (field ->> 'key')
        and not (fresh -> 'options') @> jsonb_build_array(r.answers -> (field ->> 'key'))
      limit 1;
      if used is not null then
        raise exception '"%": the option "%" has been chosen, so it cannot be removed.', fresh ->> 'label', used
          using errcode = '23514';
      end if;
    end if;
  end loop;
  for fresh in select value from jsonb_array_elements(new.fields) loop
    if (fresh -> 'required')::boolean
       and not exists (select 1 from jsonb_array_elements(old.fields) o where o ->> 'key' = fresh ->> 'key') then
      raise exception '"%" is new, so it must be optional: people have already answered this form.',
        fresh ->> 'label' using errcode = '23514';
    end if;
  end loop;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.guard_answered_form() FROM PUBLIC;

-- The caller's named travellers on the form's event (bookings not cancelled), each once.
CREATE FUNCTION private.my_form_travellers(p_form_id uuid) RETURNS TABLE(traveller_id uuid, full_name text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select distinct t.id, t.full_name
  from public.traveller_forms f
  join public.bookings b on b.event_id = f.event_id
  join public.booking_travellers bt on bt.booking_id = b.id
  join public.travellers t on t.id = bt.traveller_id
  where f.id = p_form_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
$$;

REVOKE ALL ON FUNCTION private.my_form_travellers(p_form_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.my_form_travellers(p_form_id uuid) TO authenticated;

-- One row per booked member (holder form) or per named traveller (traveller form), with the answers (null:
-- not filled). A traveller form also has one row per member with places nobody is named for yet
-- (traveller_id null, unnamed > 0), so the admin sees who still has to name their travellers.
CREATE FUNCTION public.admin_traveller_form_status(p_form_id uuid) RETURNS TABLE(user_id uuid, full_name text, email text, traveller_id uuid, traveller_name text, unnamed integer, submitted_at timestamp with time zone, answers jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.admin_traveller_form_status(p_form_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_traveller_form_status(p_form_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.admin_traveller_form_status(p_form_id uuid) TO authenticated;

-- E-mails every booked member who still has something to do on the form: their answers (holder form), or
-- a named traveller's answers or travellers to name (traveller form). Records the reminder; returns how many.
CREATE FUNCTION public.remind_traveller_form(p_form_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    'Please fill in "' || form.title || '" for ' || event_title
      || case when form.answered_by = 'traveller' then ', once for each traveller on your booking,' else '' end
      || ' by ' || to_char(form.due_date, 'FMDD Mon YYYY') || '.' || E'\n\n'
      || 'Open your dashboard: ' || coalesce(settings.site_url, '') || '/dashboard'
      || E'\n\n-- \n' || coalesce(settings.brand_name, 'The team')
  from (select b.user_id from public.bookings b
        where b.event_id = form.event_id and b.status <> 'cancelled'
        group by b.user_id
        having case when form.answered_by = 'holder' then
            not exists (select 1 from public.traveller_form_responses r
                        where r.form_id = p_form_id and r.user_id = b.user_id and r.traveller_id is null)
          else
            -- a place nobody is named for, or a named traveller without answers
            bool_or(b.travellers > (select count(*) from public.booking_travellers bt where bt.booking_id = b.id))
            or exists (select 1 from public.bookings b2
                       join public.booking_travellers bt on bt.booking_id = b2.id
                       where b2.event_id = form.event_id and b2.user_id = b.user_id and b2.status <> 'cancelled'
                         and not exists (select 1 from public.traveller_form_responses r
                                         where r.form_id = p_form_id and r.user_id = b.user_id
                                           and r.traveller_id = bt.traveller_id))
          end) todo
  join auth.users u on u.id = todo.user_id
  where u.email is not null;
  get diagnostics reminded = row_count;
  if reminded > 0 then
    insert into public.traveller_form_reminders (form_id, sent_by, reminded)
    values (p_form_id, (select auth.uid()), reminded);
    perform pg_notify('outbound_mail', '');
  end if;
  return reminded;
end
$$;

REVOKE ALL ON FUNCTION public.remind_traveller_form(p_form_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.remind_traveller_form(p_form_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.remind_traveller_form(p_form_id uuid) TO authenticated;

-- Answers as before (migration 20261127400001); a traveller form also needs the traveller, who must be
-- named on one of the caller's bookings on its event; a holder form takes none.
CREATE FUNCTION public.submit_traveller_form(p_form_id uuid, p_answers jsonb, p_traveller_id uuid DEFAULT NULL::uuid) RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  perform private.require_live_caller();
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

REVOKE ALL ON FUNCTION public.submit_traveller_form(p_form_id uuid, p_answers jsonb, p_traveller_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.submit_traveller_form(p_form_id uuid, p_answers jsonb, p_traveller_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.submit_traveller_form(p_form_id uuid, p_answers jsonb, p_traveller_id uuid) TO authenticated;

CREATE TRIGGER guard_answered_form BEFORE UPDATE OF fields, answered_by ON public.traveller_forms FOR EACH ROW EXECUTE FUNCTION private.guard_answered_form();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.traveller_forms FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- public.traveller_form_reminders

-- A history of a traveller form's reminders (decision 0045): when, by whom and how many people, written
-- only by remind_traveller_form and read by admins on the form's screen.
-- Columns, as the migrations explain them:
--   summary: What the audit log shows for the row ("3 people reminded").
CREATE TABLE public.traveller_form_reminders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    form_id uuid NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_by uuid,
    reminded integer NOT NULL,
    summary text GENERATED ALWAYS AS (((reminded)::text ||
CASE
    WHEN (reminded = 1) THEN ' person reminded'::text
    ELSE ' people reminded'::text
END)) STORED,
    CONSTRAINT traveller_form_reminders_reminded_check CHECK ((reminded > 0))
);

ALTER TABLE ONLY public.traveller_form_reminders
    ADD CONSTRAINT traveller_form_reminders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.traveller_form_reminders
    ADD CONSTRAINT traveller_form_reminders_form_id_fkey FOREIGN KEY (form_id) REFERENCES public.traveller_forms(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.traveller_form_reminders
    ADD CONSTRAINT traveller_form_reminders_sent_by_fkey FOREIGN KEY (sent_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

CREATE INDEX traveller_form_reminders_form_id_idx ON public.traveller_form_reminders USING btree (form_id, sent_at DESC);

CREATE INDEX traveller_form_reminders_sent_by_idx ON public.traveller_form_reminders USING btree (sent_by);

ALTER TABLE public.traveller_form_reminders ENABLE ROW LEVEL SECURITY;

CREATE POLICY traveller_form_reminders_select_authenticated ON public.traveller_form_reminders FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.traveller_form_reminders TO service_role;
GRANT SELECT ON TABLE public.traveller_form_reminders TO authenticated;

-- ---------------------------------------------------------------- public.traveller_form_responses

-- One answer set per member per form (the primary key): written only by submit_traveller_form.
CREATE TABLE public.traveller_form_responses (
    form_id uuid NOT NULL,
    user_id uuid NOT NULL,
    answers jsonb NOT NULL,
    submitted_at timestamp with time zone DEFAULT now() NOT NULL,
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    traveller_id uuid
);

ALTER TABLE ONLY public.traveller_form_responses
    ADD CONSTRAINT traveller_form_responses_one_per_person UNIQUE NULLS NOT DISTINCT (form_id, user_id, traveller_id);

ALTER TABLE ONLY public.traveller_form_responses
    ADD CONSTRAINT traveller_form_responses_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.traveller_form_responses
    ADD CONSTRAINT traveller_form_responses_form_id_fkey FOREIGN KEY (form_id) REFERENCES public.traveller_forms(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.traveller_form_responses
    ADD CONSTRAINT traveller_form_responses_traveller_id_fkey FOREIGN KEY (traveller_id) REFERENCES public.travellers(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.traveller_form_responses
    ADD CONSTRAINT traveller_form_responses_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX traveller_form_responses_traveller_id_idx ON public.traveller_form_responses USING btree (traveller_id);

CREATE INDEX traveller_form_responses_user_id_idx ON public.traveller_form_responses USING btree (user_id);

ALTER TABLE public.traveller_form_responses ENABLE ROW LEVEL SECURITY;

CREATE POLICY traveller_form_responses_select_authenticated ON public.traveller_form_responses FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.traveller_form_responses TO service_role;
GRANT SELECT ON TABLE public.traveller_form_responses TO authenticated;

-- public.traveller_form_responses: its functions

-- The caller's forms. A holder form carries the member's answers; a traveller form carries one entry per
-- named traveller ({traveller_id, full_name, answers, submitted_at}) and how many places are not named.
CREATE FUNCTION public.my_traveller_forms() RETURNS TABLE(id uuid, title text, due_date date, fields jsonb, event_title text, answered_by text, answers jsonb, submitted_at timestamp with time zone, travellers jsonb, unnamed integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.my_traveller_forms() FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_traveller_forms() TO service_role;
GRANT ALL ON FUNCTION public.my_traveller_forms() TO authenticated;
