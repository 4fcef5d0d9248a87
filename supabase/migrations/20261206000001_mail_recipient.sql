-- One lookup for where a member's e-mail goes and how it greets them (private.mail_recipient, with
-- private.mail_greeting for people known only by a name, such as waitlist entries), used by the e-mails that
-- each had their own copy of it: the booking confirmation, the waitlist offer and its end, the payment
-- reminders and AutoPay's e-mails. What they send is unchanged.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.mail_greeting(full_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(nullif(split_part(full_name, ' ', 1), ''), 'there')
$function$
;

CREATE OR REPLACE FUNCTION private.mail_recipient(p_user_id uuid, OUT email text, OUT greeting text)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when private.is_email(u.email) then u.email::text end, private.mail_greeting(p.full_name)
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = p_user_id
$function$
;

CREATE OR REPLACE FUNCTION private.queue_autopay_mail(p_booking_id uuid, p_kind text, p_amount_cents integer, p_due_date date, p_reason text DEFAULT NULL::text)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recipient text;
  greeting text;
  trip text;
  plan_url text;
  brand text;
  reply_to text;
  amount text;
  headline text;
  lead text;
  next_step text;
  queued bigint;
begin
  select u.email, private.mail_greeting(p.full_name),
         e.title || ', departing ' || private.mail_date(e.start_date),
         cs.site_url || '/manage-payment-plan?booking=' || b.id, cs.brand_name, cs.contact_email,
         private.mail_money(p_amount_cents, b.currency)
  into recipient, greeting, trip, plan_url, brand, reply_to, amount
  from public.bookings b
  join public.events e on e.id = b.event_id
  join auth.users u on u.id = b.user_id
  left join public.profiles p on p.id = b.user_id
  cross join private.company_settings cs
  where b.id = p_booking_id;
  if not found or not private.is_email(recipient) then
    return null;
  end if;
  case p_kind
    when 'notice' then
      headline := 'AutoPay: ' || amount || ' will be charged on ' || private.mail_date(p_due_date);
      lead := 'A heads-up that we will charge ' || amount || ' for ' || trip || ' to your saved card on '
        || private.mail_date(p_due_date) || ', as you asked when you turned on AutoPay. You do not need to do anything.';
      next_step := 'To change the card or turn AutoPay off before then, go to your payment plan: ';
    when 'receipt' then
      headline := 'Receipt: ' || amount || ' charged to your card';
      lead := 'Thank you. We charged ' || amount || ' for ' || trip || ' to your saved card (AutoPay), for the instalment due on '
        || private.mail_date(p_due_date) || '.';
      next_step := 'Your payment plan and what is left to pay: ';
    when 'failed' then
      headline := 'Your AutoPay payment did not go through';
      lead := 'We tried to charge ' || amount || ' for ' || trip || ', due on ' || private.mail_date(p_due_date)
        || ', to your saved card, but it did not go through'
        || coalesce(' (' || rtrim(p_reason, '.') || ')', '') || '. Nothing has changed on your booking.';
      next_step := 'Please pay it yourself, by card or bank transfer, on your payment plan page, where you can also change the card: ';
    else
      raise exception 'an AutoPay e-mail is a notice, a receipt or a failure';
  end case;
  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body)
  values (
    recipient, reply_to,
    left(regexp_replace(headline || ' (' || brand || ')', '[[:cntrl:]]+', ' ', 'g'), 300),
    'Hello ' || greeting || E',\n\n' || lead || E'\n\n' || next_step || plan_url
      || E'\n\n-- \n' || brand || E'\nYou receive this because you have a booking with us. Questions? Reply to this e-mail.',
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>' || private.html_escape(headline) || '</title></head>'
      || '<body style="font-family:sans-serif;line-height:1.5">'
      || '<h1>' || private.html_escape(headline) || '</h1>'
      || '<p>Hello ' || private.html_escape(greeting) || ',</p>'
      || '<p>' || private.html_escape(lead) || '</p>'
      || '<p>' || private.html_escape(next_step) || '<a href="' || private.html_escape(plan_url) || '">your payment plan</a></p>'
      || '<hr><p>' || private.html_escape(brand)
      || '<br>You receive this because you have a booking with us. Questions? Reply to this e-mail.</p></body></html>'
  )
  returning id into queued;
  return queued;
