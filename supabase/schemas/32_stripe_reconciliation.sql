-- Reconciling Stripe with the ledger (issue 22, decision 0095). Every hour the scheduler wakes the
-- stripe-reconcile Edge Function, which lists the PaymentIntents and refunds Stripe made in the last three
-- days and hands them to public.reconcile_stripe; the comparison with the ledger (card payments of
-- bookings, store orders paid by card, card refunds) is made here, in one transaction, and each difference
-- is a row of public.stripe_differences, which the admin overview counts and /admin/stripe-settings lists.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261205002001_stripe_reconciliation:
--   Differences between Stripe and the ledger, found by the hourly reconciliation and resolved by it or an admin.

-- ---------------------------------------------------------------- public.stripe_differences

-- One difference between Stripe and the ledger: money Stripe took that the ledger lacks
-- (payment_not_in_ledger), a card payment of the ledger Stripe has not taken (payment_not_in_stripe), the two
-- disagreeing on the amount (amount_differs, for a payment or a refund), or a refund on one side only
-- (refund_not_in_ledger, refund_not_in_stripe). The Stripe id is the PaymentIntent's or the refund's; the
-- amounts are each side's, in cents (null where that side has nothing). Open while resolved_at is null:
-- 'cleared' when a later run no longer finds it, 'marked' when an admin says it is dealt with (who did is
-- in the audit log). Admins read them; only reconcile_stripe and resolve_stripe_difference write them.
CREATE TABLE public.stripe_differences (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    stripe_id text NOT NULL,
    booking_id uuid,
    order_id uuid,
    currency text NOT NULL,
    stripe_cents integer,
    ledger_cents integer,
    found_at timestamp with time zone DEFAULT now() NOT NULL,
    seen_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    resolved_how text,
    CONSTRAINT stripe_differences_kind_check CHECK ((kind = ANY (ARRAY['payment_not_in_ledger'::text, 'payment_not_in_stripe'::text, 'amount_differs'::text, 'refund_not_in_ledger'::text, 'refund_not_in_stripe'::text]))),
    CONSTRAINT stripe_differences_stripe_id_check CHECK ((stripe_id ~ '^(pi|re)_[A-Za-z0-9_]{1,200}$'::text)),
    CONSTRAINT stripe_differences_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT stripe_differences_resolved_how_check CHECK ((resolved_how = ANY (ARRAY['cleared'::text, 'marked'::text]))),
    CONSTRAINT stripe_differences_resolved_check CHECK (((resolved_at IS NULL) = (resolved_how IS NULL)))
);

COMMENT ON TABLE public.stripe_differences IS 'Differences between Stripe and the ledger found by the hourly reconciliation (reconcile_stripe only).';

ALTER TABLE ONLY public.stripe_differences
    ADD CONSTRAINT stripe_differences_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.stripe_differences
    ADD CONSTRAINT stripe_differences_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.stripe_differences
    ADD CONSTRAINT stripe_differences_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE SET NULL;

-- One open row per difference: a second run finds it and changes nothing.
CREATE UNIQUE INDEX stripe_differences_open_key ON public.stripe_differences USING btree (kind, stripe_id) WHERE (resolved_at IS NULL);

CREATE INDEX stripe_differences_found_at_idx ON public.stripe_differences USING btree (found_at DESC);

CREATE INDEX stripe_differences_booking_id_idx ON public.stripe_differences USING btree (booking_id);

CREATE INDEX stripe_differences_order_id_idx ON public.stripe_differences USING btree (order_id);

ALTER TABLE public.stripe_differences ENABLE ROW LEVEL SECURITY;

CREATE POLICY stripe_differences_select_authenticated ON public.stripe_differences FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

-- An admin's 'Mark resolved' lands in the audit log (the job's own updates have no admin, so none do).
CREATE TRIGGER audit_change AFTER UPDATE ON public.stripe_differences FOR EACH ROW EXECUTE FUNCTION private.audit_change('stripe_id', 'Stripe difference');

GRANT ALL ON TABLE public.stripe_differences TO service_role;
GRANT SELECT ON TABLE public.stripe_differences TO authenticated;

-- ---------------------------------------------------------------- comparing

