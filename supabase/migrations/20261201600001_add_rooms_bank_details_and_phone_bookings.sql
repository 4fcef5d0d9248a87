-- Booking extras (issue 21, decision 0077). A departure may offer room options (twin share, a single room at
-- a supplement per traveller); each traveller of a booking on it has one, priced into the booking, and
-- book_departure and quote_booking take the rooms as an optional last argument, so three-argument callers
-- keep working. The company's bank details live in the database, readable by signed-in members through one
-- function and edited by admins. Every booking queues its confirmation e-mail in the outbox. An admin books a
-- member's travellers by phone with the member's rules, through the same core as the member's own booking.

drop function if exists "private"."booking_schedule"(p_event_id uuid, p_travellers integer, p_today date);

drop function if exists "public"."book_departure"(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text);

drop function if exists "public"."quote_booking"(p_event_id uuid, p_travellers integer);


  create table "private"."company_bank_details" (
    "id" boolean not null default true,
    "account_name" text not null,
    "bank_name" text,
    "bsb" text not null,
    "account_number" text not null,
    "updated_at" timestamp with time zone not null default now()
      );


alter table "private"."company_bank_details" enable row level security;


  create table "public"."event_room_options" (
    "id" uuid not null default gen_random_uuid(),
    "event_id" uuid not null,
    "label" text not null,
    "supplement_cents" integer not null default 0,
    "sort_order" smallint not null default 0,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );


alter table "public"."event_room_options" enable row level security;

alter table "public"."booking_travellers" add column "room_option_id" uuid;

alter table "public"."booking_travellers" add column "room_label" text;

alter table "public"."booking_travellers" add column "room_supplement_cents" integer;

CREATE UNIQUE INDEX company_bank_details_pkey ON private.company_bank_details USING btree (id);

CREATE INDEX booking_travellers_room_option_id_idx ON public.booking_travellers USING btree (room_option_id);

CREATE UNIQUE INDEX event_room_options_event_id_label_key ON public.event_room_options USING btree (event_id, label);

CREATE UNIQUE INDEX event_room_options_pkey ON public.event_room_options USING btree (id);

alter table "private"."company_bank_details" add constraint "company_bank_details_pkey" PRIMARY KEY using index "company_bank_details_pkey";

alter table "public"."event_room_options" add constraint "event_room_options_pkey" PRIMARY KEY using index "event_room_options_pkey";

alter table "private"."company_bank_details" add constraint "company_bank_details_account_name_check" CHECK ((private.is_trimmed(account_name) AND (char_length(account_name) >= 1) AND (char_length(account_name) <= 100) AND (account_name !~ '[\u0001-\u001F\u007F-\u009F]'::text))) not valid;

alter table "private"."company_bank_details" validate constraint "company_bank_details_account_name_check";

alter table "private"."company_bank_details" add constraint "company_bank_details_account_number_check" CHECK ((account_number ~ '^[0-9]{6,10}$'::text)) not valid;

alter table "private"."company_bank_details" validate constraint "company_bank_details_account_number_check";

alter table "private"."company_bank_details" add constraint "company_bank_details_bank_name_check" CHECK (((bank_name IS NULL) OR (private.is_trimmed(bank_name) AND (char_length(bank_name) >= 1) AND (char_length(bank_name) <= 100) AND (bank_name !~ '[\u0001-\u001F\u007F-\u009F]'::text)))) not valid;

alter table "private"."company_bank_details" validate constraint "company_bank_details_bank_name_check";

alter table "private"."company_bank_details" add constraint "company_bank_details_bsb_check" CHECK ((bsb ~ '^[0-9]{6}$'::text)) not valid;

alter table "private"."company_bank_details" validate constraint "company_bank_details_bsb_check";

alter table "private"."company_bank_details" add constraint "company_bank_details_id_check" CHECK (id) not valid;

alter table "private"."company_bank_details" validate constraint "company_bank_details_id_check";

alter table "public"."booking_travellers" add constraint "booking_travellers_room_option_id_fkey" FOREIGN KEY (room_option_id) REFERENCES event_room_options(id) ON DELETE SET NULL not valid;

alter table "public"."booking_travellers" validate constraint "booking_travellers_room_option_id_fkey";

alter table "public"."booking_travellers" add constraint "booking_travellers_room_sold_together" CHECK ((((room_label IS NULL) = (room_supplement_cents IS NULL)) AND ((room_option_id IS NULL) OR (room_label IS NOT NULL)) AND ((room_supplement_cents IS NULL) OR (room_supplement_cents >= 0)))) not valid;

alter table "public"."booking_travellers" validate constraint "booking_travellers_room_sold_together";

alter table "public"."event_room_options" add constraint "event_room_options_event_id_fkey" FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE not valid;

alter table "public"."event_room_options" validate constraint "event_room_options_event_id_fkey";

alter table "public"."event_room_options" add constraint "event_room_options_event_id_label_key" UNIQUE using index "event_room_options_event_id_label_key";

