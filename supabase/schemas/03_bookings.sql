-- Bookings, payment instalments, travellers and balances.
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
-- 20261126600001_create_admin_overview:
--   /admin's overview in one request (decision 0038): every figure the screen shows, as one json object, read
--   as the table owner after checking the caller is an admin (a member gets 42501, a visitor cannot call it).
--   "Today", "this month" and "a week" are the company's, in Sydney; weeks start on Monday.
-- 20261127200001_send_event_updates:
--   /admin/event-updates (issue 11): an admin sends an update to a segment of an event's people, in-app and by
--   e-mail, in ONE database call: the update row, its readers (the select policy follows the segment) and one
--   outbox message per address are written in one transaction, so a closed tab loses nothing and a second
--   sender never doubles a message (the outbox's claim takes each row once). Decision 0040.
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

-- ---------------------------------------------------------------- types

CREATE TYPE public.booking_status AS ENUM (
    'pending',
    'confirmed',
    'cancelled',
    'completed'
);

-- ---------------------------------------------------------------- public.bookings

CREATE TABLE public.bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid NOT NULL,
    user_id uuid NOT NULL,
    invoice_number text NOT NULL,
    travellers smallint DEFAULT 1 NOT NULL,
    total_cents integer NOT NULL,
    deposit_cents integer DEFAULT 0 NOT NULL,
    currency text DEFAULT 'AUD'::text NOT NULL,
    status public.booking_status DEFAULT 'confirmed'::public.booking_status NOT NULL,
    notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT bookings_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT bookings_deposit_cents_check CHECK ((deposit_cents >= 0)),
    CONSTRAINT bookings_deposit_within_total CHECK ((deposit_cents <= total_cents)),
    CONSTRAINT bookings_invoice_number_check CHECK ((invoice_number ~ '^[A-Z0-9][A-Z0-9-]{2,39}$'::text)),
    CONSTRAINT bookings_notes_check CHECK ((char_length(notes) <= 2000)),
    CONSTRAINT bookings_total_cents_check CHECK ((total_cents >= 0)),
    CONSTRAINT bookings_travellers_check CHECK (((travellers >= 1) AND (travellers <= 50)))
);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_invoice_number_key UNIQUE (invoice_number);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE RESTRICT;

CREATE INDEX bookings_created_at_idx ON public.bookings USING btree (created_at);

CREATE INDEX bookings_event_id_idx ON public.bookings USING btree (event_id);

CREATE INDEX bookings_user_id_idx ON public.bookings USING btree (user_id);

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.bookings FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY bookings_delete_admin ON public.bookings FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY bookings_insert_admin ON public.bookings FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY bookings_select_authenticated ON public.bookings FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY bookings_update_admin ON public.bookings FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.bookings TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.bookings TO authenticated;

-- public.bookings: its functions and triggers

-- instalments sum to the total:

-- Checked at commit, so a schedule can be written in several statements of one transaction (or one
-- multi-row insert). A booking without instalments yet is allowed: its schedule is still being set up.
CREATE FUNCTION private.check_installments_total() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

-- who reads an update in-app:

-- Whether the caller holds a booking for the event that is not cancelled (runs as the caller).
CREATE FUNCTION private.has_booked(p_event_id uuid) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.bookings b
    where b.event_id = p_event_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
  )
$$;

