-- Refunds by card through Stripe, and the sweep of card payment attempts (issue 22, decision 0090). An admin
-- asks for a refund of all or part of one card payment (request_card_refund checks it against what is left
-- of THAT payment); the stripe-refund Edge Function makes it on the payment's PaymentIntent, once per request
-- (the request's id is Stripe's idempotency key), and the refund is recorded in the ledger once, by its
-- Stripe id (private.record_card_refund, whether the function or the webhook reports it first). Attempts
-- whose Checkout Session was never made are closed by the scheduler's sweep.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203900001_card_refund_requests:
--   Admins' card refund requests, made through Stripe by the stripe-refund function and recorded once;
--   attempts whose Checkout Session was never made are swept.

-- ---------------------------------------------------------------- public.card_refund_requests

-- One refund an admin asked for on one card payment: how much and why. 'requested' until the stripe-refund
-- function has asked Stripe; 'made' once Stripe has the refund (its id; the ledger's row, payment_refunds,
-- comes with it once Stripe says it succeeded); 'failed' with Stripe's words when Stripe refused it, and the
-- admin who asked (requested_by: the caller of request_card_refund, or the admin who cancelled the departure;
-- decision 0096). surcharge_cents: the part of the payment's card surcharge going back on top of
-- amount_cents, asked only when the company cancels the departure (decision 0096's amendment); Stripe is
-- asked for the two together. Admins read them; nobody writes them through the API.
CREATE TABLE public.card_refund_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    payment_id uuid NOT NULL,
    amount_cents integer NOT NULL,
    reason text NOT NULL,
    state text DEFAULT 'requested'::text NOT NULL,
    stripe_refund_id text,
    failure text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    requested_by uuid,
    surcharge_cents integer DEFAULT 0 NOT NULL,
    CONSTRAINT card_refund_requests_amount_cents_check CHECK ((amount_cents >= 0)),
    CONSTRAINT card_refund_requests_surcharge_cents_check CHECK ((surcharge_cents >= 0)),
    CONSTRAINT card_refund_requests_not_empty CHECK (((amount_cents + surcharge_cents) > 0)),
    CONSTRAINT card_refund_requests_reason_check CHECK ((private.is_trimmed(reason) AND (char_length(reason) >= 1) AND (char_length(reason) <= 300))),
    CONSTRAINT card_refund_requests_state_check CHECK ((state = ANY (ARRAY['requested'::text, 'made'::text, 'failed'::text]))),
    CONSTRAINT card_refund_requests_stripe_refund_id_check CHECK ((stripe_refund_id ~ '^re_[A-Za-z0-9]{1,200}$'::text)),
    CONSTRAINT card_refund_requests_failure_check CHECK ((char_length(failure) <= 300)),
    CONSTRAINT card_refund_requests_made_has_refund CHECK (((state = 'made'::text) = (stripe_refund_id IS NOT NULL)))
);

COMMENT ON TABLE public.card_refund_requests IS 'Card refunds admins asked for, made through Stripe by the stripe-refund function.';

ALTER TABLE ONLY public.card_refund_requests
    ADD CONSTRAINT card_refund_requests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.card_refund_requests
    ADD CONSTRAINT card_refund_requests_stripe_refund_id_key UNIQUE (stripe_refund_id);

ALTER TABLE ONLY public.card_refund_requests
    ADD CONSTRAINT card_refund_requests_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id) ON DELETE RESTRICT;

ALTER TABLE ONLY public.card_refund_requests
    ADD CONSTRAINT card_refund_requests_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

CREATE INDEX card_refund_requests_payment_id_idx ON public.card_refund_requests USING btree (payment_id, created_at);

CREATE INDEX card_refund_requests_requested_idx ON public.card_refund_requests USING btree (created_at) WHERE (state = 'requested'::text);

ALTER TABLE public.card_refund_requests ENABLE ROW LEVEL SECURITY;

CREATE POLICY card_refund_requests_select_authenticated ON public.card_refund_requests FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.card_refund_requests TO service_role;
GRANT SELECT ON TABLE public.card_refund_requests TO authenticated;

-- ---------------------------------------------------------------- asking for a refund

-- What is still refundable on one payment, its amount and its card surcharge apart: each less its recorded
-- refunds and less the requests on their way (asked for, or made at Stripe and not yet recorded), so two
-- admins cannot refund the same money.
CREATE FUNCTION private.card_refund_left(p_payment_id uuid, OUT amount_cents bigint, OUT surcharge_cents bigint) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p.amount_cents - coalesce(r.amount, 0) - coalesce(q.amount, 0),
         p.surcharge_cents - coalesce(r.surcharge, 0) - coalesce(q.surcharge, 0)
  from public.payments p
  cross join lateral (select sum(x.amount_cents) as amount, sum(x.surcharge_cents) as surcharge
                      from public.payment_refunds x where x.payment_id = p.id) r
  cross join lateral (select sum(x.amount_cents) as amount, sum(x.surcharge_cents) as surcharge
                      from public.card_refund_requests x
                      where x.payment_id = p.id
                        and (x.state = 'requested'
                             or x.state = 'made' and not exists (select 1 from public.payment_refunds y
                                                                 where y.stripe_refund_id = x.stripe_refund_id))) q
  where p.id = p_payment_id
