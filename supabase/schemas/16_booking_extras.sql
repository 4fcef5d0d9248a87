-- Booking extras (issue 21, decision 0077): room options and their supplements, the company's bank details,
-- the booking confirmation e-mail and phone bookings taken by an admin.
-- Kept by hand beside the migrations; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261201600001_add_rooms_bank_details_and_phone_bookings:
--   A departure may offer room options (twin share, a single room at a supplement per traveller); each
--   traveller of a booking on it has one, priced into the booking. The company's bank details live in the
--   database, readable by signed-in members through one function and edited by admins. Every booking queues
--   its confirmation e-mail in the outbox. An admin books a member's travellers by phone with the member's
--   rules, through the same core as the member's own booking.

-- ---------------------------------------------------------------- public.event_room_options

-- What a departure offers to sleep in, with the supplement each traveller pays on top of the event's price
-- ('Twin share' +$0, 'Single room' +$650). No count of places: the departure's capacity is the only count,
-- and rooms are blocked with the hotel once the bookings are in (decision 0077). Everyone reads the options
-- of the events they may read (the events policies decide); admins write them.
CREATE TABLE public.event_room_options (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid NOT NULL,
    label text NOT NULL,
    supplement_cents integer DEFAULT 0 NOT NULL,
    sort_order smallint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT event_room_options_label_check CHECK ((private.is_trimmed(label) AND (char_length(label) >= 1) AND (char_length(label) <= 60) AND (label !~ '[\u0001-\u001F\u007F-\u009F]'::text))),
    CONSTRAINT event_room_options_supplement_cents_check CHECK (((supplement_cents >= 0) AND (supplement_cents <= 10000000))),
    CONSTRAINT event_room_options_sort_order_check CHECK (((sort_order >= 0) AND (sort_order <= 99)))
);

COMMENT ON TABLE public.event_room_options IS 'Room options of a departure: a label and the supplement per traveller in the event''s currency.';

ALTER TABLE ONLY public.event_room_options
    ADD CONSTRAINT event_room_options_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.event_room_options
    ADD CONSTRAINT event_room_options_event_id_label_key UNIQUE (event_id, label);

ALTER TABLE ONLY public.event_room_options
    ADD CONSTRAINT event_room_options_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE public.event_room_options ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_room_options FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.event_room_options FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Admin changes to room options land in the audit log.
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.event_room_options FOR EACH ROW EXECUTE FUNCTION private.audit_change('label', 'room option');

-- The options of an event the caller may read (the events policies run as the caller).
CREATE POLICY event_room_options_select ON public.event_room_options FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = event_room_options.event_id))));

CREATE POLICY event_room_options_insert_admin ON public.event_room_options FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY event_room_options_update_admin ON public.event_room_options FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY event_room_options_delete_admin ON public.event_room_options FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.event_room_options TO service_role;
GRANT SELECT ON TABLE public.event_room_options TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.event_room_options TO authenticated;

-- ---------------------------------------------------------------- each traveller's room

-- The room a traveller booked, as it was sold: the option (null once the option is removed), its label and
-- its supplement then. Written only by the booking core (no column grant): the price is the booking's.
ALTER TABLE public.booking_travellers ADD COLUMN room_option_id uuid;

ALTER TABLE public.booking_travellers ADD COLUMN room_label text;

ALTER TABLE public.booking_travellers ADD COLUMN room_supplement_cents integer;

ALTER TABLE public.booking_travellers
    ADD CONSTRAINT booking_travellers_room_sold_together CHECK ((((room_label IS NULL) = (room_supplement_cents IS NULL)) AND ((room_option_id IS NULL) OR (room_label IS NOT NULL)) AND ((room_supplement_cents IS NULL) OR (room_supplement_cents >= 0))));

ALTER TABLE ONLY public.booking_travellers
    ADD CONSTRAINT booking_travellers_room_option_id_fkey FOREIGN KEY (room_option_id) REFERENCES public.event_room_options(id) ON DELETE SET NULL;