-- Compares what Stripe listed for the window [p_from, p_to] with the ledger and records the differences.
-- p_intents: Stripe's PaymentIntents created in the window, as listed (id, status, amount_received,
-- currency); p_refunds: its refunds created in the window (id, status, amount, currency, payment_intent).
-- Stripe's side counts succeeded ones only. Every PaymentIntent and refund Stripe listed is looked up in the
-- whole ledger; the ledger's card payments and refunds are looked for in Stripe's lists when they were
-- recorded from an hour after p_from to p_to (the hour: Stripe made the intent before the webhook recorded it,
-- so one recorded just after p_from may have been made just before it). A difference already open is
-- seen again, not added; one an admin marked resolved is not reopened while its amounts stay the same; an
-- open one whose Stripe id this run looked at and found no difference for is cleared. Answers how many
-- differences are new, how many are open after the run, and how many it cleared. Service role only.
CREATE FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  differences jsonb;
  scope text[];
begin
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'the window runs from p_from to a later p_to' using errcode = '22023';
  end if;
  if jsonb_typeof(p_intents) is distinct from 'array' or jsonb_typeof(p_refunds) is distinct from 'array' then
    raise exception 'p_intents and p_refunds are JSON arrays of Stripe objects' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_intents) i
             where coalesce(i ->> 'id', '') !~ '^pi_[A-Za-z0-9_]{1,200}$'
                or jsonb_typeof(i -> 'amount_received') is distinct from 'number'
                or coalesce(i ->> 'currency', '') !~ '^[a-zA-Z]{3}$')
     or exists (select 1 from jsonb_array_elements(p_refunds) r
                where coalesce(r ->> 'id', '') !~ '^re_[A-Za-z0-9_]{1,200}$'
                   or jsonb_typeof(r -> 'amount') is distinct from 'number'
                   or coalesce(r ->> 'currency', '') !~ '^[a-zA-Z]{3}$') then
    raise exception 'each PaymentIntent has a pi_ id, amount_received and currency; each refund a re_ id, amount and currency'
      using errcode = '22023';
  end if;

  with
  stripe_intents as (
    select i ->> 'id' as id, upper(i ->> 'currency') as currency,
      case when i ->> 'status' = 'succeeded' then (i ->> 'amount_received')::integer end as cents
    from jsonb_array_elements(p_intents) i
  ),
  -- A booking's card payment is its amount and the surcharge on top (decision 0089); an order's, its total.
  ledger_payments as (
    select p.stripe_payment_intent as id, p.booking_id, null::uuid as order_id, b.currency,
      p.amount_cents + p.surcharge_cents as cents, p.created_at as recorded_at
    from public.payments p join public.bookings b on b.id = p.booking_id
    where p.method = 'card'
    union all
    select o.stripe_payment_intent, null, o.id, o.currency, o.total_cents, o.paid_at
    from public.orders o
    where o.stripe_payment_intent is not null and o.paid_at is not null
  ),
  stripe_refunds as (
    select r ->> 'id' as id, upper(r ->> 'currency') as currency, r ->> 'payment_intent' as intent,
      case when r ->> 'status' = 'succeeded' then (r ->> 'amount')::integer end as cents
    from jsonb_array_elements(p_refunds) r
  ),
  ledger_refunds as (
    -- A booking's card refund is its amount and the surcharge part given back with it (decision 0096).
    select r.stripe_refund_id as id, p.booking_id, b.currency, r.amount_cents + r.surcharge_cents as cents,
      r.refunded_at as recorded_at
    from public.payment_refunds r
    join public.payments p on p.id = r.payment_id
    join public.bookings b on b.id = p.booking_id
    where r.stripe_refund_id is not null
    -- A store order's card refunds that Stripe made (decision 0097).
    union all
    select r.stripe_refund_id, null, o.currency, r.amount_cents, r.settled_at
    from public.order_refunds r join public.orders o on o.id = r.order_id
    where r.stripe_refund_id is not null
  ),
  payments_compared as (
    select coalesce(s.id, l.id) as id, s.cents as stripe_cents, s.currency as stripe_currency,
      l.cents as ledger_cents, l.currency as ledger_currency, l.booking_id, l.order_id
    from (select * from stripe_intents) s
    full join (
      select * from ledger_payments l
      where l.id in (select id from stripe_intents)
         or l.recorded_at >= p_from + interval '1 hour' and l.recorded_at <= p_to
    ) l on l.id = s.id
  ),
  refunds_compared as (
    select coalesce(s.id, l.id) as id, s.cents as stripe_cents, s.currency as stripe_currency, s.intent,
      l.cents as ledger_cents, l.currency as ledger_currency, l.booking_id
    from (select * from stripe_refunds) s
    full join (
      select * from ledger_refunds l
      where l.id in (select id from stripe_refunds)
         or l.recorded_at >= p_from + interval '1 hour' and l.recorded_at <= p_to
    ) l on l.id = s.id
  ),
  compared as (
    select case
        when c.stripe_cents is null and c.ledger_cents is null then null
        when c.ledger_cents is null then 'payment_not_in_ledger'
        when c.stripe_cents is null then 'payment_not_in_stripe'
        when c.stripe_cents <> c.ledger_cents or c.stripe_currency <> c.ledger_currency then 'amount_differs'
      end as kind,
      c.id, c.booking_id, c.order_id, coalesce(c.stripe_currency, c.ledger_currency) as currency,
      c.stripe_cents, c.ledger_cents
    from payments_compared c
    union all
    select case
        when c.stripe_cents is null and c.ledger_cents is null then null
        when c.ledger_cents is null then 'refund_not_in_ledger'
        when c.stripe_cents is null then 'refund_not_in_stripe'
        when c.stripe_cents <> c.ledger_cents or c.stripe_currency <> c.ledger_currency then 'amount_differs'
      end,
      c.id,
      coalesce(c.booking_id, (select p.booking_id from public.payments p where p.stripe_payment_intent = c.intent)),
      (select o.id from public.orders o where o.stripe_payment_intent = c.intent),
      coalesce(c.stripe_currency, c.ledger_currency), c.stripe_cents, c.ledger_cents
    from refunds_compared c
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', c.kind, 'stripe_id', c.id, 'booking_id', c.booking_id, 'order_id', c.order_id,
      'currency', c.currency, 'stripe_cents', c.stripe_cents, 'ledger_cents', c.ledger_cents)), '[]')
  into differences
  from compared c where c.kind is not null;

  -- The Stripe ids this run looked at: what Stripe listed, and the ledger's that Stripe lacks.
  select array(
    select i ->> 'id' from jsonb_array_elements(p_intents) i
    union select r ->> 'id' from jsonb_array_elements(p_refunds) r
    union select d ->> 'stripe_id' from jsonb_array_elements(differences) d
  ) into scope;

  update public.stripe_differences d
  set seen_at = now(), stripe_cents = f.stripe_cents, ledger_cents = f.ledger_cents, currency = f.currency
  from jsonb_to_recordset(differences) as f(kind text, stripe_id text, booking_id uuid, order_id uuid, currency text, stripe_cents integer, ledger_cents integer)
  where d.resolved_at is null and d.kind = f.kind and d.stripe_id = f.stripe_id;

  insert into public.stripe_differences (kind, stripe_id, booking_id, order_id, currency, stripe_cents, ledger_cents)
  select f.kind, f.stripe_id, f.booking_id, f.order_id, f.currency, f.stripe_cents, f.ledger_cents
  from jsonb_to_recordset(differences) as f(kind text, stripe_id text, booking_id uuid, order_id uuid, currency text, stripe_cents integer, ledger_cents integer)
  where not exists (
    select 1 from public.stripe_differences d
    where d.kind = f.kind and d.stripe_id = f.stripe_id
      and (d.resolved_at is null
           or d.resolved_how = 'marked' and d.stripe_cents is not distinct from f.stripe_cents
              and d.ledger_cents is not distinct from f.ledger_cents)
  );
  get diagnostics new_count = row_count;

  update public.stripe_differences d set resolved_at = now(), resolved_how = 'cleared'
  where d.resolved_at is null
    and d.stripe_id = any (scope)
    and not exists (select 1 from jsonb_array_elements(differences) f
                    where f ->> 'kind' = d.kind and f ->> 'stripe_id' = d.stripe_id);
  get diagnostics cleared_count = row_count;

  select count(*)::integer into open_count from public.stripe_differences d where d.resolved_at is null;
end
$$;

REVOKE ALL ON FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer) TO service_role;

-- ---------------------------------------------------------------- an admin's 'Mark resolved'

-- An admin says an open difference is dealt with (refunded, recorded by hand, or explained). Answers the
-- row; P0002 when there is no such open difference. The audit log keeps who did it.
CREATE FUNCTION public.resolve_stripe_difference(p_id uuid) RETURNS public.stripe_differences
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  resolved public.stripe_differences;
begin
  perform private.require_admin('resolve a Stripe difference');
  update public.stripe_differences set resolved_at = now(), resolved_how = 'marked'
  where id = p_id and resolved_at is null
  returning * into resolved;
  if not found then
    raise exception 'no open Stripe difference %', p_id using errcode = 'P0002';
  end if;
  return resolved;
end
$$;

REVOKE ALL ON FUNCTION public.resolve_stripe_difference(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.resolve_stripe_difference(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.resolve_stripe_difference(p_id uuid) TO service_role;
