-- AutoPay (issue 22, decision 0088): a member who consents has each instalment charged to their saved card,
-- off-session, on its due date. The consent (the terms' version, when, who) is stored on the booking's
-- enrolment; the card (a Stripe Customer and PaymentMethod) arrives by webhook once the member has paid by
-- card with it saved, or saved one in a Checkout Session in setup mode. A daily job e-mails a notice a few
-- days before each instalment and, on the due date, makes one attempt per instalment, which the
-- stripe-autopay Edge Function turns into an off-session PaymentIntent (idempotency key per attempt). The
-- outcome arrives by webhook (or from the function): a success is one payment on the ledger and a receipt; a
-- failure leaves the booking as it was and e-mails the member a link to pay it themselves.
-- Kept by hand beside the migrations; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203700001_autopay:
--   AutoPay: consent to the versioned terms, the saved card from the webhook, a notice before each
--   instalment, one off-session attempt per instalment on its due date, and its outcome on the ledger.

-- ---------------------------------------------------------------- settings and terms

-- How many days before an instalment's due date the AutoPay notice goes (one row; operators, SQL editor).
CREATE TABLE private.autopay_settings (
    only_row boolean DEFAULT true NOT NULL,
    notice_days smallint DEFAULT 3 NOT NULL,
    CONSTRAINT autopay_settings_only_row_check CHECK (only_row),
    CONSTRAINT autopay_settings_notice_days_check CHECK (((notice_days >= 1) AND (notice_days <= 14)))
);

COMMENT ON TABLE private.autopay_settings IS 'AutoPay settings: days before a due date that the notice e-mail goes (1 to 14).';

ALTER TABLE ONLY private.autopay_settings
    ADD CONSTRAINT autopay_settings_pkey PRIMARY KEY (only_row);

ALTER TABLE private.autopay_settings ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.autopay_settings TO service_role;

INSERT INTO private.autopay_settings (only_row, notice_days) VALUES (true, 3);

-- The AutoPay terms members consent to, each version kept as it was shown. The pages show the same text
-- from src/lib/rules/autopay.ts (autopay-rules-agree.test.ts proves they agree); a new wording is a new row
-- and a new version there, so every consent names the words the member saw.
CREATE TABLE private.autopay_terms (
    version smallint NOT NULL,
    body text NOT NULL,
    CONSTRAINT autopay_terms_version_check CHECK ((version >= 1)),
    CONSTRAINT autopay_terms_body_check CHECK (((char_length(body) >= 1) AND (char_length(body) <= 2000)))
);

COMMENT ON TABLE private.autopay_terms IS 'The AutoPay terms, each version as members saw it (src/lib/rules/autopay.ts shows the latest).';

ALTER TABLE ONLY private.autopay_terms
    ADD CONSTRAINT autopay_terms_pkey PRIMARY KEY (version);

ALTER TABLE private.autopay_terms ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.autopay_terms TO service_role;

INSERT INTO private.autopay_terms (version, body) VALUES (1, 'I authorise you to charge each remaining instalment of this booking to the card I save, on its due date, for the amount then owing. You will e-mail me a few days before each charge and a receipt after it. If a charge fails, nothing on my booking changes and you will e-mail me a link to pay it myself. I can turn AutoPay off or change the card at any time on my payment plan page.');

-- ---------------------------------------------------------------- public.autopay_enrolments

-- One per booking: the member's consent (terms version, when, who) and the card it charges. awaiting_card
-- until the webhook stores the Stripe Customer and PaymentMethod, active while it charges, off once the
-- member turns it off (the consent stays as the record of what was agreed and when).
CREATE TABLE public.autopay_enrolments (
    booking_id uuid NOT NULL,
    user_id uuid NOT NULL,
    terms_version smallint NOT NULL,
    consented_at timestamp with time zone DEFAULT now() NOT NULL,
    state text DEFAULT 'awaiting_card'::text NOT NULL,
    stripe_customer text,
    stripe_payment_method text,
    card_saved_at timestamp with time zone,
    turned_off_at timestamp with time zone,
    CONSTRAINT autopay_enrolments_state_check CHECK ((state = ANY (ARRAY['awaiting_card'::text, 'active'::text, 'off'::text]))),
    CONSTRAINT autopay_enrolments_stripe_customer_check CHECK ((stripe_customer ~ '^cus_[A-Za-z0-9]{1,200}$'::text)),
    CONSTRAINT autopay_enrolments_stripe_payment_method_check CHECK ((stripe_payment_method ~ '^pm_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT autopay_enrolments_card_complete CHECK (((stripe_payment_method IS NULL) = (card_saved_at IS NULL))),
    CONSTRAINT autopay_enrolments_active_has_card CHECK (((state <> 'active'::text) OR (stripe_payment_method IS NOT NULL))),
    CONSTRAINT autopay_enrolments_off_when CHECK (((state = 'off'::text) = (turned_off_at IS NOT NULL)))
);

COMMENT ON TABLE public.autopay_enrolments IS 'AutoPay per booking: the member''s consent to the terms and the saved card it charges (decision 0088).';

ALTER TABLE ONLY public.autopay_enrolments
    ADD CONSTRAINT autopay_enrolments_pkey PRIMARY KEY (booking_id);

ALTER TABLE ONLY public.autopay_enrolments
    ADD CONSTRAINT autopay_enrolments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.autopay_enrolments
    ADD CONSTRAINT autopay_enrolments_terms_version_fkey FOREIGN KEY (terms_version) REFERENCES private.autopay_terms(version);

ALTER TABLE public.autopay_enrolments ENABLE ROW LEVEL SECURITY;

CREATE POLICY autopay_enrolments_select_authenticated ON public.autopay_enrolments FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = autopay_enrolments.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.autopay_enrolments TO service_role;
GRANT SELECT ON TABLE public.autopay_enrolments TO authenticated;

-- ---------------------------------------------------------------- public.autopay_attempts

-- One off-session charge of an instalment: made by the daily job (pending), sent to Stripe by the
-- stripe-autopay function with the idempotency key autopay-<id>, then succeeded or failed. A retry after a
-- decline is a new attempt (a new key): the job makes one only once a new card has been saved.
CREATE TABLE public.autopay_attempts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    installment_id uuid,
    due_date date NOT NULL,
    amount_cents integer NOT NULL,
    currency text NOT NULL,
    state text DEFAULT 'pending'::text NOT NULL,
    stripe_payment_intent text,
    failure_code text,
    failure_message text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    mail_id bigint,
    CONSTRAINT autopay_attempts_amount_cents_check CHECK ((amount_cents >= 50)),
    CONSTRAINT autopay_attempts_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT autopay_attempts_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text]))),
    CONSTRAINT autopay_attempts_stripe_payment_intent_check CHECK ((stripe_payment_intent ~ '^pi_[A-Za-z0-9]{1,200}$'::text)),
    CONSTRAINT autopay_attempts_failure_code_check CHECK ((failure_code ~ '^[a-z_]{1,60}$'::text)),
    CONSTRAINT autopay_attempts_failure_message_check CHECK ((char_length(failure_message) <= 300)),
    CONSTRAINT autopay_attempts_settled_check CHECK (((state = 'pending'::text) = (settled_at IS NULL)))
);

