-- Paying by card through Stripe Checkout (issue 22, decision 0087): the database prepares every card
-- payment. A member asks for the deposit, the next instalment, the whole balance or an extra amount; the
-- amount is computed here from the ledger (never taken from the browser) and recorded as an attempt, which
-- the stripe-checkout Edge Function turns into a Checkout Session. The webhook (apply_stripe_event) marks
-- the attempt paid or expired. Whether the company takes cards is a setting the operator turns on when they
-- set the Stripe keys in the functions' environment.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203600001_card_checkout_attempts:
--   Card payment attempts prepared from the ledger, the card payments setting, and the webhook marking them.

-- ---------------------------------------------------------------- whether cards are taken

-- Off by default: the local default and a company without Stripe take bank transfers only. The operator
-- turns it on (SQL editor) once STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set for the functions.
CREATE TABLE private.card_payment_settings (
    only_row boolean DEFAULT true NOT NULL,
    enabled boolean DEFAULT false NOT NULL,
    CONSTRAINT card_payment_settings_only_row_check CHECK (only_row)
);

COMMENT ON TABLE private.card_payment_settings IS 'Whether members may pay by card (Stripe Checkout); one row, operators only.';

ALTER TABLE ONLY private.card_payment_settings
    ADD CONSTRAINT card_payment_settings_pkey PRIMARY KEY (only_row);

ALTER TABLE private.card_payment_settings ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.card_payment_settings TO service_role;

INSERT INTO private.card_payment_settings (only_row, enabled) VALUES (true, false);

-- What the static pages ask before they offer 'Pay by card' (anyone may ask: it is no secret).
CREATE FUNCTION public.card_payments_enabled() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select s.enabled from private.card_payment_settings s), false)
$$;

REVOKE ALL ON FUNCTION public.card_payments_enabled() FROM PUBLIC;
GRANT ALL ON FUNCTION public.card_payments_enabled() TO anon;
GRANT ALL ON FUNCTION public.card_payments_enabled() TO authenticated;
GRANT ALL ON FUNCTION public.card_payments_enabled() TO service_role;

-- ---------------------------------------------------------------- public.card_payment_attempts

-- One card payment a member started: what for, how much (computed by prepare_card_payment), the Checkout
-- Session made for it, and whether it was paid or expired. The member reads their own; nobody writes
-- through the API (prepare_card_payment inserts, the stripe-checkout function stores the session id with
-- the service role, apply_stripe_event marks the outcome).
CREATE TABLE public.card_payment_attempts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    purpose text NOT NULL,
    amount_cents integer NOT NULL,
    currency text NOT NULL,
    checkout_session_id text,
    state text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '00:35:00'::interval) NOT NULL,
    CONSTRAINT card_payment_attempts_purpose_check CHECK ((purpose = ANY (ARRAY['deposit'::text, 'instalment'::text, 'balance'::text, 'extra'::text]))),
    CONSTRAINT card_payment_attempts_amount_cents_check CHECK ((amount_cents >= 50)),
    CONSTRAINT card_payment_attempts_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT card_payment_attempts_checkout_session_id_check CHECK ((checkout_session_id ~ '^cs_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT card_payment_attempts_state_check CHECK ((state = ANY (ARRAY['open'::text, 'paid'::text, 'expired'::text]))),
    CONSTRAINT card_payment_attempts_expiry_check CHECK ((expires_at > created_at))
);

COMMENT ON TABLE public.card_payment_attempts IS 'Card payments members started (Stripe Checkout), prepared from the ledger by prepare_card_payment.';

COMMENT ON COLUMN public.card_payment_attempts.state IS 'open until the webhook reports the Checkout Session paid or expired.';

ALTER TABLE ONLY public.card_payment_attempts
    ADD CONSTRAINT card_payment_attempts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.card_payment_attempts
    ADD CONSTRAINT card_payment_attempts_checkout_session_id_key UNIQUE (checkout_session_id);

ALTER TABLE ONLY public.card_payment_attempts
    ADD CONSTRAINT card_payment_attempts_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE INDEX card_payment_attempts_booking_id_idx ON public.card_payment_attempts USING btree (booking_id, created_at);

ALTER TABLE public.card_payment_attempts ENABLE ROW LEVEL SECURITY;

CREATE POLICY card_payment_attempts_select_authenticated ON public.card_payment_attempts FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = card_payment_attempts.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.card_payment_attempts TO service_role;
GRANT SELECT ON TABLE public.card_payment_attempts TO authenticated;

-- ---------------------------------------------------------------- preparing a card payment

-- A member prepares a card payment for their own booking: 'deposit' (what is left of it), 'instalment' (what
-- is left of the next unpaid instalment), 'balance' (all that is left) or 'extra' (p_amount_cents, at most
-- what is left). The amount comes from the ledger here, never from the browser. While a deposit attempt is
-- open the booking's hold lasts at least until the attempt expires (hold_expires_at stays the one rule
-- private.places_taken reads). Refused with a message for the member: not their booking, cards not taken,
-- a cancelled booking, an ended hold, nothing left to pay, an amount out of range, too many open attempts.
CREATE FUNCTION public.prepare_card_payment(p_booking_id uuid, p_purpose text, p_amount_cents integer DEFAULT NULL::integer) RETURNS public.card_payment_attempts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  paid bigint;
  amount bigint;
  attempt public.card_payment_attempts;