CREATE INDEX booking_travellers_room_option_id_idx ON public.booking_travellers USING btree (room_option_id);

-- What the travellers' rooms add to a booking of p_travellers on the event: the sum of the supplements of
-- p_rooms (one option per traveller, in the travellers' order). A departure with options needs one of its
-- own for each traveller; one without takes none. Refusals are 22023 with a message to show.
CREATE FUNCTION private.room_supplements_cents(p_event_id uuid, p_travellers integer, p_rooms uuid[]) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  offered boolean := exists (select 1 from public.event_room_options o where o.event_id = p_event_id);
  chosen integer := coalesce(cardinality(array_remove(p_rooms, null)), 0);
  supplements bigint;
  matched integer;
begin
  if not offered then
    if chosen > 0 then
      raise exception 'this departure has no room options to choose from' using errcode = '22023';
    end if;
    return 0;
  end if;
  if chosen <> p_travellers or cardinality(p_rooms) <> p_travellers then
    raise exception 'choose a room for each traveller' using errcode = '22023';
  end if;
  select count(o.id), coalesce(sum(o.supplement_cents), 0) into matched, supplements
  from unnest(p_rooms) r (id)
  join public.event_room_options o on o.id = r.id and o.event_id = p_event_id;
  if matched <> p_travellers then
    raise exception 'that room is not offered on this departure' using errcode = '22023';
  end if;
  return supplements;
end
$$;

REVOKE ALL ON FUNCTION private.room_supplements_cents(p_event_id uuid, p_travellers integer, p_rooms uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.room_supplements_cents(p_event_id uuid, p_travellers integer, p_rooms uuid[]) TO service_role;

-- ---------------------------------------------------------------- private.company_bank_details

-- Where members send their bank transfers (one row). Never readable through the API: signed-in members read
-- these four fields through public.company_bank_details(), admins change them through
-- public.set_company_bank_details(). The BSB is kept as its six digits (shown 000-000). Field rules as
-- src/lib/rules/bank.ts; bank-rules-agree.test.ts proves they agree.
CREATE TABLE private.company_bank_details (
    id boolean DEFAULT true NOT NULL,
    account_name text NOT NULL,
    bank_name text,
    bsb text NOT NULL,
    account_number text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT company_bank_details_id_check CHECK (id),
    CONSTRAINT company_bank_details_account_name_check CHECK ((private.is_trimmed(account_name) AND (char_length(account_name) >= 1) AND (char_length(account_name) <= 100) AND (account_name !~ '[\u0001-\u001F\u007F-\u009F]'::text))),
    CONSTRAINT company_bank_details_bank_name_check CHECK (((bank_name IS NULL) OR (private.is_trimmed(bank_name) AND (char_length(bank_name) >= 1) AND (char_length(bank_name) <= 100) AND (bank_name !~ '[\u0001-\u001F\u007F-\u009F]'::text)))),
    CONSTRAINT company_bank_details_bsb_check CHECK ((bsb ~ '^[0-9]{6}$'::text)),
    CONSTRAINT company_bank_details_account_number_check CHECK ((account_number ~ '^[0-9]{6,10}$'::text))
);

COMMENT ON TABLE private.company_bank_details IS 'The company''s account for bank transfers (one row): members read it through company_bank_details(), admins edit it.';

ALTER TABLE ONLY private.company_bank_details
    ADD CONSTRAINT company_bank_details_pkey PRIMARY KEY (id);

ALTER TABLE private.company_bank_details ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.company_bank_details TO service_role;

CREATE TRIGGER set_updated_at BEFORE UPDATE ON private.company_bank_details FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- Admin changes to the bank details land in the audit log.
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON private.company_bank_details FOR EACH ROW EXECUTE FUNCTION private.audit_change('account_name', 'bank details');

-- The account members pay into, for a signed-in member (a visitor is refused: 42501). No row: not set yet.
CREATE FUNCTION public.company_bank_details() RETURNS TABLE(account_name text, bank_name text, bsb text, account_number text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null then
    raise exception 'sign in to see the bank details' using errcode = '42501';
  end if;
  return query select d.account_name, d.bank_name, d.bsb, d.account_number from private.company_bank_details d;
end
$$;

REVOKE ALL ON FUNCTION public.company_bank_details() FROM PUBLIC;
GRANT ALL ON FUNCTION public.company_bank_details() TO authenticated;
GRANT ALL ON FUNCTION public.company_bank_details() TO service_role;

-- An admin sets the bank details (the row is created the first time). The table's checks are the rules; a
-- value they refuse is 23514 and the screen has said why before sending.
CREATE FUNCTION public.set_company_bank_details(p_account_name text, p_bsb text, p_account_number text, p_bank_name text DEFAULT NULL::text) RETURNS TABLE(account_name text, bank_name text, bsb text, account_number text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('change the bank details');
  insert into private.company_bank_details as d (id, account_name, bank_name, bsb, account_number)
  values (true, p_account_name, p_bank_name, p_bsb, p_account_number)
  on conflict (id) do update
    set account_name = excluded.account_name, bank_name = excluded.bank_name, bsb = excluded.bsb,
        account_number = excluded.account_number;
  return query select d.account_name, d.bank_name, d.bsb, d.account_number from private.company_bank_details d;
end
$$;

REVOKE ALL ON FUNCTION public.set_company_bank_details(p_account_name text, p_bsb text, p_account_number text, p_bank_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_company_bank_details(p_account_name text, p_bsb text, p_account_number text, p_bank_name text) TO authenticated;
GRANT ALL ON FUNCTION public.set_company_bank_details(p_account_name text, p_bsb text, p_account_number text, p_bank_name text) TO service_role;

-- ---------------------------------------------------------------- the confirmation e-mail

-- Whole cents as the site shows them, en-AU: $1,234.56 (another currency: its code first, NZD 1,234.56).
CREATE FUNCTION private.mail_money(cents bigint, currency text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case when currency = 'AUD' then '$' else currency || ' ' end
         || to_char(cents / 100.0, 'FM999,999,999,990.00')
$$;

REVOKE ALL ON FUNCTION private.mail_money(cents bigint, currency text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_money(cents bigint, currency text) TO service_role;

-- A day as the site writes it: 5 March 2027.
CREATE FUNCTION private.mail_date(day date) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select to_char(day, 'FMDD FMMonth YYYY')
$$;

REVOKE ALL ON FUNCTION private.mail_date(day date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_date(day date) TO service_role;

-- Queues the e-mail that confirms a booking to its member (text and HTML): the trip and its dates, the
-- travellers and their rooms, the total, the deposit due now, the schedule, how to pay (the bank details and
-- the booking's reference), how long the places are held (Sydney time) and links to the booking and its
-- payment plan. book_departure_core calls it once, in the booking's transaction: one e-mail per booking.
CREATE FUNCTION private.queue_booking_confirmation(p_booking_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  bank private.company_bank_details;
  b public.bookings;
  e public.events;
  recipient text;
  greeting text;
  trip text;
  travellers_text text;
  travellers_html text;
  schedule_text text;
  schedule_html text;
  deposit_now bigint;
  held_until text;
  booking_url text;
  plan_url text;
  bank_text text;
  bank_html text;
  phone_text text := '';
  text_body text;
  html_body text;
begin
  select * into settings from private.company_settings;
  select * into b from public.bookings where id = p_booking_id;
  select * into e from public.events where id = b.event_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(b.user_id) who;
  if settings is null or b.id is null or recipient is null then
    return;
  end if;
  select * into bank from private.company_bank_details;

  trip := e.title || ', ' || private.mail_date(e.start_date)
          || case when e.end_date is null or e.end_date = e.start_date then ''
                  else ' to ' || private.mail_date(e.end_date) end;
  select string_agg('- ' || t.full_name || coalesce(' (' || bt.room_label
                      || case when bt.room_supplement_cents > 0
                              then ', +' || private.mail_money(bt.room_supplement_cents, b.currency) else '' end
                      || ')', ''), E'\n' order by t.full_name),
         string_agg('<li>' || private.html_escape(t.full_name) || coalesce(' (' || private.html_escape(bt.room_label)
                      || case when bt.room_supplement_cents > 0
                              then ', +' || private.mail_money(bt.room_supplement_cents, b.currency) else '' end
                      || ')', '') || '</li>', '' order by t.full_name)
  into travellers_text, travellers_html
  from public.booking_travellers bt join public.travellers t on t.id = bt.traveller_id
  where bt.booking_id = b.id;
  select coalesce(sum(i.amount_cents) filter (where i.due_date <= private.sydney_today()), 0),
         string_agg('- ' || private.mail_date(i.due_date) || ': ' || private.mail_money(i.amount_cents, b.currency),
                    E'\n' order by i.due_date, i.created_at),
         string_agg('<tr><td>' || private.mail_date(i.due_date) || '</td><td style="text-align:right">'
                    || private.mail_money(i.amount_cents, b.currency) || '</td></tr>', '' order by i.due_date, i.created_at)
  into deposit_now, schedule_text, schedule_html
  from public.booking_installments i where i.booking_id = b.id;
  held_until := to_char(b.hold_expires_at at time zone 'Australia/Sydney', 'FMDay FMDD FMMonth YYYY "at" FMHH12:MI am');
  booking_url := settings.site_url || '/manage-booking?booking=' || b.id;
  plan_url := settings.site_url || '/manage-payment-plan?booking=' || b.id;
  if bank.id is null then
    bank_text := 'Our bank details are on your payment plan page: ' || plan_url;
    bank_html := '<p>Our bank details are on <a href="' || private.html_escape(plan_url) || '">your payment plan page</a>.</p>';
  else
    bank_text := 'Account name: ' || bank.account_name || E'\n'
      || coalesce('Bank: ' || bank.bank_name || E'\n', '')
      || 'BSB: ' || substr(bank.bsb, 1, 3) || '-' || substr(bank.bsb, 4, 3) || E'\n'
      || 'Account number: ' || bank.account_number || E'\n'
      || 'Reference: ' || b.bank_reference;
    bank_html := '<table><tr><td>Account name</td><td>' || private.html_escape(bank.account_name) || '</td></tr>'
      || coalesce('<tr><td>Bank</td><td>' || private.html_escape(bank.bank_name) || '</td></tr>', '')
      || '<tr><td>BSB</td><td>' || substr(bank.bsb, 1, 3) || '-' || substr(bank.bsb, 4, 3) || '</td></tr>'
      || '<tr><td>Account number</td><td>' || bank.account_number || '</td></tr>'
      || '<tr><td>Reference</td><td><strong>' || b.bank_reference || '</strong></td></tr></table>';
  end if;
  if b.terms_accepted_by is distinct from b.user_id then
    phone_text := 'Our team took this booking for you by phone and accepted our booking terms on your behalf, '
      || 'as we agreed on the call. You can read them at ' || settings.site_url || '/terms.';
  end if;

  text_body := 'Hello ' || greeting || E',\n\n'
    || 'Thank you for booking ' || trip || '. Your booking is held while we wait for your deposit.'
    || E'\n\nBooking reference: ' || b.bank_reference || E'\nInvoice: ' || b.invoice_number
    || E'\n\nTravellers\n' || coalesce(travellers_text, '')
    || E'\n\nTotal: ' || private.mail_money(b.total_cents, b.currency)
    || E'\nDue now: ' || private.mail_money(deposit_now, b.currency)
    || E'\n\nPayment schedule\n' || coalesce(schedule_text, '')
    || E'\n\nPay by bank transfer, quoting your booking reference ' || b.bank_reference || E':\n' || bank_text
    || E'\n\nWe hold your places until ' || held_until || ' (Sydney time). If your payment has not reached us '
    || 'by then, the places are released for others to book.'
    || case when phone_text = '' then '' else E'\n\n' || phone_text end
    || E'\n\nYour booking: ' || booking_url || E'\nYour payment plan: ' || plan_url
    || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you booked a trip with us. '
    || 'Questions? Reply to this e-mail.';
  html_body := '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Your booking</title></head>'
    || '<body style="font-family:sans-serif;line-height:1.5">'
    || '<h1>Your booking: ' || private.html_escape(e.title) || '</h1>'
    || '<p>Hello ' || private.html_escape(greeting) || ',</p>'
    || '<p>Thank you for booking ' || private.html_escape(trip) || '. Your booking is held while we wait for your deposit.</p>'
    || '<p>Booking reference: <strong>' || b.bank_reference || '</strong><br>Invoice: '
    || private.html_escape(b.invoice_number) || '</p>'
    || '<h2>Travellers</h2><ul>' || coalesce(travellers_html, '') || '</ul>'
    || '<p>Total: <strong>' || private.mail_money(b.total_cents, b.currency) || '</strong><br>Due now: <strong>'
    || private.mail_money(deposit_now, b.currency) || '</strong></p>'
    || '<h2>Payment schedule</h2><table>' || coalesce(schedule_html, '') || '</table>'
    || '<h2>Pay by bank transfer</h2><p>Quote your booking reference ' || b.bank_reference || '.</p>' || bank_html
    || '<p>We hold your places until ' || private.html_escape(held_until) || ' (Sydney time). If your payment has '
    || 'not reached us by then, the places are released for others to book.</p>'
    || case when phone_text = '' then '' else '<p>' || private.html_escape(phone_text) || '</p>' end
    || '<p><a href="' || private.html_escape(booking_url) || '">Your booking</a> · <a href="'
    || private.html_escape(plan_url) || '">Your payment plan</a></p>'
    || '<hr><p>' || private.html_escape(settings.brand_name)
    || '<br>You receive this because you booked a trip with us. Questions? Reply to this e-mail.</p></body></html>';

  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body)
  values (recipient, settings.contact_email,
          left(regexp_replace('Booking received: ' || trip || ' (' || b.invoice_number || ')', '[[:cntrl:]]+', ' ', 'g'), 300),
          text_body, html_body);
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_booking_confirmation(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_booking_confirmation(p_booking_id uuid) TO service_role;

-- ---------------------------------------------------------------- phone bookings

-- An admin books a member's saved travellers by phone: the member's rules, the same core and transaction
-- as book_departure (decision 0077). The terms are the current ones, accepted by the admin on the member's
-- behalf (terms_accepted_by is the admin); the booking and its schedule are in the audit log as the admin's.
CREATE FUNCTION public.admin_book_departure(p_member_id uuid, p_event_id uuid, p_traveller_ids uuid[], p_rooms uuid[] DEFAULT NULL::uuid[]) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('book for a member');
  if not exists (select 1 from public.profiles p where p.id = p_member_id) then
    raise exception 'no such member' using errcode = 'P0002';
  end if;
  return private.book_departure_core(p_member_id, p_event_id, p_traveller_ids,
    (select s.terms_version from private.booking_settings s), p_rooms, auth.uid());
end
$$;

REVOKE ALL ON FUNCTION public.admin_book_departure(p_member_id uuid, p_event_id uuid, p_traveller_ids uuid[], p_rooms uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_book_departure(p_member_id uuid, p_event_id uuid, p_traveller_ids uuid[], p_rooms uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_book_departure(p_member_id uuid, p_event_id uuid, p_traveller_ids uuid[], p_rooms uuid[]) TO service_role;