COMMENT ON TABLE public.autopay_attempts IS 'Off-session AutoPay charges, one per attempt (its idempotency key is autopay-<id>).';

ALTER TABLE ONLY public.autopay_attempts
    ADD CONSTRAINT autopay_attempts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.autopay_attempts
    ADD CONSTRAINT autopay_attempts_stripe_payment_intent_key UNIQUE (stripe_payment_intent);

ALTER TABLE ONLY public.autopay_attempts
    ADD CONSTRAINT autopay_attempts_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.autopay_attempts
    ADD CONSTRAINT autopay_attempts_installment_id_fkey FOREIGN KEY (installment_id) REFERENCES public.booking_installments(id) ON DELETE SET NULL;

-- One attempt in flight per instalment: two runs of the job at once make one.
CREATE UNIQUE INDEX autopay_attempts_one_pending ON public.autopay_attempts USING btree (installment_id) WHERE (state = 'pending'::text);

CREATE INDEX autopay_attempts_booking_id_idx ON public.autopay_attempts USING btree (booking_id, created_at);

ALTER TABLE public.autopay_attempts ENABLE ROW LEVEL SECURITY;

CREATE POLICY autopay_attempts_select_authenticated ON public.autopay_attempts FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = autopay_attempts.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.autopay_attempts TO service_role;
GRANT SELECT ON TABLE public.autopay_attempts TO authenticated;

