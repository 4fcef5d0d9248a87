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
    hold_expires_at timestamp with time zone,
    bank_reference text,
    terms_version text,
    terms_accepted_at timestamp with time zone,
    terms_accepted_by uuid,
    cancellation_requested_at timestamp with time zone,
    cancellation_reason text,
    hold_released_at timestamp with time zone,
    CONSTRAINT bookings_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT bookings_deposit_cents_check CHECK ((deposit_cents >= 0)),
    CONSTRAINT bookings_deposit_within_total CHECK ((deposit_cents <= total_cents)),
    CONSTRAINT bookings_invoice_number_check CHECK ((invoice_number ~ '^[A-Z0-9][A-Z0-9-]{2,39}$'::text)),
    CONSTRAINT bookings_notes_check CHECK ((char_length(notes) <= 2000)),
    CONSTRAINT bookings_total_cents_check CHECK ((total_cents >= 0)),
    CONSTRAINT bookings_travellers_check CHECK (((travellers >= 1) AND (travellers <= 50))),
    CONSTRAINT bookings_bank_reference_check CHECK ((bank_reference ~ '^HH[A-HJ-NP-Z2-9]{8}$'::text)),
    CONSTRAINT bookings_terms_version_check CHECK (((terms_version IS NULL) OR (private.is_trimmed(terms_version) AND (char_length(terms_version) >= 1) AND (char_length(terms_version) <= 40)))),
    CONSTRAINT bookings_terms_accepted_together CHECK (((terms_version IS NULL) = (terms_accepted_at IS NULL))),
    CONSTRAINT bookings_cancellation_reason_check CHECK (((cancellation_reason IS NULL) OR ((cancellation_requested_at IS NOT NULL) AND private.is_message(cancellation_reason) AND (char_length(cancellation_reason) <= 1000))))
);

COMMENT ON COLUMN public.bookings.hold_expires_at IS 'A pending booking holds its places until then (null: no hold, its places count until it is cancelled).';

COMMENT ON COLUMN public.bookings.hold_released_at IS 'When the job released the expired hold and told the member (private.release_expired_holds); the places were free from hold_expires_at.';

COMMENT ON COLUMN public.bookings.bank_reference IS 'The reference the member quotes on a bank transfer (HH and 8 letters or digits, no I, O, 0 or 1).';

COMMENT ON COLUMN public.bookings.terms_version IS 'The version of the terms accepted with the booking (private.booking_settings.terms_version then).';

COMMENT ON COLUMN public.bookings.terms_accepted_by IS 'Who accepted the terms: the member who booked, or the admin who took the booking by phone on their behalf.';

COMMENT ON COLUMN public.bookings.cancellation_requested_at IS 'When the member asked to cancel (public.request_cancellation); the company then cancels it.';

COMMENT ON COLUMN public.bookings.cancellation_reason IS 'The member''s reason for asking to cancel, if they gave one.';

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_invoice_number_key UNIQUE (invoice_number);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_bank_reference_key UNIQUE (bank_reference);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE RESTRICT;

-- To auth.users, not profiles: a second key to profiles would make PostgREST's bookings-to-profiles embeds ambiguous.
ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_terms_accepted_by_fkey FOREIGN KEY (terms_accepted_by) REFERENCES auth.users(id) ON DELETE SET NULL;

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

-- ---------------------------------------------------------------- public.payments

-- Money received toward a booking: bank transfers an admin records (record_payment) and card payments
-- Stripe's webhook reports (apply_stripe_event, decision 0085), never typed into the table; members read
-- their own bookings' payments. A card payment carries its PaymentIntent, once: a webhook delivered again
-- records nothing new.
CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    method text DEFAULT 'bank_transfer'::text NOT NULL,
    amount_cents integer NOT NULL,
    reference text,
    received_on date NOT NULL,
    recorded_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    stripe_payment_intent text,
    CONSTRAINT payments_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['bank_transfer'::text, 'card'::text]))),
    CONSTRAINT payments_card_has_payment_intent CHECK (((method = 'card'::text) = (stripe_payment_intent IS NOT NULL))),
    CONSTRAINT payments_stripe_payment_intent_check CHECK ((stripe_payment_intent ~ '^pi_[A-Za-z0-9]{1,200}$'::text)),
    CONSTRAINT payments_reference_check CHECK (((reference IS NULL) OR (private.is_trimmed(reference) AND (char_length(reference) >= 1) AND (char_length(reference) <= 100))))
);

COMMENT ON TABLE public.payments IS 'Payments received toward bookings, written by record_payment and apply_stripe_event only.';

COMMENT ON COLUMN public.payments.stripe_payment_intent IS 'A card payment''s Stripe PaymentIntent (pi_…): one payment per intent.';

COMMENT ON COLUMN public.payments.received_on IS 'The day (Sydney) the money arrived, as the bank statement says.';

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_stripe_payment_intent_key UNIQUE (stripe_payment_intent);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

CREATE INDEX payments_booking_id_idx ON public.payments USING btree (booking_id, received_on);

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

CREATE POLICY payments_select_authenticated ON public.payments FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = payments.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.payments TO service_role;
GRANT SELECT ON TABLE public.payments TO authenticated;

-- ---------------------------------------------------------------- public.payment_refunds

-- Money given back from one payment (a cancellation, a goodwill amount): a card refund Stripe reports
-- (apply_stripe_event, once per Stripe refund), or a bank transfer paid back by hand that an admin records
-- with the bank's reference (record_bank_refund, decision 0096); never more in all than the payment was. A
-- booking's paid amount is its payments less these (decision 0085).
CREATE TABLE public.payment_refunds (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    payment_id uuid NOT NULL,
    amount_cents integer NOT NULL,
    stripe_refund_id text,
    refunded_at timestamp with time zone DEFAULT now() NOT NULL,
    reference text,
    recorded_by uuid,
    surcharge_cents integer DEFAULT 0 NOT NULL,
    CONSTRAINT payment_refunds_amount_cents_check CHECK ((amount_cents >= 0)),
    CONSTRAINT payment_refunds_surcharge_cents_check CHECK ((surcharge_cents >= 0)),
    CONSTRAINT payment_refunds_not_empty CHECK (((amount_cents + surcharge_cents) > 0)),
    CONSTRAINT payment_refunds_stripe_refund_id_check CHECK ((stripe_refund_id ~ '^re_[A-Za-z0-9]{1,200}$'::text)),
    CONSTRAINT payment_refunds_reference_check CHECK (((reference IS NULL) OR (private.is_trimmed(reference) AND (char_length(reference) >= 1) AND (char_length(reference) <= 100)))),
    CONSTRAINT payment_refunds_stripe_or_reference CHECK (((stripe_refund_id IS NOT NULL) OR (reference IS NOT NULL)))
);

