-- Card payments through Stripe (issue 22, decision 0085): the events Stripe's webhook has delivered, each
-- recorded once in the transaction that makes its change, and public.apply_stripe_event, the one function
-- the stripe-webhook Edge Function calls (service role only) with an event it has verified. Card payments
-- go into public.payments and are applied as bank transfers are (private.apply_payments); refunds go into
-- public.payment_refunds. No Stripe secret is kept in the database: the keys live in the functions'
-- environment only.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203400001_card_payments_ledger:
--   Card payments and refunds in the ledger, and the Stripe events the webhook has applied, each once.
-- 20261203600001_card_checkout_attempts:
--   apply_stripe_event marks the card payment attempt paid or expired; an open deposit attempt keeps the hold.
-- 20261203800001_stripe_settings_and_surcharge:
--   record_card_payment keeps the attempt's card surcharge apart from the payment (decision 0089).

-- ---------------------------------------------------------------- public.stripe_events

-- Every Stripe event the webhook has applied: its id is unique, so a delivery repeated, out of order or days
-- later changes nothing the second time. What it did is its result (and why, for one that needs an admin).
-- Admins read it (/admin/stripe-settings shows the last one); nobody writes it but apply_stripe_event.
CREATE TABLE public.stripe_events (
    id text NOT NULL,
    type text NOT NULL,
    object_id text,
    booking_id uuid,
    result text NOT NULL,
    detail text,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT stripe_events_id_check CHECK ((id ~ '^evt_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT stripe_events_type_check CHECK ((type ~ '^[a-z0-9_]{1,60}(\.[a-z0-9_]{1,60}){1,4}$'::text)),
    CONSTRAINT stripe_events_object_id_check CHECK ((object_id ~ '^[a-z]{2,6}_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT stripe_events_result_check CHECK ((result = ANY (ARRAY['recorded'::text, 'already_recorded'::text, 'needs_attention'::text, 'awaiting_payment'::text, 'payment_failed'::text, 'hold_released'::text, 'nothing_to_release'::text, 'refund_recorded'::text, 'refund_already_recorded'::text, 'refund_pending'::text, 'card_saved'::text, 'ignored'::text]))),
    CONSTRAINT stripe_events_detail_check CHECK ((char_length(detail) <= 300))
);

COMMENT ON TABLE public.stripe_events IS 'Stripe events the webhook applied, each once (apply_stripe_event only).';

ALTER TABLE ONLY public.stripe_events
    ADD CONSTRAINT stripe_events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.stripe_events
    ADD CONSTRAINT stripe_events_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

CREATE INDEX stripe_events_received_at_idx ON public.stripe_events USING btree (received_at DESC);

CREATE INDEX stripe_events_booking_id_idx ON public.stripe_events USING btree (booking_id);

ALTER TABLE public.stripe_events ENABLE ROW LEVEL SECURITY;

CREATE POLICY stripe_events_select_authenticated ON public.stripe_events FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.stripe_events TO service_role;
GRANT SELECT ON TABLE public.stripe_events TO authenticated;

-- ---------------------------------------------------------------- applying an event

-- After a refund, the instalments the money left no longer covers are unpaid again (the reverse of
-- private.apply_payments, in the same due-date order).
CREATE FUNCTION private.unapply_refunded(p_booking_id uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.booking_installments i set paid_at = null
  from (
    select x.id, sum(x.amount_cents) over (order by x.due_date, x.created_at, x.id) as covered_to
    from public.booking_installments x where x.booking_id = p_booking_id
  ) running
  where i.id = running.id and i.paid_at is not null
    and running.covered_to > private.booking_paid_cents(p_booking_id);
$$;

REVOKE ALL ON FUNCTION private.unapply_refunded(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.unapply_refunded(p_booking_id uuid) TO service_role;

-- The booking of ours a Checkout Session is for: metadata.booking_id, else client_reference_id (decision
-- 0085); null when it names none (a session another system made on the same Stripe account).
CREATE FUNCTION private.stripe_booking_id(p_object jsonb) RETURNS uuid
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select b.id from public.bookings b
  where b.id = (select case when value ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                            then value::uuid end
                from (select lower(coalesce(p_object #>> '{metadata,booking_id}',
                                            p_object ->> 'client_reference_id')) as value) v)
$$;

REVOKE ALL ON FUNCTION private.stripe_booking_id(p_object jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.stripe_booking_id(p_object jsonb) TO service_role;

-- A paid Checkout Session's money, recorded once (its PaymentIntent is unique) and applied to the booking's
-- instalments as a bank transfer is. The money has been taken, so it is always recorded; it is not applied,
-- and an admin is told, when the booking was cancelled meanwhile or its expired hold's places have gone.
CREATE FUNCTION private.record_card_payment(p_session jsonb, OUT result text, OUT detail text, OUT booking_id uuid) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  e public.events;
  intent text := p_session ->> 'payment_intent';
  amount integer;
  surcharge integer;
  inserted uuid;
begin
  booking_id := private.stripe_booking_id(p_session);
  select * into b from public.bookings where id = booking_id for update;
  if not found then
    raise exception 'the Checkout Session names no booking of ours' using errcode = '22023';
  end if;
  if intent is null or intent !~ '^pi_[A-Za-z0-9]{1,200}$' then
    raise exception 'a paid Checkout Session has a PaymentIntent (pi_…)' using errcode = '22023';
  end if;
  if jsonb_typeof(p_session -> 'amount_total') <> 'number' or (p_session ->> 'amount_total')::numeric <= 0
     or (p_session ->> 'amount_total')::numeric > 2147483647
     or (p_session ->> 'amount_total')::numeric <> trunc((p_session ->> 'amount_total')::numeric) then
    raise exception 'a paid Checkout Session has an amount_total of at least 1 cent' using errcode = '22023';
  end if;
  amount := (p_session ->> 'amount_total')::integer;
  -- The card surcharge the attempt charged on top (decision 0089) is not the booking's: kept apart.
  select a.surcharge_cents into surcharge from public.card_payment_attempts a
  where a.checkout_session_id = p_session ->> 'id' or a.id::text = lower(p_session #>> '{metadata,attempt_id}')
  limit 1;
  surcharge := case when coalesce(surcharge, 0) < amount then coalesce(surcharge, 0) else 0 end;
  if upper(coalesce(p_session ->> 'currency', '')) <> b.currency then
    raise exception 'the Checkout Session is in %, the booking in %', upper(p_session ->> 'currency'), b.currency
      using errcode = '22023';
  end if;
  insert into public.payments (booking_id, method, amount_cents, reference, received_on, stripe_payment_intent,
                               surcharge_cents)
  values (b.id, 'card', amount - surcharge, 'Card payment', private.sydney_today(), intent, surcharge)
  on conflict (stripe_payment_intent) do nothing
  returning id into inserted;
  if inserted is null then
    result := 'already_recorded';
    return;
  end if;
  result := 'recorded';
  if b.status = 'cancelled' then
    result := 'needs_attention';
    detail := 'A card payment arrived for a cancelled booking: refund it.';
    return;
  end if;
  if b.status = 'pending' and b.hold_expires_at <= now() then
    select * into e from public.events where id = b.event_id for update;
    if e.max_registrations is not null
       and private.places_taken(e.id) + b.travellers > e.max_registrations then
      result := 'needs_attention';
      detail := 'A card deposit arrived after the hold expired and its places were booked since: refund it or make room.';
      return;
    end if;
  end if;
  if private.booking_paid_cents(b.id) > b.total_cents then
    detail := 'The booking has now received more than its total.';
    result := 'needs_attention';
  end if;
  perform private.apply_payments(b.id, now());
end
$$;

REVOKE ALL ON FUNCTION private.record_card_payment(p_session jsonb, OUT result text, OUT detail text, OUT booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_card_payment(p_session jsonb, OUT result text, OUT detail text, OUT booking_id uuid) TO service_role;

-- An expired Checkout Session for a booking's deposit (metadata.purpose 'deposit') ends the booking's hold
-- at once, so its places are free again: only while the booking is pending, still holds its places, has
-- not received its deposit some other way and has no other deposit session open.
CREATE FUNCTION private.release_checkout_hold(p_session jsonb, OUT result text, OUT booking_id uuid) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  booking_id := private.stripe_booking_id(p_session);
  result := 'nothing_to_release';
  if p_session #>> '{metadata,purpose}' is distinct from 'deposit' or booking_id is null then
    return;
  end if;
  update public.bookings b set hold_expires_at = now()
  where b.id = booking_id and b.status = 'pending' and b.hold_expires_at > now()
    and private.booking_paid_cents(b.id) < b.deposit_cents
    -- Another deposit Checkout Session still open keeps the places (decision 0087).
    and not exists (select 1 from public.card_payment_attempts a
                    where a.booking_id = b.id and a.purpose = 'deposit' and a.state = 'open'
                      and a.expires_at > now());
  if found then
    result := 'hold_released';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.release_checkout_hold(p_session jsonb, OUT result text, OUT booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.release_checkout_hold(p_session jsonb, OUT result text, OUT booking_id uuid) TO service_role;

-- A succeeded Stripe refund, recorded once against the card payment it came from; the instalments the money
-- left no longer covers are unpaid again. A refund still pending waits for its refund.updated; one whose
-- payment we have not recorded yet is refused (55000), so nothing is kept and Stripe delivers it again.
-- What gave back the card surcharge is recorded apart (surcharge_cents), so the booking is not credited with
-- it: a refund of our own request splits as the request did (found by its Stripe id, or by the request_id
-- the stripe-refund function puts in its metadata when the webhook comes first, which also marks the request
-- made); any other (made in Stripe's Dashboard) is the payment's amount first, and only what exceeds the
-- amount left counts against the surcharge (decision 0096's amendment).
CREATE FUNCTION private.record_card_refund(p_refund jsonb, OUT result text, OUT booking_id uuid) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  payment public.payments;
  request public.card_refund_requests;
  total integer;
  surcharge integer;
  inserted uuid;
begin
  if p_refund ->> 'status' is distinct from 'succeeded' then
    result := 'refund_pending';
    return;
  end if;
  select * into payment from public.payments p where p.stripe_payment_intent = p_refund ->> 'payment_intent';
  if not found then
    -- Deliveries come in any order: a refund before its payment is refused, and Stripe's retry records it.
    raise exception 'no card payment has that refund''s PaymentIntent yet' using errcode = '55000';
  end if;
  booking_id := payment.booking_id;
  if jsonb_typeof(p_refund -> 'amount') <> 'number' or (p_refund ->> 'amount')::numeric <= 0
     or (p_refund ->> 'amount')::numeric > 2147483647
     or (p_refund ->> 'amount')::numeric <> trunc((p_refund ->> 'amount')::numeric) then
    raise exception 'a refund has an amount of at least 1 cent' using errcode = '22023';
  end if;
  total := (p_refund ->> 'amount')::integer;
  -- The request before the booking: settle_card_refund_request locks them in that order too.
  select * into request from public.card_refund_requests q
  where q.payment_id = payment.id
    and (q.stripe_refund_id = p_refund ->> 'id'
         or q.state = 'requested' and q.id::text = lower(p_refund #>> '{metadata,request_id}'))
  order by q.stripe_refund_id nulls last
  limit 1
  for update;
  perform 1 from public.bookings b where b.id = payment.booking_id for update;
  if exists (select 1 from public.payment_refunds r where r.stripe_refund_id = p_refund ->> 'id') then
    result := 'refund_already_recorded';
    return;
  end if;
  if request.id is not null and request.amount_cents + request.surcharge_cents = total then
    surcharge := request.surcharge_cents;
    update public.card_refund_requests q set state = 'made', stripe_refund_id = p_refund ->> 'id', settled_at = now()
    where q.id = request.id and q.state = 'requested';
  else
    -- Beyond the surcharge left too, it stays amount: refund_within_payment refuses it in those words.
    select least(greatest(0, total - payment.amount_cents + coalesce(sum(r.amount_cents), 0)),
                 greatest(0, payment.surcharge_cents - coalesce(sum(r.surcharge_cents), 0)))
    into surcharge
    from public.payment_refunds r where r.payment_id = payment.id;
  end if;
  insert into public.payment_refunds (payment_id, amount_cents, surcharge_cents, stripe_refund_id)
  values (payment.id, total - surcharge, surcharge, p_refund ->> 'id')
  on conflict (stripe_refund_id) do nothing
  returning id into inserted;
  if inserted is null then
    result := 'refund_already_recorded';
    return;
  end if;
  perform private.unapply_refunded(payment.booking_id);
  result := 'refund_recorded';
end
$$;

REVOKE ALL ON FUNCTION private.record_card_refund(p_refund jsonb, OUT result text, OUT booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_card_refund(p_refund jsonb, OUT result text, OUT booking_id uuid) TO service_role;

-- The webhook's one call: a verified event's id, type and object (event.data.object). In one transaction it
-- records the event id and makes the event's change, or, for an id it has seen, does nothing and answers
-- what it did the first time. Checkout Sessions completed and paid, or paid later
-- (async_payment_succeeded), record their payment; completed but unpaid ones wait; an expired deposit
-- session releases its hold; a succeeded refund is recorded; anything else is noted and ignored. Bad input
-- is refused (22023) and nothing is recorded, so Stripe's retry finds it again.
CREATE FUNCTION public.apply_stripe_event(p_event_id text, p_type text, p_object jsonb) RETURNS public.stripe_events
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  event public.stripe_events;
  outcome record;
begin
  if p_event_id is null or p_event_id !~ '^evt_[A-Za-z0-9_]{1,200}$' then
    raise exception 'a Stripe event id looks like evt_…' using errcode = '22023';
  end if;
  if p_type is null or p_type !~ '^[a-z0-9_]{1,60}(\.[a-z0-9_]{1,60}){1,4}$' then
    raise exception 'a Stripe event type looks like checkout.session.completed' using errcode = '22023';
  end if;
  if p_object is null or jsonb_typeof(p_object) <> 'object' then
    raise exception 'the event''s object is a JSON object (event.data.object)' using errcode = '22023';
  end if;
  insert into public.stripe_events (id, type, object_id, result)
  values (p_event_id, p_type,
          case when p_object ->> 'id' ~ '^[a-z]{2,6}_[A-Za-z0-9_]{1,200}$' then p_object ->> 'id' end, 'ignored')
  on conflict (id) do nothing
  returning * into event;
  if event.id is null then
    select * into event from public.stripe_events where id = p_event_id;
    return event;
  end if;
  case
    -- A store order's session (decision 0091): the order's own payment, apart from any booking's.
    when p_type like 'checkout.session.%' and p_object #>> '{metadata,order_id}' is not null then
      select * into outcome from private.apply_order_session(p_type, p_object);
      update public.stripe_events set result = outcome.result, detail = outcome.detail
      where id = p_event_id returning * into event;
    when p_type = 'checkout.session.completed' and p_object ->> 'payment_status' = 'paid'
      or p_type = 'checkout.session.async_payment_succeeded' then
      select * into outcome from private.record_card_payment(p_object);
      perform private.settle_card_attempt(p_object, 'paid');
      update public.stripe_events set result = outcome.result, detail = outcome.detail, booking_id = outcome.booking_id
      where id = p_event_id returning * into event;
    when p_type = 'checkout.session.completed' then
      update public.stripe_events set result = 'awaiting_payment', booking_id = private.stripe_booking_id(p_object)
      where id = p_event_id returning * into event;
    when p_type = 'checkout.session.async_payment_failed' then
      update public.stripe_events set result = 'payment_failed', booking_id = private.stripe_booking_id(p_object)
      where id = p_event_id returning * into event;
    when p_type = 'checkout.session.expired' then
      perform private.settle_card_attempt(p_object, 'expired');
      select * into outcome from private.release_checkout_hold(p_object);
      update public.stripe_events set result = outcome.result, booking_id = outcome.booking_id
      where id = p_event_id returning * into event;
    -- AutoPay (decision 0088): an off-session charge's outcome, and a card saved for later.
    when p_type in ('payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.requires_action')
         and p_object #>> '{metadata,autopay_attempt_id}' is not null then
      select * into outcome from private.settle_autopay_attempt(p_object);
      update public.stripe_events set result = outcome.result, detail = outcome.detail, booking_id = outcome.booking_id
      where id = p_event_id returning * into event;
    when p_type in ('payment_intent.succeeded', 'setup_intent.succeeded') then
      select * into outcome from private.save_autopay_card(p_object);
      update public.stripe_events set result = outcome.result, booking_id = outcome.booking_id
      where id = p_event_id returning * into event;
    -- A refund of a store order's PaymentIntent (decision 0097): the order's refunds, apart from the bookings'.
    when p_type in ('refund.created', 'refund.updated')
         and exists (select 1 from public.orders o where o.stripe_payment_intent = p_object ->> 'payment_intent') then
      select * into outcome from private.record_order_refund(p_object);
      update public.stripe_events set result = outcome.result, detail = outcome.detail
      where id = p_event_id returning * into event;
    when p_type in ('refund.created', 'refund.updated') then
      select * into outcome from private.record_card_refund(p_object);
      update public.stripe_events set result = outcome.result, booking_id = outcome.booking_id
      where id = p_event_id returning * into event;
    else
      null;
  end case;
  return event;
end
$$;

REVOKE ALL ON FUNCTION public.apply_stripe_event(p_event_id text, p_type text, p_object jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_stripe_event(p_event_id text, p_type text, p_object jsonb) TO service_role;