alter table "public"."event_room_options" add constraint "event_room_options_label_check" CHECK ((private.is_trimmed(label) AND (char_length(label) >= 1) AND (char_length(label) <= 60) AND (label !~ '[\u0001-\u001F\u007F-\u009F]'::text))) not valid;

alter table "public"."event_room_options" validate constraint "event_room_options_label_check";

alter table "public"."event_room_options" add constraint "event_room_options_sort_order_check" CHECK (((sort_order >= 0) AND (sort_order <= 99))) not valid;

alter table "public"."event_room_options" validate constraint "event_room_options_sort_order_check";

alter table "public"."event_room_options" add constraint "event_room_options_supplement_cents_check" CHECK (((supplement_cents >= 0) AND (supplement_cents <= 10000000))) not valid;

alter table "public"."event_room_options" validate constraint "event_room_options_supplement_cents_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.book_departure_core(p_member uuid, p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[], p_accepted_by uuid)
 RETURNS bookings
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.booking_schedule(p_event_id uuid, p_travellers integer, p_today date, p_supplements_cents bigint DEFAULT 0)
 RETURNS TABLE(due_date date, amount_cents integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  e public.events;
  last_due date;
  total bigint;
  deposit bigint := private.booking_deposit_cents(p_event_id, p_travellers);
  balance bigint;
  share bigint;
begin
  select * into e from public.events where id = p_event_id;
  select e.start_date - s.balance_due_days_before into last_due from private.booking_settings s;
  total := e.price_cents::bigint * p_travellers + coalesce(p_supplements_cents, 0);
  if total is null or total <= 0 then
    return;
  end if;
  if p_today >= last_due or deposit >= total then
    due_date := p_today;
    amount_cents := total;
    return next;
    return;
  end if;
  if deposit > 0 then
    due_date := p_today;
    amount_cents := deposit;
    return next;
  end if;
  balance := total - deposit;
  share := balance / e.balance_instalments;
  for part in 1..e.balance_instalments loop
    due_date := p_today + ((last_due - p_today) * part) / e.balance_instalments;
    amount_cents := case when part = e.balance_instalments then balance - share * (e.balance_instalments - 1)
                         else share end;
    if amount_cents > 0 then
      return next;
    end if;
  end loop;
end
$function$
;

CREATE OR REPLACE FUNCTION private.mail_date(day date)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select to_char(day, 'FMDD FMMonth YYYY')
$function$
;

CREATE OR REPLACE FUNCTION private.mail_money(cents bigint, currency text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when currency = 'AUD' then '$' else currency || ' ' end
         || to_char(cents / 100.0, 'FM999,999,999,990.00')
$function$
;

CREATE OR REPLACE FUNCTION private.queue_booking_confirmation(p_booking_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  select u.email, coalesce(nullif(split_part(p.full_name, ' ', 1), ''), 'there')
  into recipient, greeting
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = b.user_id;
  if settings is null or b.id is null or recipient is null or not private.is_email(recipient) then
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
$function$
;

CREATE OR REPLACE FUNCTION private.room_supplements_cents(p_event_id uuid, p_travellers integer, p_rooms uuid[])
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.admin_book_departure(p_member_id uuid, p_event_id uuid, p_traveller_ids uuid[], p_rooms uuid[] DEFAULT NULL::uuid[])
 RETURNS bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin('book for a member');
  if not exists (select 1 from public.profiles p where p.id = p_member_id) then
    raise exception 'no such member' using errcode = 'P0002';
  end if;
  return private.book_departure_core(p_member_id, p_event_id, p_traveller_ids,
    (select s.terms_version from private.booking_settings s), p_rooms, auth.uid());
end
$function$
;

CREATE OR REPLACE FUNCTION public.book_departure(p_event_id uuid, p_traveller_ids uuid[], p_terms_version text, p_rooms uuid[] DEFAULT NULL::uuid[])
 RETURNS bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member uuid := auth.uid();
begin
  perform private.require_live_caller();
  if member is null then
    raise exception 'sign in to book' using errcode = '42501';
  end if;
  return private.book_departure_core(member, p_event_id, p_traveller_ids, p_terms_version, p_rooms, member);
end
$function$
;

CREATE OR REPLACE FUNCTION public.company_bank_details()
 RETURNS TABLE(account_name text, bank_name text, bsb text, account_number text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null then
    raise exception 'sign in to see the bank details' using errcode = '42501';
  end if;
  return query select d.account_name, d.bank_name, d.bsb, d.account_number from private.company_bank_details d;
end
$function$
;

CREATE OR REPLACE FUNCTION public.quote_booking(p_event_id uuid, p_travellers integer, p_rooms uuid[] DEFAULT NULL::uuid[])
 RETURNS TABLE(due_date date, amount_cents integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.due_date, s.amount_cents
  from public.events e
  cross join lateral private.room_supplements_cents(e.id, p_travellers, p_rooms) r (cents)
  cross join lateral private.booking_schedule(e.id, p_travellers, private.sydney_today(), r.cents) s
  where e.id = p_event_id and e.status = 'published' and p_travellers between 1 and 50
$function$
;

CREATE OR REPLACE FUNCTION public.set_company_bank_details(p_account_name text, p_bsb text, p_account_number text, p_bank_name text DEFAULT NULL::text)
 RETURNS TABLE(account_name text, bank_name text, bsb text, account_number text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin('change the bank details');
  insert into private.company_bank_details as d (id, account_name, bank_name, bsb, account_number)
  values (true, p_account_name, p_bank_name, p_bsb, p_account_number)
  on conflict (id) do update
    set account_name = excluded.account_name, bank_name = excluded.bank_name, bsb = excluded.bsb,
        account_number = excluded.account_number;
  return query select d.account_name, d.bank_name, d.bsb, d.account_number from private.company_bank_details d;
end
$function$
;

grant delete on table "private"."company_bank_details" to "service_role";

grant insert on table "private"."company_bank_details" to "service_role";

grant references on table "private"."company_bank_details" to "service_role";

grant select on table "private"."company_bank_details" to "service_role";

grant trigger on table "private"."company_bank_details" to "service_role";

grant truncate on table "private"."company_bank_details" to "service_role";

grant update on table "private"."company_bank_details" to "service_role";

grant select on table "public"."event_room_options" to "anon";

grant delete on table "public"."event_room_options" to "authenticated";

grant insert on table "public"."event_room_options" to "authenticated";

grant select on table "public"."event_room_options" to "authenticated";

grant update on table "public"."event_room_options" to "authenticated";

grant delete on table "public"."event_room_options" to "service_role";

grant insert on table "public"."event_room_options" to "service_role";

grant references on table "public"."event_room_options" to "service_role";

grant select on table "public"."event_room_options" to "service_role";

grant trigger on table "public"."event_room_options" to "service_role";

grant truncate on table "public"."event_room_options" to "service_role";

grant update on table "public"."event_room_options" to "service_role";


  create policy "event_room_options_delete_admin"
  on "public"."event_room_options"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));



  create policy "event_room_options_insert_admin"
  on "public"."event_room_options"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));



  create policy "event_room_options_select"
  on "public"."event_room_options"
  as permissive
  for select
  to anon, authenticated
using ((EXISTS ( SELECT 1
   FROM events e
  WHERE (e.id = event_room_options.event_id))));



  create policy "event_room_options_update_admin"
  on "public"."event_room_options"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));


CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON private.company_bank_details FOR EACH ROW EXECUTE FUNCTION private.audit_change('account_name', 'bank details');

CREATE TRIGGER set_updated_at BEFORE UPDATE ON private.company_bank_details FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.event_room_options FOR EACH ROW EXECUTE FUNCTION private.audit_change('label', 'room option');

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_room_options FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.event_room_options FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

comment on table public.event_room_options is 'Room options of a departure: a label and the supplement per traveller in the event''s currency.';

comment on table private.company_bank_details is 'The company''s account for bank transfers (one row): members read it through company_bank_details(), admins edit it.';

comment on column public.bookings.terms_accepted_by is 'Who accepted the terms: the member who booked, or the admin who took the booking by phone on their behalf.';

revoke all on function private.book_departure_core(uuid, uuid, uuid[], text, uuid[], uuid) from public, anon, authenticated;
grant execute on function private.book_departure_core(uuid, uuid, uuid[], text, uuid[], uuid) to service_role;

revoke all on function private.booking_schedule(uuid, integer, date, bigint) from public, anon, authenticated;
grant execute on function private.booking_schedule(uuid, integer, date, bigint) to service_role;

revoke all on function private.room_supplements_cents(uuid, integer, uuid[]) from public, anon, authenticated;
grant execute on function private.room_supplements_cents(uuid, integer, uuid[]) to service_role;

revoke all on function private.mail_money(bigint, text) from public, anon, authenticated;
grant execute on function private.mail_money(bigint, text) to service_role;

revoke all on function private.mail_date(date) from public, anon, authenticated;
grant execute on function private.mail_date(date) to service_role;

revoke all on function private.queue_booking_confirmation(uuid) from public, anon, authenticated;
grant execute on function private.queue_booking_confirmation(uuid) to service_role;

revoke all on function public.book_departure(uuid, uuid[], text, uuid[]) from public, anon;
grant execute on function public.book_departure(uuid, uuid[], text, uuid[]) to authenticated, service_role;

revoke all on function public.quote_booking(uuid, integer, uuid[]) from public;
grant execute on function public.quote_booking(uuid, integer, uuid[]) to anon, authenticated, service_role;

revoke all on function public.company_bank_details() from public, anon;
grant execute on function public.company_bank_details() to authenticated, service_role;

revoke all on function public.set_company_bank_details(text, text, text, text) from public, anon;
grant execute on function public.set_company_bank_details(text, text, text, text) to authenticated, service_role;

revoke all on function public.admin_book_departure(uuid, uuid, uuid[], uuid[]) from public, anon;
grant execute on function public.admin_book_departure(uuid, uuid, uuid[], uuid[]) to authenticated, service_role;