-- ---------------------------------------------------------------- public.autopay_notices

-- The notice e-mailed before an instalment is charged: once per instalment (the job inserts ON CONFLICT DO
-- NOTHING and mails only what it inserted).
CREATE TABLE public.autopay_notices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    installment_id uuid,
    due_date date NOT NULL,
    amount_cents integer NOT NULL,
    sent_on date NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL,
    mail_id bigint,
    CONSTRAINT autopay_notices_amount_cents_check CHECK ((amount_cents > 0))
);

COMMENT ON TABLE public.autopay_notices IS 'AutoPay notices e-mailed before a charge, one per instalment.';

ALTER TABLE ONLY public.autopay_notices
    ADD CONSTRAINT autopay_notices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.autopay_notices
    ADD CONSTRAINT autopay_notices_once UNIQUE (installment_id);

ALTER TABLE ONLY public.autopay_notices
    ADD CONSTRAINT autopay_notices_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.autopay_notices
    ADD CONSTRAINT autopay_notices_installment_id_fkey FOREIGN KEY (installment_id) REFERENCES public.booking_installments(id) ON DELETE SET NULL;

CREATE INDEX autopay_notices_booking_id_idx ON public.autopay_notices USING btree (booking_id, sent_at);

ALTER TABLE public.autopay_notices ENABLE ROW LEVEL SECURITY;

CREATE POLICY autopay_notices_select_authenticated ON public.autopay_notices FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = autopay_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.autopay_notices TO service_role;
GRANT SELECT ON TABLE public.autopay_notices TO authenticated;

-- ---------------------------------------------------------------- turning it on and off

-- The member consents to the given terms version (the current one: a stale page is refused) for their own
-- booking, before the deposit's Checkout Session or from the payment plan page. Stored with the time and
-- the member; active at once when the booking already has a saved card, else awaiting the card.
CREATE FUNCTION public.turn_on_autopay(p_booking_id uuid, p_terms_version smallint) RETURNS public.autopay_enrolments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  enrolment public.autopay_enrolments;
begin
  if auth.uid() is null then
    raise exception 'sign in to turn on AutoPay' using errcode = '42501';
  end if;
  select * into b from public.bookings where id = p_booking_id and user_id = auth.uid() for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if not public.card_payments_enabled() then
    raise exception 'Card payments are not available, so AutoPay is off. Please pay by bank transfer.' using errcode = '55000';
  end if;
  if p_terms_version is distinct from (select max(t.version) from private.autopay_terms t) then
    raise exception 'The AutoPay terms have changed. Please reload the page and read them again.' using errcode = '22023';
  end if;
  if b.status not in ('pending', 'confirmed') then
    raise exception 'AutoPay is only for bookings that are still being paid.' using errcode = '22023';
  end if;
  if private.booking_paid_cents(b.id) >= b.total_cents then
    raise exception 'Nothing is left to pay on this booking.' using errcode = '22023';
  end if;
  insert into public.autopay_enrolments as e (booking_id, user_id, terms_version)
  values (b.id, auth.uid(), p_terms_version)
  on conflict (booking_id) do update
    set user_id = excluded.user_id, terms_version = excluded.terms_version, consented_at = now(),
        state = case when e.stripe_payment_method is null then 'awaiting_card' else 'active' end,
        turned_off_at = null
  returning * into enrolment;
  return enrolment;