end
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
$function$
;

CREATE OR REPLACE FUNCTION private.queue_hold_released_mail(p_booking_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  b public.bookings;
  recipient text;
  greeting text;
  trip text;
begin
  select * into settings from private.company_settings;
  select * into b from public.bookings where id = p_booking_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(b.user_id) who;
  if settings is null or b.id is null or recipient is null then
    return;
  end if;
  trip := private.mail_trip(b.event_id);
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (recipient, settings.contact_email,
          left(regexp_replace('Places released: ' || trip || ' (' || b.invoice_number || ')', '[[:cntrl:]]+', ' ', 'g'), 300),
          'Hello ' || greeting || E',\n\n'
          || 'We held your places on ' || trip || ' until ' || private.mail_moment(b.hold_expires_at)
          || ' (Sydney time), but your deposit had not reached us by then, so we have released them for others '
          || 'to book. Booking reference: ' || b.bank_reference || ', invoice ' || b.invoice_number || '.'
          || E'\n\nIf you have already paid, or still want to travel, reply to this e-mail and we will sort it out. '
          || 'If places are still free, you can also book again: ' || settings.site_url || '/book?event=' || b.event_id
          || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you booked a trip with us.');
  perform pg_notify('outbound_mail', '');
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_offer_expired_mail(p_offer_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  o public.waitlist_offers;
  greeting text;
  trip text;
begin
  select * into settings from private.company_settings;
  select * into o from public.waitlist_offers where id = p_offer_id;
  if settings is null or o.id is null then
    return;
  end if;
  select private.mail_greeting(w.full_name) into greeting
  from public.waitlist_submissions w where w.id = o.entry_id;
  trip := private.mail_trip(o.event_id);
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (o.email, settings.contact_email,
          left(regexp_replace('Your offer has ended: ' || trip, '[[:cntrl:]]+', ' ', 'g'), 300),
          'Hello ' || coalesce(greeting, 'there') || E',\n\n'
          || 'We held ' || case when o.places = 1 then 'a place' else o.places || ' places' end || ' on ' || trip
          || ' for you until ' || private.mail_moment(o.expires_at) || ' (Sydney time). As '
          || case when o.places = 1 then 'it was' else 'they were' end || ' not booked by then, we have offered '
          || case when o.places = 1 then 'it' else 'them' end || ' to the next person on the waitlist.'
          || E'\n\nIf you still want to travel, reply to this e-mail and we will let you know if a place comes up.'
          || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you joined the waitlist for '
          || trip || '.');
  perform pg_notify('outbound_mail', '');
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_waitlist_offer_mail(p_offer_id uuid, p_token text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  o public.waitlist_offers;
  greeting text;
  trip text;
  link text;
begin
  select * into settings from private.company_settings;
  select * into o from public.waitlist_offers where id = p_offer_id;
  if settings is null or o.id is null then
    return;
  end if;
  select private.mail_greeting(w.full_name) into greeting
  from public.waitlist_submissions w where w.id = o.entry_id;
  trip := private.mail_trip(o.event_id);
  link := settings.site_url || '/book?offer=' || p_token;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (o.email, settings.contact_email,
          left(regexp_replace('A place has come up: ' || trip, '[[:cntrl:]]+', ' ', 'g'), 300),
          'Hello ' || coalesce(greeting, 'there') || E',\n\n'
          || case when o.places = 1 then 'A place has come up on ' else o.places || ' places have come up on ' end
          || trip || ', and you are next on the waitlist. We are holding '
          || case when o.places = 1 then 'it' else 'them' end || ' for you until '
          || private.mail_moment(o.expires_at) || ' (Sydney time).'
          || E'\n\nTo book, open this link: ' || link
          || E'\n\nIf you do not have an account with us yet, you can create one from that page with this e-mail '
          || 'address; the places stay held for you while you do.'
          || E'\n\nIf you have not booked by then, we will offer the places to the next person on the waitlist.'
          || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you joined the waitlist for '
          || trip || '. Questions? Reply to this e-mail.');
  perform pg_notify('outbound_mail', '');
end
$function$
;

CREATE OR REPLACE FUNCTION private.send_payment_reminders(p_today date DEFAULT private.sydney_today())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
declare
  sent integer;
begin
  with settings as (
    select s.reminder_days_before as ahead, s.overdue_reminder_every_days as every, s.overdue_reminders as most
    from private.booking_settings s
  ),
  -- Bookings with an unpaid instalment inside some window: the only ones whose ledger is worked out.
  candidates as (
    select distinct i.booking_id
    from public.booking_installments i
    join public.bookings b on b.id = i.booking_id and b.status = 'confirmed'
    cross join settings s
    where i.paid_at is null
      and i.due_date between p_today - (s.every * (s.most + 1) - 1) and p_today + s.ahead
  ),
  -- What each has received, net of refunds: the ledger's one rule (private.booking_paid_cents).
  paid as (
    select c.booking_id, private.booking_paid_cents(c.booking_id) as cents
    from candidates c
  ),
  ledger as (
    select i.id, i.booking_id, i.due_date, i.paid_at,
           i.amount_cents - least(i.amount_cents, greatest(0, coalesce(paid.cents, 0)
             - (sum(i.amount_cents) over (partition by i.booking_id order by i.due_date, i.created_at, i.id)
                - i.amount_cents)))::integer as outstanding
    from public.booking_installments i
    join candidates c on c.booking_id = i.booking_id
    left join paid on paid.booking_id = i.booking_id
  ),
  due as (
    select l.id, l.booking_id, l.due_date, l.outstanding, w.kind,
           case when w.kind = 'overdue' then ((p_today - l.due_date) / s.every)::smallint else 0::smallint end as sequence
    from ledger l
    cross join settings s
    cross join lateral (select case
        when l.due_date - p_today between 1 and s.ahead then 'before'
        when p_today - l.due_date between 0 and s.every - 1 then 'due'
        when (p_today - l.due_date) / s.every between 1 and s.most then 'overdue'
      end as kind) w
    where l.paid_at is null and l.outstanding > 0 and w.kind is not null
      -- AutoPay charges on the due date and sends its own notice (decision 0088): no reminder before or on it.
      and not (w.kind in ('before', 'due') and exists (
        select 1 from public.autopay_enrolments ap where ap.booking_id = l.booking_id and ap.state = 'active'))
  ),
  addressed as (
    select d.*, u.email as recipient
    from due d
    join public.bookings b on b.id = d.booking_id
    join auth.users u on u.id = b.user_id
    -- No company settings (a hosted project before its row is set): nothing is recorded as sent.
    where private.is_email(u.email) and exists (select from private.company_settings)
  ),
  recorded as (
    insert into public.payment_reminders (booking_id, installment_id, kind, sequence, due_date, amount_cents, sent_on, mail_id)
    select a.booking_id, a.id, a.kind, a.sequence, a.due_date, a.outstanding, p_today,
           nextval('private.outbound_mail_id_seq')
    from addressed a
    on conflict (installment_id, kind, sequence) do nothing
    returning booking_id, kind, due_date, amount_cents, mail_id
  )
  insert into private.outbound_mail (id, recipient, reply_to, subject, body, html_body) overriding system value
  select r.mail_id, u.email, cs.contact_email, m.subject, m.body, m.html_body
  from recorded r
  join public.bookings b on b.id = r.booking_id
  join public.events e on e.id = b.event_id
  join auth.users u on u.id = b.user_id
  left join public.profiles p on p.id = b.user_id
  cross join private.company_settings cs
  left join private.company_bank_details bank on true
  cross join lateral private.payment_reminder_mail(
    r.kind, r.due_date - p_today,
    private.mail_greeting(p.full_name),
    e.title || ', departing ' || private.mail_date(e.start_date),
    b.invoice_number, private.mail_money(r.amount_cents, b.currency), private.mail_date(r.due_date),
    b.bank_reference, bank, cs.site_url || '/manage-payment-plan?booking=' || b.id, cs.brand_name) m;
  get diagnostics sent = row_count;
  if sent > 0 then
    perform pg_notify('outbound_mail', '');
  end if;
  return sent;
end
$function$
;

REVOKE ALL ON FUNCTION private.mail_greeting(full_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_greeting(full_name text) TO service_role;
REVOKE ALL ON FUNCTION private.mail_recipient(p_user_id uuid, OUT email text, OUT greeting text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_recipient(p_user_id uuid, OUT email text, OUT greeting text) TO service_role;