$$;

REVOKE ALL ON FUNCTION private.card_refund_left(p_payment_id uuid, OUT amount_cents bigint, OUT surcharge_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.card_refund_left(p_payment_id uuid, OUT amount_cents bigint, OUT surcharge_cents bigint) TO service_role;

-- What an admin may still refund of one payment: its amount left (the surcharge goes back only when the
-- company cancels, decision 0096's amendment).
CREATE FUNCTION private.card_refundable_cents(p_payment_id uuid) RETURNS bigint
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select l.amount_cents from private.card_refund_left(p_payment_id) l
$$;

REVOKE ALL ON FUNCTION private.card_refundable_cents(p_payment_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.card_refundable_cents(p_payment_id uuid) TO service_role;

-- An admin asks for a refund of p_amount_cents (all that is left when null) of one card payment, for a
-- reason. Refused in words: not an admin (42501), no such payment (P0002), a bank transfer (refunded from
-- the bank, not here), nothing left, an amount out of range, no reason (22023). The stripe-refund function
-- then makes it.
CREATE FUNCTION public.request_card_refund(p_payment_id uuid, p_amount_cents integer, p_reason text) RETURNS public.card_refund_requests
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  payment public.payments;
  refundable bigint;
  request public.card_refund_requests;
begin
  if not private.is_admin() then
    raise exception 'only admins refund payments' using errcode = '42501';
  end if;
  -- The payment's row is the lock two refunds of it queue on (refund_within_payment takes it too).
  select * into payment from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'no such payment' using errcode = 'P0002';
  end if;
  if payment.method <> 'card' then
    raise exception 'This payment was a bank transfer: refund it from the bank account, not by card.' using errcode = '22023';
  end if;
  refundable := private.card_refundable_cents(payment.id);
  if refundable <= 0 then
    raise exception 'This payment has been refunded in full.' using errcode = '22023';
  end if;
  if p_amount_cents is not null and p_amount_cents < 1 then
    raise exception 'A refund is at least $0.01.' using errcode = '22023';
  end if;
  if p_amount_cents > refundable then
    raise exception 'That is more than is left to refund on this payment (%).', private.money_text(refundable)
      using errcode = '22023';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'Say why the money is going back.' using errcode = '22023';
  end if;
  if char_length(btrim(p_reason)) > 300 then
    raise exception 'Keep the reason to 300 characters.' using errcode = '22023';
  end if;
  insert into public.card_refund_requests (payment_id, amount_cents, reason, requested_by)
  values (payment.id, coalesce(p_amount_cents, refundable), btrim(p_reason), auth.uid())
  returning * into request;
  return request;
end
$$;

REVOKE ALL ON FUNCTION public.request_card_refund(p_payment_id uuid, p_amount_cents integer, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.request_card_refund(p_payment_id uuid, p_amount_cents integer, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.request_card_refund(p_payment_id uuid, p_amount_cents integer, p_reason text) TO service_role;

-- ---------------------------------------------------------------- making it (the stripe-refund function)

-- The refunds still to ask Stripe for (one, or the oldest 50), with the PaymentIntent and currency they are
-- made on; amount_cents is what Stripe is asked for, the request's amount and its surcharge part together.
-- The service role only: the stripe-refund function.
CREATE FUNCTION public.card_refunds_to_make(p_request_id uuid DEFAULT NULL::uuid) RETURNS TABLE(id uuid, booking_id uuid, payment_intent text, amount_cents integer, currency text, reason text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select q.id, p.booking_id, p.stripe_payment_intent, q.amount_cents + q.surcharge_cents, b.currency, q.reason
  from public.card_refund_requests q
  join public.payments p on p.id = q.payment_id
  join public.bookings b on b.id = p.booking_id
  where q.state = 'requested' and (p_request_id is null or q.id = p_request_id)
  order by q.created_at
  limit 50
$$;

REVOKE ALL ON FUNCTION public.card_refunds_to_make(p_request_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.card_refunds_to_make(p_request_id uuid) TO service_role;

-- What Stripe answered for a request: the refund it made (p_refund, Stripe's Refund object, for the amount
-- and the surcharge part together), recorded in the ledger at once when it succeeded (once by its id: the
-- webhook's refund.created finds it recorded; one the webhook reported first has made the request), or its
-- refusal (p_failure). Only a request still 'requested' changes; a repeat answers the row as it is.
CREATE FUNCTION public.settle_card_refund_request(p_request_id uuid, p_refund jsonb DEFAULT NULL::jsonb, p_failure text DEFAULT NULL::text) RETURNS public.card_refund_requests
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  request public.card_refund_requests;
begin
  if (p_refund is null) = (p_failure is null) then
    raise exception 'settle a refund request with Stripe''s refund or its refusal' using errcode = '22023';
  end if;
  select * into request from public.card_refund_requests where id = p_request_id for update;
  if not found then
    raise exception 'no such refund request' using errcode = 'P0002';
  end if;
  if request.state <> 'requested' then
    return request;
  end if;
  if p_failure is not null then
    update public.card_refund_requests
    set state = 'failed', failure = left(btrim(p_failure), 300), settled_at = now()
    where id = request.id returning * into request;
    return request;
  end if;
  if p_refund ->> 'id' !~ '^re_[A-Za-z0-9]{1,200}$'
     or (p_refund ->> 'amount') is distinct from (request.amount_cents + request.surcharge_cents)::text
     or p_refund ->> 'payment_intent' is distinct from
        (select p.stripe_payment_intent from public.payments p where p.id = request.payment_id) then
    raise exception 'Stripe''s refund is not the one asked for' using errcode = '22023';
  end if;
  update public.card_refund_requests
  set state = 'made', stripe_refund_id = p_refund ->> 'id', settled_at = now()
  where id = request.id returning * into request;
  perform private.record_card_refund(p_refund);
  return request;
end
$$;

REVOKE ALL ON FUNCTION public.settle_card_refund_request(p_request_id uuid, p_refund jsonb, p_failure text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_card_refund_request(p_request_id uuid, p_refund jsonb, p_failure text) TO service_role;

-- The scheduler's wake-up for refunds a lost call left 'requested': the function retries them with the same
-- idempotency key, so Stripe makes each once. Nothing is called when nothing waits.
CREATE FUNCTION private.wake_card_refunds() RETURNS bigint
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.invoke_edge_function('stripe-refund')
  where exists (select 1 from public.card_refund_requests q where q.state = 'requested')
$$;

REVOKE ALL ON FUNCTION private.wake_card_refunds() FROM PUBLIC;
GRANT ALL ON FUNCTION private.wake_card_refunds() TO service_role;

-- ---------------------------------------------------------------- sweeping card payment attempts

-- Closes card payment attempts nobody can pay any more, as of p_at: those whose Checkout Session was never
-- made (Stripe was down, the function failed) five minutes after they were prepared, and any open past its
-- expiry. A deposit attempt that never got a session gives back the hold it extended (the booking's hold is
-- exactly the attempt's expiry) unless another deposit attempt of the booking is still open: the places
-- are free again now, as an expired Checkout Session frees them (decision 0085). Answers how many it closed.
CREATE FUNCTION private.sweep_card_attempts(p_at timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  closed integer;
begin
  with swept as (
    update public.card_payment_attempts a set state = 'expired'
    where a.state = 'open'
      and (a.expires_at <= p_at or a.checkout_session_id is null and a.created_at <= p_at - interval '5 minutes')
    returning a.*
  ), released as (
    update public.bookings b set hold_expires_at = p_at
    from swept s
    where s.purpose = 'deposit' and s.checkout_session_id is null and b.id = s.booking_id
      and b.status = 'pending' and b.hold_expires_at = s.expires_at and b.hold_expires_at > p_at
      and not exists (select 1 from public.card_payment_attempts o
                      where o.booking_id = b.id and o.id <> s.id and o.purpose = 'deposit' and o.state = 'open'
                        and o.expires_at > p_at
                        and (o.checkout_session_id is not null or o.created_at > p_at - interval '5 minutes'))
    returning b.id
  )
  select count(*)::integer into closed from swept where (select count(*) from released) >= 0;
  return closed;
end
$$;

REVOKE ALL ON FUNCTION private.sweep_card_attempts(p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.sweep_card_attempts(p_at timestamp with time zone) TO service_role;

-- ---------------------------------------------------------------- an operator-cancelled departure

-- When the company cancels a departure (its status becomes 'cancelled', which also e-mails its travellers),
-- every card payment of its bookings not already cancelled is refunded in full: one request each, for what is
-- left of it and of its card surcharge (the customer gets back all they paid: decision 0096's amendment),
-- made by the stripe-refund function (woken now where the scheduler can call it, else by the admin's page and
-- the sweep). Bank transfers are refunded from the bank account by the company.
CREATE FUNCTION private.refund_cancelled_departure() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.card_refund_requests (payment_id, amount_cents, surcharge_cents, reason, requested_by)
  select p.id, greatest(l.amount_cents, 0), greatest(l.surcharge_cents, 0),
         'We cancelled the trip: the whole payment goes back.',
         (select pr.id from public.profiles pr where pr.id = auth.uid())
  from public.payments p
  join public.bookings b on b.id = p.booking_id
  cross join lateral private.card_refund_left(p.id) l
  where b.event_id = new.id and b.status <> 'cancelled' and p.method = 'card'
    and greatest(l.amount_cents, 0) + greatest(l.surcharge_cents, 0) > 0;
  if found then
    perform private.wake_card_refunds();
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.refund_cancelled_departure() FROM PUBLIC;

CREATE TRIGGER refund_cancelled_departure AFTER UPDATE OF status ON public.events FOR EACH ROW WHEN (((new.status = 'cancelled'::public.event_status) AND (old.status IS DISTINCT FROM 'cancelled'::public.event_status))) EXECUTE FUNCTION private.refund_cancelled_departure();