end
$$;

REVOKE ALL ON FUNCTION public.turn_on_autopay(p_booking_id uuid, p_terms_version smallint) FROM PUBLIC;
GRANT ALL ON FUNCTION public.turn_on_autopay(p_booking_id uuid, p_terms_version smallint) TO authenticated;
GRANT ALL ON FUNCTION public.turn_on_autopay(p_booking_id uuid, p_terms_version smallint) TO service_role;

-- The member turns AutoPay off: nothing more is charged (an attempt already sent to Stripe finishes).
CREATE FUNCTION public.turn_off_autopay(p_booking_id uuid) RETURNS public.autopay_enrolments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enrolment public.autopay_enrolments;
begin
  if auth.uid() is null then
    raise exception 'sign in to turn off AutoPay' using errcode = '42501';
  end if;
  update public.autopay_enrolments e set state = 'off', turned_off_at = now()
  from public.bookings b
  where e.booking_id = p_booking_id and b.id = e.booking_id and b.user_id = auth.uid() and e.state <> 'off'
  returning e.* into enrolment;
  if not found then
    select e.* into enrolment from public.autopay_enrolments e join public.bookings b on b.id = e.booking_id
    where e.booking_id = p_booking_id and b.user_id = auth.uid();
    if not found then
      raise exception 'AutoPay is not on for this booking.' using errcode = 'P0002';
    end if;
  end if;
  return enrolment;
end
$$;