begin
  if auth.uid() is null then
    raise exception 'sign in to pay by card' using errcode = '42501';
  end if;
  select * into b from public.bookings where id = p_booking_id and user_id = auth.uid() for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if not public.card_payments_enabled() then
    raise exception 'Card payments are not available. Please pay by bank transfer.' using errcode = '55000';
  end if;
  if b.status = 'cancelled' then
    raise exception 'This booking is cancelled.' using errcode = '22023';
  end if;
  if b.status = 'pending' and b.hold_expires_at <= now() then
    raise exception 'The hold on your places has ended. Please contact us to book again.' using errcode = '55000';
  end if;
  paid := private.booking_paid_cents(b.id);
  case p_purpose
    when 'deposit' then
      if b.status <> 'pending' then
        raise exception 'The deposit for this booking is already paid.' using errcode = '22023';
      end if;
      amount := b.deposit_cents - paid;
    when 'instalment' then
      select min(running.covered_to) - paid into amount
      from (select sum(i.amount_cents) over (order by i.due_date, i.created_at, i.id) as covered_to
            from public.booking_installments i where i.booking_id = b.id) running
      where running.covered_to > paid;
    when 'balance' then
      amount := b.total_cents - paid;
    when 'extra' then
      if p_amount_cents is null or p_amount_cents < 50 then
        raise exception 'A card payment is at least $0.50.' using errcode = '22023';
      end if;
      if p_amount_cents > b.total_cents - paid then
        raise exception 'That is more than is left to pay (%).', private.money_text(b.total_cents - paid)
          using errcode = '22023';
      end if;
      amount := p_amount_cents;
    else
      raise exception 'pay the deposit, the next instalment, the balance or an extra amount' using errcode = '22023';
  end case;
  if p_purpose <> 'extra' and p_amount_cents is not null then
    raise exception 'only an extra payment names its amount' using errcode = '22023';
  end if;
  if coalesce(amount, 0) <= 0 or b.total_cents - paid <= 0 then
    raise exception 'Nothing is left to pay on this booking.' using errcode = '22023';
  end if;
  if amount < 50 then
    raise exception 'A card payment is at least $0.50: please pay this amount by bank transfer.' using errcode = '22023';
  end if;
  -- Each open deposit attempt keeps the hold up; a few at once is plenty for a member who changed their mind.
  if (select count(*) from public.card_payment_attempts a
      where a.booking_id = b.id and a.state = 'open' and a.expires_at > now()) >= 3 then
    raise exception 'You have three card payments open for this booking. Please finish one, or try again in 30 minutes.'
      using errcode = '55000';
  end if;
  insert into public.card_payment_attempts (booking_id, purpose, amount_cents, currency)
  values (b.id, p_purpose, amount, b.currency)
  returning * into attempt;
  if b.status = 'pending' then
    update public.bookings set hold_expires_at = greatest(hold_expires_at, attempt.expires_at)
    where id = b.id and hold_expires_at < attempt.expires_at;
  end if;
  return attempt;
end
$$;

REVOKE ALL ON FUNCTION public.prepare_card_payment(p_booking_id uuid, p_purpose text, p_amount_cents integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.prepare_card_payment(p_booking_id uuid, p_purpose text, p_amount_cents integer) TO authenticated;
GRANT ALL ON FUNCTION public.prepare_card_payment(p_booking_id uuid, p_purpose text, p_amount_cents integer) TO service_role;

-- The webhook's outcome for the attempt a Checkout Session was made for (its metadata.attempt_id, else its
-- id): paid, or expired while still open. A session from elsewhere names no attempt and changes nothing.
CREATE FUNCTION private.settle_card_attempt(p_session jsonb, p_state text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.card_payment_attempts a set state = p_state
  where (a.checkout_session_id = p_session ->> 'id'
         or a.id::text = lower(p_session #>> '{metadata,attempt_id}'))
    and (a.state = 'open' or p_state = 'paid');
$$;

REVOKE ALL ON FUNCTION private.settle_card_attempt(p_session jsonb, p_state text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.settle_card_attempt(p_session jsonb, p_state text) TO service_role;
