-- The card surcharge goes back when the company cancels a departure (issue 22, decision 0096's amendment).
-- A card refund request and a ledger refund carry the surcharge part apart from the payment's amount
-- (surcharge_cents); refund_cancelled_departure asks for both, Stripe is asked for the sum, the ledger records
-- the split (the webhook first too), the tax invoice shows the surcharge given back as a negative line with
-- its GST, and reconciliation compares a refund with its amount and surcharge part together.

alter table "public"."card_refund_requests" drop constraint "card_refund_requests_amount_cents_check";

alter table "public"."payment_refunds" drop constraint "payment_refunds_amount_cents_check";

alter table "public"."card_refund_requests" add column "surcharge_cents" integer not null default 0;

alter table "public"."payment_refunds" add column "surcharge_cents" integer not null default 0;

alter table "public"."card_refund_requests" add constraint "card_refund_requests_not_empty" CHECK (((amount_cents + surcharge_cents) > 0)) not valid;

alter table "public"."card_refund_requests" validate constraint "card_refund_requests_not_empty";

alter table "public"."card_refund_requests" add constraint "card_refund_requests_surcharge_cents_check" CHECK ((surcharge_cents >= 0)) not valid;

alter table "public"."card_refund_requests" validate constraint "card_refund_requests_surcharge_cents_check";

alter table "public"."payment_refunds" add constraint "payment_refunds_not_empty" CHECK (((amount_cents + surcharge_cents) > 0)) not valid;

alter table "public"."payment_refunds" validate constraint "payment_refunds_not_empty";

alter table "public"."payment_refunds" add constraint "payment_refunds_surcharge_cents_check" CHECK ((surcharge_cents >= 0)) not valid;

alter table "public"."payment_refunds" validate constraint "payment_refunds_surcharge_cents_check";

alter table "public"."card_refund_requests" add constraint "card_refund_requests_amount_cents_check" CHECK ((amount_cents >= 0)) not valid;

alter table "public"."card_refund_requests" validate constraint "card_refund_requests_amount_cents_check";

alter table "public"."payment_refunds" add constraint "payment_refunds_amount_cents_check" CHECK ((amount_cents >= 0)) not valid;

alter table "public"."payment_refunds" validate constraint "payment_refunds_amount_cents_check";

comment on column "public"."payment_refunds"."surcharge_cents" is 'The part of a card refund that gave back the payment''s card surcharge: on top of amount_cents, never the booking''s money (decision 0096).';

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.card_refund_left(p_payment_id uuid, OUT amount_cents bigint, OUT surcharge_cents bigint)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$
;

REVOKE ALL ON FUNCTION private.card_refund_left(p_payment_id uuid, OUT amount_cents bigint, OUT surcharge_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.card_refund_left(p_payment_id uuid, OUT amount_cents bigint, OUT surcharge_cents bigint) TO service_role;

CREATE OR REPLACE FUNCTION private.card_refundable_cents(p_payment_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select l.amount_cents from private.card_refund_left(p_payment_id) l
$function$
;

CREATE OR REPLACE FUNCTION private.invoice_content(p_booking_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  e public.events;
  waived bigint;
  gross bigint;
  supplements bigint;
  shared bigint;
  lines jsonb := '[]'::jsonb;
  departure text;
  surcharged bigint;
  surcharge_gst bigint;
  surcharge_back bigint;
  surcharge_back_gst bigint;
begin
  select * into b from public.bookings where id = p_booking_id;
  if not found then
    return null;
  end if;
  select * into e from public.events where id = b.event_id;
  select coalesce(sum(c.amount_cents), 0) into waived
  from public.schedule_changes c where c.booking_id = b.id and c.kind = 'waive';
  gross := b.total_cents + waived;
  select coalesce(sum(bt.room_supplement_cents), 0) into supplements
  from public.booking_travellers bt where bt.booking_id = b.id;
  shared := gross - supplements;
  departure := e.title || ', departing ' || to_char(e.start_date, 'FMDD Mon YYYY');
  with named as (
    select row_number() over (order by t.full_name, t.id) as n, t.full_name, bt.room_label,
           bt.room_supplement_cents
    from public.booking_travellers bt join public.travellers t on t.id = bt.traveller_id
    where bt.booking_id = b.id)
  select coalesce(jsonb_agg(jsonb_build_object(
           'kind', 'traveller',
           'description', departure,
           'detail', coalesce(named.full_name, 'Traveller ' || n) || coalesce(', ' || named.room_label, ''),
           'amount_cents', shared / b.travellers + case when n <= shared % b.travellers then 1 else 0 end
                           + coalesce(named.room_supplement_cents, 0))
         order by n), '[]'::jsonb)
  into lines
  from generate_series(1, b.travellers) n left join named using (n);
  select lines || coalesce(jsonb_agg(jsonb_build_object(
           'kind', 'waiver', 'description', 'Amount waived', 'detail', c.reason,
           'amount_cents', -c.amount_cents) order by c.changed_at, c.id), '[]'::jsonb)
  into lines
  from public.schedule_changes c where c.booking_id = b.id and c.kind = 'waive';
  select lines || coalesce(jsonb_agg(jsonb_build_object(
           'kind', 'surcharge', 'description', 'Card surcharge',
           'detail', 'On the card payment of ' || to_char(p.received_on, 'FMDD Mon YYYY'),
           'amount_cents', p.surcharge_cents,
           'gst_cents', private.gst_included_cents(p.surcharge_cents, e.gst_treatment))
         order by p.received_on, p.created_at, p.id), '[]'::jsonb),
         coalesce(sum(p.surcharge_cents), 0),
         coalesce(sum(private.gst_included_cents(p.surcharge_cents, e.gst_treatment)), 0)
  into lines, surcharged, surcharge_gst
  from public.payments p where p.booking_id = b.id and p.surcharge_cents > 0;
  select lines || coalesce(jsonb_agg(jsonb_build_object(
           'kind', 'surcharge_refund', 'description', 'Card surcharge refunded',
           'detail', 'On the card payment of ' || to_char(p.received_on, 'FMDD Mon YYYY'),
           'amount_cents', -r.surcharge_cents,
           'gst_cents', -private.gst_included_cents(r.surcharge_cents, e.gst_treatment))
         order by r.refunded_at, r.id), '[]'::jsonb),
         coalesce(sum(r.surcharge_cents), 0),
         coalesce(sum(private.gst_included_cents(r.surcharge_cents, e.gst_treatment)), 0)
  into lines, surcharge_back, surcharge_back_gst
  from public.payment_refunds r join public.payments p on p.id = r.payment_id
  where p.booking_id = b.id and r.surcharge_cents > 0;
  return jsonb_build_object(
    'invoice_number', b.invoice_number,
    'bill_to', (select jsonb_build_object('name', coalesce(p.full_name, u.email), 'email', u.email)
                from public.profiles p left join auth.users u on u.id = p.id where p.id = b.user_id),
    'event_title', e.title,
    'departs_on', e.start_date,
    'currency', b.currency,
    'gst_treatment', e.gst_treatment,
    'lines', lines,
    'total_cents', b.total_cents + surcharged - surcharge_back,
    'gst_cents', private.gst_included_cents(b.total_cents, e.gst_treatment) + surcharge_gst - surcharge_back_gst,
    'cancelled', b.status = 'cancelled');
end
$function$
;

CREATE OR REPLACE FUNCTION private.issue_invoice_version_at_commit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_table_name = 'bookings' then
    perform private.issue_invoice_version(new.id);
  elsif tg_table_name = 'payment_refunds' then
    perform private.issue_invoice_version((select p.booking_id from public.payments p where p.id = new.payment_id));
  elsif tg_op = 'DELETE' then
    perform private.issue_invoice_version(old.booking_id);
  else
    perform private.issue_invoice_version(new.booking_id);
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.payments_left_to_refund(p_booking_id uuid)
 RETURNS TABLE(payment_id uuid, method text, due_cents bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p.id, p.method,
         p.amount_cents + p.surcharge_cents
           - coalesce((select sum(r.amount_cents + r.surcharge_cents) from public.payment_refunds r
                       where r.payment_id = p.id), 0)
  from public.payments p where p.booking_id = p_booking_id
$function$
;

CREATE OR REPLACE FUNCTION private.record_card_refund(p_refund jsonb, OUT result text, OUT booking_id uuid)
 RETURNS record
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.refund_cancelled_departure()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.refund_within_payment()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.card_refunds_to_make(p_request_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(id uuid, booking_id uuid, payment_intent text, amount_cents integer, currency text, reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select q.id, p.booking_id, p.stripe_payment_intent, q.amount_cents + q.surcharge_cents, b.currency, q.reason
  from public.card_refund_requests q
  join public.payments p on p.id = q.payment_id
  join public.bookings b on b.id = p.booking_id
  where q.state = 'requested' and (p_request_id is null or q.id = p_request_id)
  order by q.created_at
  limit 50
$function$
;

CREATE OR REPLACE FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer)
 RETURNS record
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.settle_card_refund_request(p_request_id uuid, p_refund jsonb DEFAULT NULL::jsonb, p_failure text DEFAULT NULL::text)
 RETURNS card_refund_requests
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT ON public.payment_refunds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((new.surcharge_cents > 0)) EXECUTE FUNCTION private.issue_invoice_version_at_commit();