REVOKE ALL ON FUNCTION public.turn_off_autopay(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.turn_off_autopay(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.turn_off_autopay(p_booking_id uuid) TO service_role;

-- ---------------------------------------------------------------- the e-mails

-- An AutoPay e-mail to the booking's member ('notice' before a charge, 'receipt' after one, 'failed' with the
-- link to pay it themselves), queued in the outbox; answers its id, or null when the member has no usable
-- address or the company's settings are unset (nothing is sent, as for payment reminders). Security definer:
-- the webhook's role (service_role) reaches neither auth.users nor the outbox, as for the booking confirmation.
CREATE FUNCTION private.queue_autopay_mail(p_booking_id uuid, p_kind text, p_amount_cents integer, p_due_date date, p_reason text DEFAULT NULL::text) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION private.queue_autopay_mail(p_booking_id uuid, p_kind text, p_amount_cents integer, p_due_date date, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_autopay_mail(p_booking_id uuid, p_kind text, p_amount_cents integer, p_due_date date, p_reason text) TO service_role;

-- ---------------------------------------------------------------- the daily job

-- What is still owed on each instalment of a booking: its payments (net of refunds) applied in due-date
-- order, as private.apply_payments applies them.
CREATE FUNCTION private.installments_outstanding(p_booking_id uuid) RETURNS TABLE(installment_id uuid, due_date date, outstanding integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select i.id, i.due_date,
         (i.amount_cents - least(i.amount_cents, greatest(0, private.booking_paid_cents(p_booking_id)
           - (sum(i.amount_cents) over (order by i.due_date, i.created_at, i.id) - i.amount_cents))))::integer
  from public.booking_installments i
  where i.booking_id = p_booking_id
$$;

REVOKE ALL ON FUNCTION private.installments_outstanding(p_booking_id uuid) FROM PUBLIC;

-- Run daily with p_today the company's day (Sydney); tests move the day. For confirmed bookings with AutoPay
-- active: e-mails the notice for each instalment due within notice_days (once per instalment), and makes an
-- attempt for each instalment due in the last week that is still owed (at least $0.50) and has none in
-- flight, none that succeeded, and none that failed since the card was saved (a declined card is not tried
-- again until the member saves another). Then wakes stripe-autopay, which charges every unsent attempt. Answers the
-- counts.
CREATE FUNCTION private.run_autopay(p_today date DEFAULT private.sydney_today()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
declare
  ahead smallint;
  notice record;
  notices integer := 0;
  attempts integer := 0;
begin
  select s.notice_days into ahead from private.autopay_settings s;
  for notice in
    insert into public.autopay_notices (booking_id, installment_id, due_date, amount_cents, sent_on)
    select b.id, o.installment_id, o.due_date, o.outstanding, p_today
    from public.autopay_enrolments ap
    join public.bookings b on b.id = ap.booking_id and b.status = 'confirmed'
    cross join lateral private.installments_outstanding(b.id) o
    where ap.state = 'active' and o.outstanding >= 50 and o.due_date - p_today between 1 and ahead
    on conflict (installment_id) do nothing
    returning id, booking_id, due_date, amount_cents
  loop
    update public.autopay_notices n
    set mail_id = private.queue_autopay_mail(notice.booking_id, 'notice', notice.amount_cents, notice.due_date)
    where n.id = notice.id;
    notices := notices + 1;
  end loop;

  insert into public.autopay_attempts (booking_id, installment_id, due_date, amount_cents, currency)
  select b.id, o.installment_id, o.due_date, o.outstanding, b.currency
  from public.autopay_enrolments ap
  join public.bookings b on b.id = ap.booking_id and b.status = 'confirmed'
  cross join lateral private.installments_outstanding(b.id) o
  where ap.state = 'active' and o.outstanding >= 50 and o.due_date between p_today - 6 and p_today
    and not exists (select 1 from public.autopay_attempts x
                    where x.installment_id = o.installment_id
                      and (x.state <> 'failed' or x.created_at >= ap.card_saved_at))
  on conflict do nothing;
  get diagnostics attempts = row_count;
  -- Also when an earlier attempt is still unsent (Stripe was unreachable): the same key, no second charge.
  if exists (select 1 from public.autopay_attempts a where a.state = 'pending' and a.stripe_payment_intent is null) then
    begin
      perform private.invoke_edge_function('stripe-autopay');
    exception when others then
      raise warning 'could not wake stripe-autopay: %', sqlerrm;
    end;
  end if;
  return jsonb_build_object('notices', notices, 'attempts', attempts);
end
$$;

REVOKE ALL ON FUNCTION private.run_autopay(p_today date) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.run_autopay(p_today date) FROM anon;
REVOKE ALL ON FUNCTION private.run_autopay(p_today date) FROM authenticated;

-- ---------------------------------------------------------------- charging and outcomes

-- The attempts the stripe-autopay function is to send to Stripe: pending, not yet sent, with the card to
-- charge (service role only). An enrolment turned off since the attempt was made charges nothing: the
-- attempt fails here with a reason, and the member is told.
CREATE FUNCTION public.autopay_charges_to_make() RETURNS TABLE(attempt_id uuid, booking_id uuid, installment_id uuid, amount_cents integer, currency text, stripe_customer text, stripe_payment_method text)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  update public.autopay_attempts a set state = 'failed', failure_code = 'autopay_off',
         failure_message = 'AutoPay was turned off', settled_at = now()
  from public.autopay_enrolments ap
  where ap.booking_id = a.booking_id and a.state = 'pending' and a.stripe_payment_intent is null
    and ap.state <> 'active';
  return query
  select a.id, a.booking_id, a.installment_id, a.amount_cents, a.currency, ap.stripe_customer, ap.stripe_payment_method
  from public.autopay_attempts a
  join public.autopay_enrolments ap on ap.booking_id = a.booking_id and ap.state = 'active'
  where a.state = 'pending' and a.stripe_payment_intent is null
  order by a.created_at, a.id;
end
$$;

REVOKE ALL ON FUNCTION public.autopay_charges_to_make() FROM PUBLIC;
REVOKE ALL ON FUNCTION public.autopay_charges_to_make() FROM anon;
REVOKE ALL ON FUNCTION public.autopay_charges_to_make() FROM authenticated;
GRANT ALL ON FUNCTION public.autopay_charges_to_make() TO service_role;

-- An off-session PaymentIntent's outcome for its attempt (p_intent: the PaymentIntent, from the webhook or as
-- the function got it; metadata.autopay_attempt_id names the attempt). succeeded: the money is recorded once
-- on the ledger (private.record_card_payment, as a Checkout payment is) and the receipt goes, even after a
-- failure was reported (the money was taken). requires_payment_method with an error, or requires_action
-- (the bank wants the member to authenticate): the attempt fails once, the booking stays as it was, and the
-- member is e-mailed a link to pay it themselves. Anything else (processing) stores the PaymentIntent only.
CREATE FUNCTION private.settle_autopay_attempt(p_intent jsonb, OUT result text, OUT detail text, OUT booking_id uuid) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  attempt public.autopay_attempts;
  intent text := p_intent ->> 'id';
  outcome record;
  reason text;
begin
  select * into attempt from public.autopay_attempts a
  where a.id::text = lower(p_intent #>> '{metadata,autopay_attempt_id}') for update;
  if not found then
    raise exception 'the PaymentIntent names no AutoPay attempt of ours' using errcode = '22023';
  end if;
  booking_id := attempt.booking_id;
  if intent is not null and intent !~ '^pi_[A-Za-z0-9]{1,200}$' then
    raise exception 'a PaymentIntent id looks like pi_…' using errcode = '22023';
  end if;
  if p_intent ->> 'status' = 'succeeded' then
    select * into outcome from private.record_card_payment(jsonb_build_object(
      'payment_intent', intent, 'amount_total', p_intent -> 'amount_received', 'currency', p_intent ->> 'currency',
      'metadata', jsonb_build_object('booking_id', attempt.booking_id)));
    result := outcome.result;
    detail := outcome.detail;
    update public.autopay_attempts a set state = 'succeeded', settled_at = now(), stripe_payment_intent = intent,
           failure_code = null, failure_message = null,
           mail_id = private.queue_autopay_mail(attempt.booking_id, 'receipt', (p_intent ->> 'amount_received')::integer, attempt.due_date)
    where a.id = attempt.id and a.state <> 'succeeded';
    return;
  end if;
  update public.autopay_attempts a set stripe_payment_intent = coalesce(a.stripe_payment_intent, intent)
  where a.id = attempt.id;
  if p_intent ->> 'status' = 'requires_action'
     or (p_intent ->> 'status' in ('requires_payment_method', 'canceled') and p_intent -> 'last_payment_error' is not null)
     or intent is null then
    reason := case
      when p_intent ->> 'status' = 'requires_action'
        or p_intent #>> '{last_payment_error,code}' = 'authentication_required'
        then 'your bank asked for the payment to be confirmed by you'
      else nullif(left(btrim(p_intent #>> '{last_payment_error,message}'), 200), '') end;
    update public.autopay_attempts a set state = 'failed', settled_at = now(),
           failure_code = coalesce(case when p_intent ->> 'status' = 'requires_action' then 'authentication_required' end,
                                   substring(p_intent #>> '{last_payment_error,code}' from '^[a-z_]{1,60}$'), 'charge_failed'),
           failure_message = coalesce(reason, 'the charge did not go through'),
           mail_id = private.queue_autopay_mail(attempt.booking_id, 'failed', attempt.amount_cents, attempt.due_date, reason)
    where a.id = attempt.id and a.state = 'pending';
    -- Once settled (failed already, or the money taken), a late or repeated failure changes nothing.
    result := case when found then 'payment_failed' else 'already_recorded' end;
    return;
  end if;
  result := 'awaiting_payment';
end
$$;

REVOKE ALL ON FUNCTION private.settle_autopay_attempt(p_intent jsonb, OUT result text, OUT detail text, OUT booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.settle_autopay_attempt(p_intent jsonb, OUT result text, OUT detail text, OUT booking_id uuid) TO service_role;

-- What the stripe-autopay function learnt from Stripe for an attempt (the PaymentIntent it created, or the
-- one in Stripe's card error, or, when Stripe made none, an object with only last_payment_error): the same
-- outcome as the webhook's, whichever comes first; the other then changes nothing.
CREATE FUNCTION public.report_autopay_charge(p_attempt_id uuid, p_intent jsonb) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  outcome record;
begin
  if p_intent is null or jsonb_typeof(p_intent) <> 'object' then
    raise exception 'the charge''s outcome is a JSON object' using errcode = '22023';
  end if;
  select * into outcome from private.settle_autopay_attempt(
    jsonb_set(p_intent, '{metadata}', coalesce(p_intent -> 'metadata', '{}'::jsonb)
                                      || jsonb_build_object('autopay_attempt_id', p_attempt_id)));
  return outcome.result;
end
$$;

REVOKE ALL ON FUNCTION public.report_autopay_charge(p_attempt_id uuid, p_intent jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.report_autopay_charge(p_attempt_id uuid, p_intent jsonb) FROM anon;
REVOKE ALL ON FUNCTION public.report_autopay_charge(p_attempt_id uuid, p_intent jsonb) FROM authenticated;
GRANT ALL ON FUNCTION public.report_autopay_charge(p_attempt_id uuid, p_intent jsonb) TO service_role;

-- A card saved for later (a PaymentIntent with setup_future_usage off_session, or a SetupIntent, for one of
-- our bookings, with its Customer): stored on the booking's enrolment, which becomes active if it was
-- waiting for it. The Customer must be the enrolment's once it has one; a booking without AutoPay, or with
-- it turned off, keeps nothing.
CREATE FUNCTION private.save_autopay_card(p_object jsonb, OUT result text, OUT booking_id uuid) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  booking_id := private.stripe_booking_id(p_object);
  result := 'ignored';
  if booking_id is null or coalesce(p_object ->> 'customer' !~ '^cus_[A-Za-z0-9]{1,200}$', true)
     or coalesce(p_object ->> 'payment_method' !~ '^pm_[A-Za-z0-9_]{1,200}$', true)
     or not (p_object ->> 'object' is not distinct from 'setup_intent'
             or p_object ->> 'setup_future_usage' is not distinct from 'off_session') then
    return;
  end if;
  update public.autopay_enrolments e
  set stripe_customer = p_object ->> 'customer', stripe_payment_method = p_object ->> 'payment_method',
      card_saved_at = now(), state = case when e.state = 'awaiting_card' then 'active' else e.state end
  where e.booking_id = save_autopay_card.booking_id and e.state <> 'off'
    and (e.stripe_customer is null or e.stripe_customer = p_object ->> 'customer');
  if found then
    result := 'card_saved';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.save_autopay_card(p_object jsonb, OUT result text, OUT booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.save_autopay_card(p_object jsonb, OUT result text, OUT booking_id uuid) TO service_role;

-- ---------------------------------------------------------------- the member's data

-- The member's AutoPay consents in their data download: which terms, when, and whether a card is saved.
CREATE FUNCTION private.export_autopay_enrolments(member uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(jsonb_build_object('booking_id', e.booking_id, 'terms_version', e.terms_version,
           'consented_at', e.consented_at, 'state', e.state, 'card_saved_at', e.card_saved_at,
           'turned_off_at', e.turned_off_at) order by e.consented_at), '[]'::jsonb)
  from public.autopay_enrolments e where e.user_id = member
$$;

REVOKE ALL ON FUNCTION private.export_autopay_enrolments(member uuid) FROM PUBLIC;

-- At deletion AutoPay stops and the saved card's Stripe references go, so nothing is charged again; the
-- consent (terms version and time) stays with its booking, which the company keeps as the record of the
-- charges made under it (private.forget_bookings keeps bookings), and goes with the booking if that goes.
CREATE FUNCTION private.forget_autopay_enrolments(member uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.autopay_enrolments
  set state = 'off', turned_off_at = coalesce(turned_off_at, now()), stripe_customer = null,
      stripe_payment_method = null, card_saved_at = null
  where user_id = member
$$;

REVOKE ALL ON FUNCTION private.forget_autopay_enrolments(member uuid) FROM PUBLIC;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('autopay_enrolments', 187, '{public.autopay_enrolments.user_id}');