GRANT ALL ON FUNCTION private.has_booked(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.has_booked(p_event_id uuid) TO service_role;

-- How many places on the caller's bookings for the form's event have nobody named yet.
CREATE FUNCTION private.my_unnamed_places(p_form_id uuid) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(sum(greatest(0, b.travellers
           - (select count(*) from public.booking_travellers bt where bt.booking_id = b.id))), 0)::integer
  from public.traveller_forms f
  join public.bookings b on b.event_id = f.event_id
  where f.id = p_form_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
$$;

REVOKE ALL ON FUNCTION private.my_unnamed_places(p_form_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.my_unnamed_places(p_form_id uuid) TO authenticated;

CREATE CONSTRAINT TRIGGER installments_sum_to_total AFTER UPDATE OF total_cents ON public.bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.check_installments_total();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- public.booking_installments

CREATE TABLE public.booking_installments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    due_date date NOT NULL,
    amount_cents integer NOT NULL,
    paid_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_installments_amount_cents_check CHECK ((amount_cents > 0))
);

ALTER TABLE ONLY public.booking_installments
    ADD CONSTRAINT booking_installments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.booking_installments
    ADD CONSTRAINT booking_installments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE INDEX booking_installments_booking_id_due_date_idx ON public.booking_installments USING btree (booking_id, due_date);

ALTER TABLE public.booking_installments ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.booking_installments FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY booking_installments_delete_admin ON public.booking_installments FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY booking_installments_insert_admin ON public.booking_installments FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY booking_installments_select_authenticated ON public.booking_installments FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = booking_installments.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY booking_installments_update_admin ON public.booking_installments FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.booking_installments TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.booking_installments TO authenticated;

-- public.booking_installments: its functions and triggers

-- Replaces a booking's schedule in one call (one transaction), so the sum holds when it commits.
-- Runs as the caller: only admins pass the policies below.
CREATE FUNCTION public.set_booking_schedule(p_booking_id uuid, p_installments jsonb) RETURNS SETOF public.booking_installments
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  delete from public.booking_installments where booking_id = p_booking_id;
  insert into public.booking_installments (booking_id, due_date, amount_cents, paid_at)
  select p_booking_id, i.due_date, i.amount_cents, i.paid_at
  from jsonb_to_recordset(p_installments) as i (due_date date, amount_cents integer, paid_at timestamptz)
  returning *;
$$;

REVOKE ALL ON FUNCTION public.set_booking_schedule(p_booking_id uuid, p_installments jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_booking_schedule(p_booking_id uuid, p_installments jsonb) TO service_role;
GRANT ALL ON FUNCTION public.set_booking_schedule(p_booking_id uuid, p_installments jsonb) TO authenticated;

CREATE CONSTRAINT TRIGGER installments_sum_to_total AFTER INSERT OR DELETE OR UPDATE ON public.booking_installments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.check_installments_total();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.booking_installments FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- public.travellers

CREATE TABLE public.travellers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    full_name text NOT NULL,
    date_of_birth date,
    phone text,
    dietary_notes text,
    medical_notes text,
    emergency_contact_name text,
    emergency_contact_phone text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT travellers_date_of_birth_check CHECK (((date_of_birth IS NULL) OR private.is_birth_date(date_of_birth))),
    CONSTRAINT travellers_dietary_notes_check CHECK (((dietary_notes IS NULL) OR private.is_message(dietary_notes))),
    CONSTRAINT travellers_emergency_contact_name_check CHECK (((emergency_contact_name IS NULL) OR private.is_person_name(emergency_contact_name))),
    CONSTRAINT travellers_emergency_contact_phone_check CHECK (((emergency_contact_phone IS NULL) OR private.is_phone(emergency_contact_phone))),
    CONSTRAINT travellers_full_name_check CHECK (private.is_person_name(full_name)),
    CONSTRAINT travellers_medical_notes_check CHECK (((medical_notes IS NULL) OR private.is_message(medical_notes))),
    CONSTRAINT travellers_phone_check CHECK (((phone IS NULL) OR private.is_phone(phone)))
);

ALTER TABLE ONLY public.travellers
    ADD CONSTRAINT travellers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.travellers
    ADD CONSTRAINT travellers_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX travellers_user_id_idx ON public.travellers USING btree (user_id);

ALTER TABLE public.travellers ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.travellers FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY travellers_delete_authenticated ON public.travellers FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY travellers_insert_authenticated ON public.travellers FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY travellers_select_authenticated ON public.travellers FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY travellers_update_authenticated ON public.travellers FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

GRANT ALL ON TABLE public.travellers TO service_role;
GRANT SELECT,DELETE ON TABLE public.travellers TO authenticated;

GRANT INSERT(full_name),UPDATE(full_name) ON TABLE public.travellers TO authenticated;

GRANT INSERT(date_of_birth),UPDATE(date_of_birth) ON TABLE public.travellers TO authenticated;

GRANT INSERT(phone),UPDATE(phone) ON TABLE public.travellers TO authenticated;

GRANT INSERT(dietary_notes),UPDATE(dietary_notes) ON TABLE public.travellers TO authenticated;

GRANT INSERT(medical_notes),UPDATE(medical_notes) ON TABLE public.travellers TO authenticated;

GRANT INSERT(emergency_contact_name),UPDATE(emergency_contact_name) ON TABLE public.travellers TO authenticated;

GRANT INSERT(emergency_contact_phone),UPDATE(emergency_contact_phone) ON TABLE public.travellers TO authenticated;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.travellers FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- public.booking_travellers

-- A link is inserted or deleted, never changed. Both sides belong to the same member (the policy below).
CREATE TABLE public.booking_travellers (
    booking_id uuid NOT NULL,
    traveller_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.booking_travellers
    ADD CONSTRAINT booking_travellers_pkey PRIMARY KEY (booking_id, traveller_id);

ALTER TABLE ONLY public.booking_travellers
    ADD CONSTRAINT booking_travellers_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_travellers
    ADD CONSTRAINT booking_travellers_traveller_id_fkey FOREIGN KEY (traveller_id) REFERENCES public.travellers(id) ON DELETE CASCADE;

CREATE INDEX booking_travellers_traveller_id_idx ON public.booking_travellers USING btree (traveller_id);

ALTER TABLE public.booking_travellers ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.booking_travellers FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY booking_travellers_delete_authenticated ON public.booking_travellers FOR DELETE TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = booking_travellers.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

-- The booking and the traveller have the same owner, and the caller is that owner or an admin. Both
-- lookups run under the caller's own policies: a member sees only their own bookings and travellers.
CREATE POLICY booking_travellers_insert_authenticated ON public.booking_travellers FOR INSERT TO authenticated WITH CHECK ((EXISTS ( SELECT 1
   FROM (public.bookings b
     JOIN public.travellers t ON ((t.user_id = b.user_id)))
  WHERE ((b.id = booking_travellers.booking_id) AND (t.id = booking_travellers.traveller_id) AND ((b.user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin))))));

CREATE POLICY booking_travellers_select_authenticated ON public.booking_travellers FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = booking_travellers.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.booking_travellers TO service_role;
GRANT SELECT,DELETE ON TABLE public.booking_travellers TO authenticated;

GRANT INSERT(booking_id) ON TABLE public.booking_travellers TO authenticated;

GRANT INSERT(traveller_id) ON TABLE public.booking_travellers TO authenticated;

-- ---------------------------------------------------------------- public.booking_balances

CREATE VIEW public.booking_balances WITH (security_invoker='true') AS
 SELECT b.id AS booking_id,
    b.total_cents,
    (COALESCE(sum(i.amount_cents) FILTER (WHERE (i.paid_at IS NOT NULL)), (0)::bigint))::integer AS paid_cents,
    ((b.total_cents - COALESCE(sum(i.amount_cents) FILTER (WHERE (i.paid_at IS NOT NULL)), (0)::bigint)))::integer AS remaining_cents
   FROM (public.bookings b
     LEFT JOIN public.booking_installments i ON ((i.booking_id = b.id)))
  GROUP BY b.id;

GRANT ALL ON TABLE public.booking_balances TO service_role;
GRANT SELECT ON TABLE public.booking_balances TO authenticated;

-- ---------------------------------------------------------------- places and a departure's live state

-- The places a departure's bookings take: the travellers of every booking that is not cancelled. The one place
-- this rule is written (issue 21's held bookings extend it here).
CREATE FUNCTION private.places_taken(p_event_id uuid) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(sum(b.travellers), 0)::integer
  from public.bookings b
  where b.event_id = p_event_id and b.status <> 'cancelled'
$$;

REVOKE ALL ON FUNCTION private.places_taken(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.places_taken(p_event_id uuid) TO service_role;

-- What the static trip pages' island shows for each departure, read when the page is shown (decision 0067):
-- 'cancelled'; 'past' (started, or completed); 'closed' (after its last booking day, or departing today);
-- 'opens' (before its first booking day: opens_on says when); 'sold-out' (no place left); else 'open' with
-- places_left (null: not limited). Security definer so that a visitor learns the number of places left and
-- nothing else about the bookings; drafts and unknown ids give no row.
CREATE FUNCTION public.departure_availability(event_ids uuid[]) RETURNS TABLE(event_id uuid, state text, places_left integer, opens_on date)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.id,
         case
           when e.status = 'cancelled' then 'cancelled'
           when e.status = 'completed' or e.start_date < private.sydney_today() then 'past'
           when e.start_date = private.sydney_today() or e.bookings_close_on < private.sydney_today() then 'closed'
           when e.bookings_open_on > private.sydney_today() then 'opens'
           when e.max_registrations is not null and private.places_taken(e.id) >= e.max_registrations then 'sold-out'
           else 'open'
         end,
         case when e.max_registrations is null then null
              else greatest(e.max_registrations - private.places_taken(e.id), 0) end,
         e.bookings_open_on
  from public.events e
  where e.id = any (event_ids[1:100]) and e.status <> 'draft'
$$;

REVOKE ALL ON FUNCTION public.departure_availability(event_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.departure_availability(event_ids uuid[]) TO anon;
GRANT ALL ON FUNCTION public.departure_availability(event_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.departure_availability(event_ids uuid[]) TO service_role;