COMMENT ON TABLE public.payment_refunds IS 'Refunds of payments, written by apply_stripe_event and record_bank_refund only.';

COMMENT ON COLUMN public.payment_refunds.reference IS 'A refund paid by bank transfer: the reference on the company''s transfer.';

COMMENT ON COLUMN public.payment_refunds.recorded_by IS 'The admin who recorded a bank refund (null for Stripe''s refunds).';

COMMENT ON COLUMN public.payment_refunds.surcharge_cents IS 'The part of a card refund that gave back the payment''s card surcharge: on top of amount_cents, never the booking''s money (decision 0096).';

ALTER TABLE ONLY public.payment_refunds
    ADD CONSTRAINT payment_refunds_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payment_refunds
    ADD CONSTRAINT payment_refunds_stripe_refund_id_key UNIQUE (stripe_refund_id);

ALTER TABLE ONLY public.payment_refunds
    ADD CONSTRAINT payment_refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.payment_refunds
    ADD CONSTRAINT payment_refunds_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

CREATE INDEX payment_refunds_payment_id_idx ON public.payment_refunds USING btree (payment_id);

ALTER TABLE public.payment_refunds ENABLE ROW LEVEL SECURITY;

CREATE POLICY payment_refunds_select_authenticated ON public.payment_refunds FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM (public.payments p
     JOIN public.bookings b ON ((b.id = p.booking_id)))
  WHERE ((p.id = payment_refunds.payment_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.payment_refunds TO service_role;
GRANT SELECT ON TABLE public.payment_refunds TO authenticated;

-- A payment's refunds never add up to more than the payment, nor their surcharge parts to more than its
-- card surcharge: the payment's row is locked, so two refunds arriving together are checked one after the
-- other.
CREATE FUNCTION private.refund_within_payment() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  paid public.payments;
  refunded bigint;
  surcharge_refunded bigint;
begin
  select * into paid from public.payments p where p.id = new.payment_id for update;
  select coalesce(sum(r.amount_cents), 0), coalesce(sum(r.surcharge_cents), 0)
  into refunded, surcharge_refunded
  from public.payment_refunds r
  where r.payment_id = new.payment_id and r.id <> new.id
    and r.stripe_refund_id is distinct from new.stripe_refund_id; -- a repeat of one is not another
  if refunded + new.amount_cents > paid.amount_cents then
    raise exception 'a payment''s refunds add up to at most the payment (% cents left to refund)',
      paid.amount_cents - refunded using errcode = '22023';
  end if;
  if surcharge_refunded + new.surcharge_cents > paid.surcharge_cents then
    raise exception 'a payment''s refunds give back at most its card surcharge (% cents left to refund)',
      paid.surcharge_cents - surcharge_refunded using errcode = '22023';
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.refund_within_payment() FROM PUBLIC;

CREATE TRIGGER refund_within_payment BEFORE INSERT OR UPDATE ON public.payment_refunds FOR EACH ROW EXECUTE FUNCTION private.refund_within_payment();

-- public.payments: its functions and triggers

-- What a booking has received and kept: the sum of its payments less what was refunded of them.
CREATE FUNCTION private.booking_paid_cents(p_booking_id uuid) RETURNS bigint
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(sum(p.amount_cents), 0)::bigint
    - coalesce((select sum(r.amount_cents) from public.payment_refunds r
                join public.payments rp on rp.id = r.payment_id where rp.booking_id = p_booking_id), 0)::bigint
  from public.payments p where p.booking_id = p_booking_id
$$;

REVOKE ALL ON FUNCTION private.booking_paid_cents(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_paid_cents(p_booking_id uuid) TO service_role;

-- The tier rule: a member becomes Next Room when the deposit of a booking of theirs has been received
-- (the first time it happens; later ones change nothing). Runs after every payment, whoever records it.
CREATE FUNCTION private.promote_to_next_room() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.profiles p set membership_tier = 'next_room'
  from public.bookings b
  where b.id = new.booking_id and p.id = b.user_id and p.membership_tier <> 'next_room'
    and private.booking_paid_cents(b.id) >= b.deposit_cents;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.promote_to_next_room() FROM PUBLIC;

CREATE TRIGGER promote_to_next_room AFTER INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION private.promote_to_next_room();

-- ---------------------------------------------------------------- public.booking_balances

-- What a booking has paid: the sum of its payments (public.payments) less their refunds
-- (public.payment_refunds, refunded_cents), and nothing else: instalments marked paid are kept from the
-- payments by record_payment, never counted as money (decision 0073).
CREATE VIEW public.booking_balances WITH (security_invoker='true') AS
 SELECT b.id AS booking_id,
    b.total_cents,
    (paid.cents - refunded.cents) AS paid_cents,
    ((b.total_cents - paid.cents) + refunded.cents) AS remaining_cents,
    refunded.cents AS refunded_cents
   FROM ((public.bookings b
     CROSS JOIN LATERAL ( SELECT (COALESCE(( SELECT sum(p.amount_cents) AS sum
                   FROM public.payments p
                  WHERE (p.booking_id = b.id)), (0)::bigint))::integer AS cents) paid)
     CROSS JOIN LATERAL ( SELECT (COALESCE(( SELECT sum(r.amount_cents) AS sum
                   FROM (public.payment_refunds r
                     JOIN public.payments rp ON ((rp.id = r.payment_id)))
                  WHERE (rp.booking_id = b.id)), (0)::bigint))::integer AS cents) refunded);

GRANT ALL ON TABLE public.booking_balances TO service_role;
GRANT SELECT ON TABLE public.booking_balances TO authenticated;

-- ---------------------------------------------------------------- places and a departure's live state

-- The places a departure's bookings and waitlist offers take at a moment: the travellers of every booking
-- that is not cancelled, but a pending booking whose hold has expired (its deposit did not arrive in time)
-- takes none, from that moment; a booking without a hold (one an admin typed in) counts until it is
-- cancelled. An open waitlist offer (decision 0082) takes its places until it expires, so nobody else books
-- them meanwhile. The one place this rule is written: departure_availability shows it, book_departure refuses
-- with it and the waitlist job offers what it leaves free (decisions 0071, 0082). p_at: the moment (jobs and
-- their tests pass theirs; everyone else asks about now, through places_taken).
CREATE FUNCTION private.places_taken_at(p_event_id uuid, p_at timestamp with time zone) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (coalesce((select sum(b.travellers)
                    from public.bookings b
                    where b.event_id = p_event_id and b.status <> 'cancelled'
                      and (b.status <> 'pending' or b.hold_expires_at is null or b.hold_expires_at > p_at)), 0)
          + coalesce((select sum(o.places)
                      from public.waitlist_offers o
                      where o.event_id = p_event_id and o.state = 'offered' and o.expires_at > p_at), 0))::integer
$$;

REVOKE ALL ON FUNCTION private.places_taken_at(p_event_id uuid, p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.places_taken_at(p_event_id uuid, p_at timestamp with time zone) TO service_role;

-- The places taken now (private.places_taken_at).
CREATE FUNCTION private.places_taken(p_event_id uuid) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select private.places_taken_at(p_event_id, now())
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

-- ---------------------------------------------------------------- private.booking_settings

-- The company's booking rules, in one row (decision 0071): the deposit per traveller (an event may override
-- it: events.deposit_per_traveller_cents), how long a bank-transfer booking holds its places before its
-- deposit arrives, how many days before departure the whole price is due, and the version of the terms a
-- member accepts when booking. Operators change them in the SQL editor; book_departure reads them.
CREATE TABLE private.booking_settings (
    only_row boolean DEFAULT true NOT NULL,
    deposit_per_traveller_cents integer NOT NULL,
    bank_transfer_hold_days smallint NOT NULL,
    balance_due_days_before smallint NOT NULL,
    terms_version text NOT NULL,
    traveller_changes_close_days smallint DEFAULT 30 NOT NULL,
    CONSTRAINT booking_settings_only_row_check CHECK (only_row),
    CONSTRAINT booking_settings_deposit_per_traveller_cents_check CHECK (((deposit_per_traveller_cents >= 0) AND (deposit_per_traveller_cents <= 100000000))),
    CONSTRAINT booking_settings_bank_transfer_hold_days_check CHECK (((bank_transfer_hold_days >= 1) AND (bank_transfer_hold_days <= 30))),
    CONSTRAINT booking_settings_balance_due_days_before_check CHECK (((balance_due_days_before >= 0) AND (balance_due_days_before <= 365))),
    CONSTRAINT booking_settings_terms_version_check CHECK ((private.is_trimmed(terms_version) AND (char_length(terms_version) >= 1) AND (char_length(terms_version) <= 40))),
    CONSTRAINT booking_settings_traveller_changes_close_days_check CHECK (((traveller_changes_close_days >= 0) AND (traveller_changes_close_days <= 365)))
);

COMMENT ON TABLE private.booking_settings IS 'The company''s booking rules: deposit, hold, balance due date, terms version, traveller cut-off, how long a waitlist offer holds its places (one row; operators only).';

ALTER TABLE ONLY private.booking_settings
    ADD CONSTRAINT booking_settings_pkey PRIMARY KEY (only_row);

ALTER TABLE private.booking_settings ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.booking_settings TO service_role;

-- The terms page's business: $800 a person, three days to pay by bank transfer, the rest 90 days out.
-- Members change who travels and their details until 30 days before departure (rooming lists go out then).
INSERT INTO private.booking_settings (only_row, deposit_per_traveller_cents, bank_transfer_hold_days, balance_due_days_before, terms_version, traveller_changes_close_days) VALUES (true, 80000, 3, 90, '2026-11', 30);

-- ---------------------------------------------------------------- private.invoice_counters

-- The last invoice number given in each year. A booking takes the next one by updating its year's row, which
-- locks it until the booking commits or rolls back: numbers follow each other without gaps, whatever
-- bookings run at once (a sequence would leave a gap for every booking that fails after taking a number).
CREATE TABLE private.invoice_counters (
    year smallint NOT NULL,
    last_number integer NOT NULL,
    CONSTRAINT invoice_counters_last_number_check CHECK ((last_number >= 0)),
    CONSTRAINT invoice_counters_year_check CHECK (((year >= 2000) AND (year <= 9999)))
);

ALTER TABLE ONLY private.invoice_counters
    ADD CONSTRAINT invoice_counters_pkey PRIMARY KEY (year);

ALTER TABLE private.invoice_counters ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.invoice_counters TO service_role;

-- private.invoice_counters: its functions

-- The next invoice number, 'INV-<year>-<0001>' in Sydney's year, as the seed's. A year's first number
-- follows the highest one already on a booking of that year (the seed's, or one an admin typed in).
CREATE FUNCTION private.next_invoice_number() RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  this_year smallint := extract(year from private.sydney_today());
  taken integer;
begin
  insert into private.invoice_counters (year, last_number)
  select this_year, coalesce(max(substring(b.invoice_number from '^INV-[0-9]{4}-([0-9]{1,9})$')::integer), 0)
  from public.bookings b
  where b.invoice_number like 'INV-' || this_year || '-%'
  on conflict (year) do nothing;
  update private.invoice_counters c set last_number = c.last_number + 1
  where c.year = this_year
  returning c.last_number into taken;
  return 'INV-' || this_year || '-' || lpad(taken::text, greatest(4, length(taken::text)), '0');
end
$_$;

REVOKE ALL ON FUNCTION private.next_invoice_number() FROM PUBLIC;
GRANT ALL ON FUNCTION private.next_invoice_number() TO service_role;

-- ---------------------------------------------------------------- the booking engine

-- A booking's deposit: the event's per traveller (else the company's) for each traveller, at most the total.
CREATE FUNCTION private.booking_deposit_cents(p_event_id uuid, p_travellers integer) RETURNS bigint
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select least(coalesce(e.deposit_per_traveller_cents, s.deposit_per_traveller_cents)::bigint * p_travellers,
               e.price_cents::bigint * p_travellers)
  from public.events e cross join private.booking_settings s
  where e.id = p_event_id
$$;

REVOKE ALL ON FUNCTION private.booking_deposit_cents(p_event_id uuid, p_travellers integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_deposit_cents(p_event_id uuid, p_travellers integer) TO service_role;

-- How a schedule splits p_total_cents, one rule for a booking's (private.booking_schedule) and a payment
-- plan's preview (public.preview_payment_plan): everything on p_today when that is on or after the final due
-- day p_last_due or the deposit covers the total; else the deposit on p_today (when there is one), then the
-- balance over p_dues (ascending), each part rounded down to the cent and the last taking the remainder, so
-- the parts always add up to the total. A part of 0 cents is left out.
CREATE FUNCTION private.split_schedule(p_total_cents bigint, p_deposit_cents bigint, p_today date, p_last_due date, p_dues date[]) RETURNS TABLE(due_date date, amount_cents integer, is_deposit boolean)
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  balance bigint := p_total_cents - p_deposit_cents;
  parts integer := cardinality(p_dues);
  share bigint;
begin
  if p_today >= p_last_due or p_deposit_cents >= p_total_cents then
    return query select p_today, p_total_cents::integer, false;
    return;
  end if;
  if p_deposit_cents > 0 then
    return query select p_today, p_deposit_cents::integer, true;
  end if;
  share := balance / parts;
  for part in 1..parts loop
    due_date := p_dues[part];
    amount_cents := case when part = parts then balance - share * (parts - 1) else share end;
    is_deposit := false;
    if amount_cents > 0 then
      return next;
    end if;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION private.split_schedule(p_total_cents bigint, p_deposit_cents bigint, p_today date, p_last_due date, p_dues date[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.split_schedule(p_total_cents bigint, p_deposit_cents bigint, p_today date, p_last_due date, p_dues date[]) TO service_role;

-- The payment schedule of a booking made on p_today: the deposit due that day, then the balance split into
-- instalments on the event's plan's due dates (private.plan_due_dates: its template, or balance_instalments
-- parts spread evenly; none later than balance_due_days_before departure, 90). A booking made on or after
-- that day pays everything at once.
-- Whole cents: each instalment is the balance divided by the plan, rounded down, and the last takes the
-- remainder, so the schedule always adds up to the total (installments_sum_to_total checks it at commit).
-- The total is the price per traveller plus the travellers' room supplements (p_supplements_cents, decision 0077).
CREATE FUNCTION private.booking_schedule(p_event_id uuid, p_travellers integer, p_today date, p_supplements_cents bigint DEFAULT 0) RETURNS TABLE(due_date date, amount_cents integer)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  e public.events;
  last_due date;
  total bigint;
begin
  select * into e from public.events where id = p_event_id;
  select e.start_date - s.balance_due_days_before into last_due from private.booking_settings s;
  total := e.price_cents::bigint * p_travellers + coalesce(p_supplements_cents, 0);
  if total is null or total <= 0 then
    return;
  end if;
  return query
    select split.due_date, split.amount_cents
    from private.split_schedule(total, private.booking_deposit_cents(p_event_id, p_travellers), p_today, last_due,
                                array(select d from private.plan_due_dates(p_event_id, p_today) d order by d)) split;
end
$$;

REVOKE ALL ON FUNCTION private.booking_schedule(p_event_id uuid, p_travellers integer, p_today date, p_supplements_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_schedule(p_event_id uuid, p_travellers integer, p_today date, p_supplements_cents bigint) TO service_role;

-- A new booking's bank reference: 'HH' and 8 characters from an alphabet without I, O, 0 and 1 (nothing to
-- misread on a bank statement), random, and unique (bookings_bank_reference_key is the last word).
CREATE FUNCTION private.new_bank_reference() RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  bytes bytea;
  candidate text;
begin
  loop
    -- The bytes of a version-4 UUID that carry no version or variant bits: 32 values each, evenly.
    bytes := uuid_send(gen_random_uuid());
    select 'HH' || string_agg(substr(alphabet, get_byte(bytes, i) % 32 + 1, 1), '' order by i)
    into candidate
    from unnest(array[0, 1, 2, 3, 4, 5, 10, 11]) i;
    exit when not exists (select 1 from public.bookings b where b.bank_reference = candidate);
  end loop;
  return candidate;
end
$$;

REVOKE ALL ON FUNCTION private.new_bank_reference() FROM PUBLIC;
GRANT ALL ON FUNCTION private.new_bank_reference() TO service_role;

-- A member books their own saved travellers on a published departure, in one call (decision 0071). Every
-- rule is checked here, with the departure's row locked, so bookings of one departure queue and each one
-- counts the places the ones before it took: two members racing for the last place get one booking and one
-- 'sold out' (SQLSTATE PT409, HTTP 409; also 'only N places left' when fewer are left than asked for).
-- Other refusals are 22023 with a message to show: bookings not open yet (a limited event opens to Next
-- Room members next_room_priority_days earlier), closed, the departure started, a traveller who is not the
-- member's or has no date of birth, everyone under 18 on the day of departure (a minor needs an adult on the
-- same booking), terms not the current version, a room missing or not offered (decision 0077). It writes
-- the booking (pending, its places held for the company's hold days, a bank reference, the next invoice
-- number, the terms accepted by p_accepted_by), its travellers with their rooms, its schedule
-- (private.booking_schedule) and the member's confirmation e-mail. The one core of book_departure (the
-- member's own) and admin_book_departure (a phone booking); each checks its caller first.
CREATE FUNCTION private.book_departure_core(p_member uuid, p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_accepted_by uuid) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  member uuid := p_member;
  settings private.booking_settings;
  e public.events;
  today date := private.sydney_today();
  wanted integer := cardinality(p_traveller_ids);
  opens_on date;
  taken integer;
  owned integer;
  undated integer;
  minors integer;
  supplements bigint;
  total bigint;
  booking public.bookings;
begin
  if wanted is null or wanted < 1 or wanted > 50 or array_position(p_traveller_ids, null) is not null
     or (select count(distinct t) from unnest(p_traveller_ids) t) <> wanted then
    raise exception 'choose between 1 and 50 different travellers' using errcode = '22023';
  end if;
  select * into settings from private.booking_settings;
  if p_terms_version is distinct from settings.terms_version then
    raise exception 'accept the current terms (version %) to book', settings.terms_version
      using errcode = '22023', hint = 'Read the terms again, then accept them.';
  end if;

  -- The queue: one booking of this departure at a time from here to commit.
  select * into e from public.events where id = p_event_id for update;
  if not found or e.status <> 'published' then
    raise exception 'this departure cannot be booked' using errcode = 'P0002';
  end if;
  if today >= e.start_date then
    raise exception 'bookings have closed: this departure has started' using errcode = '22023';
  end if;
  if e.bookings_close_on < today then
    raise exception 'bookings closed on %', to_char(e.bookings_close_on, 'FMDD Mon YYYY') using errcode = '22023';
  end if;
  opens_on := e.bookings_open_on;
  if e.next_room_priority_days is not null
     and (select p.membership_tier from public.profiles p where p.id = member) = 'next_room' then
    opens_on := e.bookings_open_on - e.next_room_priority_days;
  end if;
  if opens_on > today then
    raise exception 'bookings open on %', to_char(opens_on, 'FMDD Mon YYYY') using errcode = '22023';
  end if;
  if e.price_cents is null then
    raise exception 'this departure has no price yet' using errcode = '22023';
  end if;

  select count(*), count(*) filter (where t.date_of_birth is null),
         count(*) filter (where t.date_of_birth + interval '18 years' > e.start_date)
  into owned, undated, minors
  from public.travellers t
  where t.id = any (p_traveller_ids) and t.user_id = member;
  if owned <> wanted then
    raise exception 'choose travellers from your own list' using errcode = '22023';
  end if;
  if undated > 0 then
    raise exception 'every traveller needs a date of birth' using errcode = '22023';
  end if;
  if minors = wanted then
    raise exception 'a traveller under 18 needs an adult on the same booking' using errcode = '22023';
  end if;
  supplements := private.room_supplements_cents(e.id, wanted, p_rooms);

  if e.max_registrations is not null then
    taken := private.places_taken(e.id);
    if taken >= e.max_registrations then
      raise exception 'sold out' using errcode = 'PT409', detail = 'places_left=0';
    end if;
    if taken + wanted > e.max_registrations then
      raise exception 'only % left', case when e.max_registrations - taken = 1 then '1 place'
                                          else (e.max_registrations - taken) || ' places' end
        using errcode = 'PT409', detail = 'places_left=' || (e.max_registrations - taken);
    end if;
  end if;
  total := e.price_cents::bigint * wanted + supplements;
  if total > 2147483647 then
    raise exception 'this booking is too large to take online' using errcode = '22023';
  end if;

  insert into public.bookings (event_id, user_id, invoice_number, travellers, total_cents, deposit_cents, currency,
                               status, hold_expires_at, bank_reference, terms_version, terms_accepted_at,
                               terms_accepted_by)
  values (e.id, member, private.next_invoice_number(), wanted, total,
          private.booking_deposit_cents(e.id, wanted), e.currency, 'pending',
          now() + make_interval(days => settings.bank_transfer_hold_days), private.new_bank_reference(),
          p_terms_version, now(), p_accepted_by)
  returning * into booking;
  -- Each traveller's room as it was sold (label and supplement), so later edits of the options change no booking.
  insert into public.booking_travellers (booking_id, traveller_id, room_option_id, room_label, room_supplement_cents)
  select booking.id, t.traveller, o.id, o.label, o.supplement_cents
  from unnest(p_traveller_ids, p_rooms) as t (traveller, room)
  left join public.event_room_options o on o.id = t.room;
  insert into public.booking_installments (booking_id, due_date, amount_cents)
  select booking.id, s.due_date, s.amount_cents from private.booking_schedule(e.id, wanted, today, supplements) s;
  perform private.queue_booking_confirmation(booking.id);
  return booking;
end
$$;

REVOKE ALL ON FUNCTION private.book_departure_core(p_member uuid, p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_accepted_by uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.book_departure_core(p_member uuid, p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_accepted_by uuid) TO service_role;

-- The member's own booking (decision 0071): the caller, live and signed in, books their saved travellers and
-- accepts the terms themselves. p_rooms: each traveller's room option, in the order of p_traveller_ids
-- (decision 0077); null when the departure offers none. p_offer: the token of a waitlist offer sent to the
-- caller's address (decision 0082): its places are theirs to book although the departure looks full; the
-- offer is taken with the booking, or not at all when the booking is refused.
CREATE FUNCTION public.book_departure(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[] DEFAULT NULL::uuid[], p_offer text DEFAULT NULL::text) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  member uuid := auth.uid();
  offer_id uuid;
  booking public.bookings;
begin
  perform private.require_live_caller();
  if member is null then
    raise exception 'sign in to book' using errcode = '42501';
  end if;
  if p_offer is not null then
    -- Taken first, so the count below no longer holds its places against the member it was offered to.
    offer_id := private.take_waitlist_offer(p_offer, p_event_id, member);
  end if;
  booking := private.book_departure_core(member, p_event_id, p_traveller_ids, p_terms_version, p_rooms, member);
  if offer_id is not null then
    update public.waitlist_offers set booking_id = booking.id where id = offer_id;
  end if;
  return booking;
end
$$;

REVOKE ALL ON FUNCTION public.book_departure(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_offer text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.book_departure(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_offer text) TO authenticated;
GRANT ALL ON FUNCTION public.book_departure(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_offer text) TO service_role;

-- What booking p_travellers on a published departure today would cost: the schedule book_departure would
-- write (the price step of the booking flow shows it before the member books). Nothing is held. p_rooms as
-- book_departure's: a departure with room options needs one for each traveller (22023 otherwise).
CREATE FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer, p_rooms uuid[] DEFAULT NULL::uuid[]) RETURNS TABLE(due_date date, amount_cents integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.due_date, s.amount_cents
  from public.events e
  cross join lateral private.room_supplements_cents(e.id, p_travellers, p_rooms) r (cents)
  cross join lateral private.booking_schedule(e.id, p_travellers, private.sydney_today(), r.cents) s
  where e.id = p_event_id and e.status = 'published' and p_travellers between 1 and 50
$$;

REVOKE ALL ON FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer, p_rooms uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer, p_rooms uuid[]) TO anon;
GRANT ALL ON FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer, p_rooms uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer, p_rooms uuid[]) TO service_role;

-- The version of the terms a booking must accept now (private.booking_settings.terms_version): the booking
-- flow sends it back with book_departure once the member ticks the box (decision 0072). Nothing else of
-- the settings is exposed; the terms themselves are public.
CREATE FUNCTION public.current_terms_version() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.terms_version from private.booking_settings s
$$;

REVOKE ALL ON FUNCTION public.current_terms_version() FROM PUBLIC;
GRANT ALL ON FUNCTION public.current_terms_version() TO anon;
GRANT ALL ON FUNCTION public.current_terms_version() TO authenticated;
GRANT ALL ON FUNCTION public.current_terms_version() TO service_role;

-- Applies a booking's payments to its instalments in due-date order: each instalment the payments cover in
-- full is marked paid (paid_at: when its last cent arrived, given by the caller), a partly covered one stays
-- unpaid. Once the deposit is covered a pending booking is confirmed and its hold ends.
CREATE FUNCTION private.apply_payments(p_booking_id uuid, p_paid_at timestamp with time zone) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.booking_installments i set paid_at = p_paid_at
  from (
    select x.id, sum(x.amount_cents) over (order by x.due_date, x.created_at, x.id) as covered_to
    from public.booking_installments x where x.booking_id = p_booking_id
  ) running
  where i.id = running.id and i.paid_at is null
    and running.covered_to <= private.booking_paid_cents(p_booking_id);
  update public.bookings b set status = 'confirmed', hold_expires_at = null
  where b.id = p_booking_id and b.status = 'pending'
    and private.booking_paid_cents(p_booking_id) >= b.deposit_cents;
$$;

REVOKE ALL ON FUNCTION private.apply_payments(p_booking_id uuid, p_paid_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.apply_payments(p_booking_id uuid, p_paid_at timestamp with time zone) TO service_role;

-- The refusals a bank transfer of p_amount_cents toward booking b meets, in the admin's words: a cancelled
-- booking, no amount, more than is left to pay, and a deposit arriving after the hold expired when its places
-- have been booked by then. One rule for record_payment and its preview (preview_payment); record_payment
-- passes p_lock so the departure's row is locked while its places are counted.
CREATE FUNCTION private.refuse_bank_payment(b public.bookings, p_amount_cents integer, p_lock boolean) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  paid bigint;
  e public.events;
begin
  if b.status = 'cancelled' then
    raise exception 'this booking is cancelled' using errcode = '22023';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'a payment is an amount of at least 1 cent' using errcode = '22023';
  end if;
  paid := private.booking_paid_cents(b.id);
  if paid + p_amount_cents > b.total_cents then
    raise exception 'that is more than is left to pay (% cents)', b.total_cents - paid using errcode = '22023';
  end if;
  if b.status = 'pending' and b.hold_expires_at <= now() and paid + p_amount_cents >= b.deposit_cents then
    if p_lock then
      select * into e from public.events where id = b.event_id for update;
    else
      select * into e from public.events where id = b.event_id;
    end if;
    if e.max_registrations is not null
       and private.places_taken(e.id) + b.travellers > e.max_registrations then
      raise exception 'sold out' using errcode = 'PT409', detail = 'places_left=0',
        hint = 'The hold expired and its places were booked since: refund the transfer or make room first.';
    end if;
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.refuse_bank_payment(b public.bookings, p_amount_cents integer, p_lock boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.refuse_bank_payment(b public.bookings, p_amount_cents integer, p_lock boolean) TO service_role;

-- An admin records a bank transfer toward a booking (amount, the day it arrived, the statement's reference)
-- and it is applied at once (private.apply_payments). Refused: a cancelled booking, more than is left to pay,
-- a day in the future, and a deposit arriving after the hold expired when its places have been booked by
-- then ('sold out', PT409: the admin refunds it or makes room).
CREATE FUNCTION public.record_payment(p_booking_id uuid, p_amount_cents integer, p_received_on date, p_reference text DEFAULT NULL::text) RETURNS public.payments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  payment public.payments;
begin
  perform private.require_admin('record a payment');
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if p_received_on is null or p_received_on > private.sydney_today() then
    raise exception 'the day the money arrived is today or earlier' using errcode = '22023';
  end if;
  perform private.refuse_bank_payment(b, p_amount_cents, true);
  insert into public.payments (booking_id, method, amount_cents, reference, received_on, recorded_by)
  values (b.id, 'bank_transfer', p_amount_cents, nullif(private.trim_space(p_reference), ''), p_received_on,
          auth.uid())
  returning * into payment;
  perform private.apply_payments(b.id, p_received_on::timestamp at time zone 'Australia/Sydney');
  return payment;
end
$$;

REVOKE ALL ON FUNCTION public.record_payment(p_booking_id uuid, p_amount_cents integer, p_received_on date, p_reference text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_payment(p_booking_id uuid, p_amount_cents integer, p_received_on date, p_reference text) TO authenticated;
GRANT ALL ON FUNCTION public.record_payment(p_booking_id uuid, p_amount_cents integer, p_received_on date, p_reference text) TO service_role;

-- ---------------------------------------------------------------- after booking: the member's changes (decision 0073)

-- The day a member's changes to who travels on a booking of the event, and to those travellers' details,
-- close: the event's traveller_changes_close_days (else the company's) before departure. From that day on
-- only the company changes them; the day before is the member's last.
CREATE FUNCTION private.traveller_changes_close_on(p_event_id uuid) RETURNS date
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.start_date - coalesce(e.traveller_changes_close_days, s.traveller_changes_close_days)
  from public.events e cross join private.booking_settings s
  where e.id = p_event_id
$$;

REVOKE ALL ON FUNCTION private.traveller_changes_close_on(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.traveller_changes_close_on(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.traveller_changes_close_on(p_event_id uuid) TO service_role;

-- The first of these bookings whose travellers are closed to their member today: a booking that is pending or
-- confirmed, from its event's cut-off day until the trip has ended (afterwards a saved traveller is the
-- member's own again). Only the caller's own bookings count (it answers nothing about anyone else's). No row: all open.
CREATE FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) RETURNS TABLE(title text, closed_on date)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.title, private.traveller_changes_close_on(e.id)
  from public.bookings b join public.events e on e.id = b.event_id
  where b.id = any (p_booking_ids) and b.user_id = (select auth.uid()) and b.status in ('pending', 'confirmed')
    and private.sydney_today() between private.traveller_changes_close_on(e.id) and e.end_date
  order by 2
  limit 1
$$;

REVOKE ALL ON FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) TO service_role;

-- The cut-off, for members only (admins, the company's functions and operators change travellers whenever):
-- naming a traveller on a booking or taking one off, and changing or deleting a traveller who is named on a
-- booking, are refused once the booking's changes have closed. Runs as the caller (private.is_end_user).
CREATE FUNCTION private.guard_traveller_changes() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  booking_ids uuid[];
  closed record;
begin
  if not private.is_end_user() or private.is_admin() then
    return coalesce(new, old);
  end if;
  if tg_table_name = 'travellers' then
    booking_ids := array(select bt.booking_id from public.booking_travellers bt where bt.traveller_id = old.id);
  elsif tg_op = 'DELETE' then
    booking_ids := array[old.booking_id];
  else
    booking_ids := array[new.booking_id];
  end if;
  select * into closed from private.closed_traveller_changes(booking_ids);
  if found then
    raise exception 'changes to the travellers of % closed on %', closed.title, to_char(closed.closed_on, 'FMDD Mon YYYY')
      using errcode = '22023', hint = 'Contact us and we will make the change for you.';
  end if;
  return coalesce(new, old);
end
$$;

CREATE TRIGGER guard_traveller_changes BEFORE DELETE OR UPDATE ON public.travellers FOR EACH ROW EXECUTE FUNCTION private.guard_traveller_changes();

CREATE TRIGGER guard_traveller_changes BEFORE INSERT OR DELETE ON public.booking_travellers FOR EACH ROW EXECUTE FUNCTION private.guard_traveller_changes();

-- The day a booking's traveller changes close, for its member or an admin (null: not theirs, or unknown).
CREATE FUNCTION public.traveller_changes_close_on(p_booking_id uuid) RETURNS date
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.traveller_changes_close_on(b.event_id)
  from public.bookings b
  where b.id = p_booking_id and (b.user_id = (select auth.uid()) or private.is_admin())
$$;

REVOKE ALL ON FUNCTION public.traveller_changes_close_on(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.traveller_changes_close_on(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.traveller_changes_close_on(p_booking_id uuid) TO service_role;

-- Money as a person reads it in an e-mail: '$1,234.50'.
CREATE FUNCTION private.money_text(p_cents bigint) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '$' || to_char(p_cents / 100.0, 'FM999,999,990.00')
$$;

REVOKE ALL ON FUNCTION private.money_text(p_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.money_text(p_cents bigint) TO service_role;

-- A member asks the company to cancel their booking (/manage-booking): once, for a pending or confirmed
-- booking of their own, with an optional reason (at most 1000 characters). It records the request on the
-- booking and e-mails the company through the outbox; the booking stays as it is until an admin cancels it
-- (with a refund or a credit, as the terms allow). Someone else's booking is 'no such booking' (P0002).
CREATE FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text DEFAULT NULL::text) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  member uuid := auth.uid();
  reason text := nullif(private.trim_space(p_reason), '');
  b public.bookings;
  e public.events;
  who record;
begin
  perform private.require_live_caller();
  if member is null then
    raise exception 'sign in to ask for a cancellation' using errcode = '42501';
  end if;
  select * into b from public.bookings where id = p_booking_id and user_id = member for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if b.status not in ('pending', 'confirmed') then
    raise exception '%', case b.status when 'cancelled' then 'this booking is already cancelled'
                              else 'this trip is over: it can no longer be cancelled' end
      using errcode = '22023';
  end if;
  if b.cancellation_requested_at is not null then
    raise exception 'you asked to cancel this booking on %',
      to_char(b.cancellation_requested_at at time zone 'Australia/Sydney', 'FMDD Mon YYYY')
      using errcode = '22023', hint = 'We will be in touch about it.';
  end if;
  if reason is not null and (not private.is_message(reason) or char_length(reason) > 1000) then
    raise exception 'the reason must be 1000 characters or fewer, without control characters' using errcode = '22023';
  end if;
  update public.bookings set cancellation_requested_at = now(), cancellation_reason = reason
  where id = b.id
  returning * into b;
  select * into e from public.events where id = b.event_id;
  select p.full_name, u.email into who
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = member;
  perform private.queue_company_mail(
    'Cancellation request: ' || b.invoice_number || ', ' || e.title,
    array[
      'A member asked to cancel their booking. It stays booked until you cancel it.',
      '',
      private.mail_line('Booking', b.invoice_number || ' (' || b.status || ')'),
      private.mail_line('Trip', e.title || ', departing ' || to_char(e.start_date, 'FMDD Mon YYYY')),
      private.mail_line('Member', who.full_name),
      private.mail_line('E-mail', who.email),
      private.mail_line('Travellers', b.travellers::text),
      private.mail_line('Paid so far', private.money_text(private.booking_paid_cents(b.id))),
      private.mail_line('Deposit (kept)', private.money_text(b.deposit_cents)),
      private.mail_line('Reason', reason),
      '',
      'Cancel it on the admin bookings screen, with a refund or a credit of what was paid after the deposit.'
    ],
    who.email
  );
  return b;
end
$$;

REVOKE ALL ON FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text) TO service_role;

-- ---------------------------------------------------------------- public.payment_notices

-- A member tells the company about a bank transfer they made toward their booking (/extra-payment): the
-- amount, the day they paid, a note. It is never a payment: the booking's figures move only when an admin
-- records the money (record_payment), and that payment matches the notice (private.match_payment_notice).
-- Until then the member's pages show it as pending. Members add their own and read them; admins read all.
CREATE TABLE public.payment_notices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    amount_cents integer NOT NULL,
    paid_on date NOT NULL,
    note text,
    payment_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_notices_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT payment_notices_note_check CHECK (((note IS NULL) OR (private.is_message(note) AND (char_length(note) <= 500))))
);

COMMENT ON TABLE public.payment_notices IS 'A member''s word that they paid by bank transfer; pending until a recorded payment matches it.';

COMMENT ON COLUMN public.payment_notices.paid_on IS 'The day (Sydney) the member says they made the transfer.';

COMMENT ON COLUMN public.payment_notices.payment_id IS 'The recorded payment that matched the notice (null: pending).';

ALTER TABLE ONLY public.payment_notices
    ADD CONSTRAINT payment_notices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payment_notices
    ADD CONSTRAINT payment_notices_payment_id_key UNIQUE (payment_id);

ALTER TABLE ONLY public.payment_notices
    ADD CONSTRAINT payment_notices_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.payment_notices
    ADD CONSTRAINT payment_notices_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id) ON DELETE SET NULL;

CREATE INDEX payment_notices_booking_id_idx ON public.payment_notices USING btree (booking_id, created_at);

ALTER TABLE public.payment_notices ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.payment_notices FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY payment_notices_insert_authenticated ON public.payment_notices FOR INSERT TO authenticated WITH CHECK ((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = payment_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY payment_notices_select_authenticated ON public.payment_notices FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = payment_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

-- The member withdraws their own notice while it is pending (a matched one is the payment's record).
CREATE POLICY payment_notices_delete_authenticated ON public.payment_notices FOR DELETE TO authenticated USING (((payment_id IS NULL) AND (EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = payment_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid)))))));

GRANT ALL ON TABLE public.payment_notices TO service_role;
GRANT SELECT,DELETE ON TABLE public.payment_notices TO authenticated;

GRANT INSERT(booking_id) ON TABLE public.payment_notices TO authenticated;

GRANT INSERT(amount_cents) ON TABLE public.payment_notices TO authenticated;

GRANT INSERT(paid_on) ON TABLE public.payment_notices TO authenticated;

GRANT INSERT(note) ON TABLE public.payment_notices TO authenticated;

-- public.payment_notices: its functions and triggers

-- The company's e-mail about a member's payment notice, sent or withdrawn: the booking, its bank reference,
-- the amount, the day paid and the member's note, with replies going to the member. Nothing when the
-- booking is gone (a notice deleted with its booking tells nobody).
CREATE FUNCTION private.mail_payment_notice(subject text, opening text, notice public.payment_notices) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.queue_company_mail(
    subject || ': ' || private.money_text(notice.amount_cents) || ' for ' || b.invoice_number,
    array[
      opening,
      '',
      private.mail_line('Booking', b.invoice_number || ', ' || e.title),
      private.mail_line('Bank reference', b.bank_reference),
      private.mail_line('Amount', private.money_text(notice.amount_cents)),
      private.mail_line('Paid on', to_char(notice.paid_on, 'FMDD Mon YYYY')),
      private.mail_line('Note', notice.note)
    ],
    (select u.email from auth.users u where u.id = b.user_id))
  from public.bookings b
  join public.events e on e.id = b.event_id
  where b.id = notice.booking_id
$$;

REVOKE ALL ON FUNCTION private.mail_payment_notice(text, text, public.payment_notices) FROM PUBLIC;

-- A new notice: the booking is not cancelled; the amount is at most what is left to pay (the total less the
-- payments received); the day is not after today nor before the booking was made; at most 5 notices of a
-- booking wait at once. Then the company is e-mailed, so someone looks for the money.
CREATE FUNCTION private.check_payment_notice() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  left_to_pay bigint;
begin
  select * into b from public.bookings where id = new.booking_id for update;
  if not found or b.status = 'cancelled' then
    raise exception 'this booking takes no more payments' using errcode = '22023';
  end if;
  left_to_pay := b.total_cents - private.booking_paid_cents(b.id);
  if new.amount_cents > left_to_pay then
    raise exception 'that is more than is left to pay (%)', private.money_text(greatest(left_to_pay, 0))
      using errcode = '22023';
  end if;
  if new.paid_on > private.sydney_today() then
    raise exception 'the day you paid is today or earlier' using errcode = '22023';
  end if;
  if new.paid_on < (b.created_at at time zone 'Australia/Sydney')::date then
    raise exception 'the day you paid is on or after the day you booked' using errcode = '22023';
  end if;
  if (select count(*) from public.payment_notices n where n.booking_id = b.id and n.payment_id is null) >= 5 then
    raise exception 'we already have 5 payments to look for on this booking' using errcode = '22023',
      hint = 'We will confirm them as they arrive; contact us if one is wrong.';
  end if;
  new.payment_id := null;
  new.note := nullif(private.trim_space(new.note), '');
  perform private.mail_payment_notice('Payment notice',
    'A member says they paid by bank transfer. Record it when it reaches the account.', new);
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.check_payment_notice() FROM PUBLIC;

CREATE TRIGGER check_payment_notice BEFORE INSERT ON public.payment_notices FOR EACH ROW EXECUTE FUNCTION private.check_payment_notice();

-- A withdrawn notice: the company is told to stop looking for that money. A notice deleted with its booking
-- (the booking is gone by then) tells nobody.
CREATE FUNCTION private.tell_notice_withdrawn() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.mail_payment_notice('Payment notice withdrawn',
    'A member withdrew their word that they paid by bank transfer. Stop looking for this payment.', old);
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.tell_notice_withdrawn() FROM PUBLIC;

CREATE TRIGGER tell_notice_withdrawn AFTER DELETE ON public.payment_notices FOR EACH ROW EXECUTE FUNCTION private.tell_notice_withdrawn();

-- The matching rule: a payment recorded for a booking matches the oldest pending notice of the same booking
-- and the same amount (the transfer the member told us about). Other notices stay pending for the admin.
CREATE FUNCTION private.match_payment_notice() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.payment_notices n set payment_id = new.id
  where n.id = (select x.id from public.payment_notices x
                where x.booking_id = new.booking_id and x.payment_id is null and x.amount_cents = new.amount_cents
                order by x.created_at, x.id limit 1);
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.match_payment_notice() FROM PUBLIC;

CREATE TRIGGER match_payment_notice AFTER INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION private.match_payment_notice();
