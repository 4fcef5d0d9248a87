-- Refunds of store orders (issue 24, decision 0097): public.order_refunds (card through Stripe, bank transfer
-- recorded by hand), refund_order for admins (the order's row locked; what is left is the total less refunds
-- made or on their way; the items back on the shelf once, while unshipped), the member's e-mail once per
-- refund made, the stripe-refund function's two calls (order_refunds_to_make, settle_order_refund), the
-- webhook's record of an order's refund (apply_stripe_event routes refunds of an order's PaymentIntent to
-- private.record_order_refund), reconcile_stripe comparing order refunds too, admin_orders' refunded_cents,
-- and the steps refusing to pack or send an order refunded in full or whose items went back.

drop function if exists "public"."admin_orders"(search text, filter text, pay text, sort text, direction text, page_size integer, page_offset integer);


  create table "public"."order_refunds" (
    "id" uuid not null default gen_random_uuid(),
    "order_id" uuid not null,
    "amount_cents" integer not null,
    "method" text not null,
    "reason" text not null,
    "state" text not null default 'requested'::text,
    "stripe_refund_id" text,
    "failure" text,
    "stock_returned" boolean not null default false,
    "requested_by" uuid,
    "created_at" timestamp with time zone not null default now(),
    "settled_at" timestamp with time zone
      );


alter table "public"."order_refunds" enable row level security;

CREATE INDEX order_refunds_order_id_idx ON public.order_refunds USING btree (order_id, created_at);

CREATE UNIQUE INDEX order_refunds_pkey ON public.order_refunds USING btree (id);

CREATE INDEX order_refunds_requested_by_idx ON public.order_refunds USING btree (requested_by);

CREATE INDEX order_refunds_requested_idx ON public.order_refunds USING btree (created_at) WHERE (state = 'requested'::text);

CREATE UNIQUE INDEX order_refunds_stock_returned_key ON public.order_refunds USING btree (order_id) WHERE stock_returned;

CREATE UNIQUE INDEX order_refunds_stripe_refund_id_key ON public.order_refunds USING btree (stripe_refund_id);

alter table "public"."order_refunds" add constraint "order_refunds_pkey" PRIMARY KEY using index "order_refunds_pkey";

alter table "public"."order_refunds" add constraint "order_refunds_amount_cents_check" CHECK ((amount_cents > 0)) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_amount_cents_check";

alter table "public"."order_refunds" add constraint "order_refunds_card_check" CHECK ((((method = 'card'::text) AND ((state = 'made'::text) = (stripe_refund_id IS NOT NULL))) OR ((method = 'bank_transfer'::text) AND (state = 'made'::text) AND (stripe_refund_id IS NULL)))) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_card_check";

alter table "public"."order_refunds" add constraint "order_refunds_failure_check" CHECK ((((state = 'failed'::text) = (failure IS NOT NULL)) AND (char_length(failure) <= 300))) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_failure_check";

alter table "public"."order_refunds" add constraint "order_refunds_method_check" CHECK ((method = ANY (ARRAY['card'::text, 'bank_transfer'::text]))) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_method_check";

alter table "public"."order_refunds" add constraint "order_refunds_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) ON DELETE RESTRICT not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_order_id_fkey";

alter table "public"."order_refunds" add constraint "order_refunds_reason_check" CHECK ((private.is_trimmed(reason) AND (char_length(reason) >= 1) AND (char_length(reason) <= 300))) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_reason_check";

alter table "public"."order_refunds" add constraint "order_refunds_requested_by_fkey" FOREIGN KEY (requested_by) REFERENCES profiles(id) ON DELETE SET NULL not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_requested_by_fkey";

alter table "public"."order_refunds" add constraint "order_refunds_settled_check" CHECK (((state = 'requested'::text) = (settled_at IS NULL))) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_settled_check";

alter table "public"."order_refunds" add constraint "order_refunds_state_check" CHECK ((state = ANY (ARRAY['requested'::text, 'made'::text, 'failed'::text]))) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_state_check";

alter table "public"."order_refunds" add constraint "order_refunds_stripe_refund_id_check" CHECK ((stripe_refund_id ~ '^re_[A-Za-z0-9]{1,200}$'::text)) not valid;

alter table "public"."order_refunds" validate constraint "order_refunds_stripe_refund_id_check";

alter table "public"."order_refunds" add constraint "order_refunds_stripe_refund_id_key" UNIQUE using index "order_refunds_stripe_refund_id_key";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.export_order_refunds_as_staff(member uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at, r.id), '[]'::jsonb)
  from public.order_refunds r where r.requested_by = member
$function$
;

CREATE OR REPLACE FUNCTION private.forget_order_refunds_as_staff(member uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select $function$
;

CREATE OR REPLACE FUNCTION private.order_refundable_cents(p_order_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select greatest(0, o.total_cents - coalesce((select sum(r.amount_cents) from public.order_refunds r
                                               where r.order_id = o.id and r.state <> 'failed'), 0))::integer
  from public.orders o where o.id = p_order_id
$function$
;

CREATE OR REPLACE FUNCTION private.queue_order_refund_mail(p_refund_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  r public.order_refunds;
  o public.orders;
  recipient text;
  greeting text;
  heading text;
  order_url text;
begin
  select * into settings from private.company_settings;
  select * into r from public.order_refunds where id = p_refund_id;
  select * into o from public.orders where id = r.order_id;
  select u.email, coalesce(nullif(split_part(p.full_name, ' ', 1), ''), 'there')
  into recipient, greeting
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = o.user_id;
  if settings is null or o.id is null or r.state <> 'made' or recipient is null or not private.is_email(recipient) then
    return;
  end if;
  order_url := settings.site_url || '/store/order?order=' || o.id;
  heading := 'We''ve refunded ' || private.mail_money(r.amount_cents, o.currency) || ' to your '
    || case when r.method = 'card' then 'card' else 'bank account' end || ' for order ' || o.number || '.';
  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body)
  values (
    recipient, settings.contact_email, 'Refund for order ' || o.number,
    'Hello ' || greeting || E',\n\n' || heading
      || E'\n\nReason: ' || r.reason
      || case when r.method = 'card' then E'\n\nYour bank may take 5 to 10 business days to show it.' else '' end
      || E'\n\nYour order: ' || order_url
      || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you placed an order in our store. '
      || 'Questions? Reply to this e-mail.',
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Your refund</title></head>'
      || '<body style="font-family:sans-serif;line-height:1.5">'
      || '<h1>Refund for order ' || o.number || '</h1>'
      || '<p>Hello ' || private.html_escape(greeting) || ',</p><p>' || private.html_escape(heading) || '</p>'
      || '<p>Reason: ' || private.html_escape(r.reason) || '</p>'
      || case when r.method = 'card' then '<p>Your bank may take 5 to 10 business days to show it.</p>' else '' end
      || '<p><a href="' || private.html_escape(order_url) || '">Your order</a></p>'
      || '<hr><p>' || private.html_escape(settings.brand_name)
      || '<br>You receive this because you placed an order in our store. Questions? Reply to this e-mail.</p></body></html>'
  );
  perform pg_notify('outbound_mail', '');
end
$function$
;

CREATE OR REPLACE FUNCTION private.record_order_refund(p_refund jsonb, OUT result text, OUT detail text)
 RETURNS record
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  o public.orders;
  refund public.order_refunds;
  amount integer;
begin
  select * into o from public.orders where stripe_payment_intent = p_refund ->> 'payment_intent' for update;
  if not found then
    result := 'ignored';
    return;
  end if;
  if exists (select 1 from public.order_refunds r where r.stripe_refund_id = p_refund ->> 'id') then
    result := 'refund_already_recorded';
    return;
  end if;
  if p_refund ->> 'status' is distinct from 'succeeded' then
    result := 'refund_pending';
    return;
  end if;
  if p_refund ->> 'id' !~ '^re_[A-Za-z0-9]{1,200}$' or jsonb_typeof(p_refund -> 'amount') <> 'number'
     or (p_refund ->> 'amount')::numeric not between 1 and 2147483647
     or (p_refund ->> 'amount')::numeric <> trunc((p_refund ->> 'amount')::numeric) then
    raise exception 'a refund has a re_ id and an amount of at least 1 cent' using errcode = '22023';
  end if;
  amount := (p_refund ->> 'amount')::integer;
  result := 'refund_recorded';
  update public.order_refunds r set state = 'made', stripe_refund_id = p_refund ->> 'id', settled_at = now()
  where r.id::text = lower(p_refund #>> '{metadata,order_refund_id}') and r.order_id = o.id
    and r.state = 'requested' and r.amount_cents = amount
  returning * into refund;
  if refund.id is null then
    if amount > private.order_refundable_cents(o.id) then
      result := 'needs_attention';
      detail := 'Order ' || o.number || ' was refunded in Stripe more than was left to refund: check its refunds.';
    end if;
    insert into public.order_refunds (order_id, amount_cents, method, reason, state, stripe_refund_id, settled_at)
    values (o.id, amount, 'card', 'Refunded in Stripe''s Dashboard.', 'made', p_refund ->> 'id', now())
    returning * into refund;
  end if;
  perform private.queue_order_refund_mail(refund.id);
end
$function$
;

CREATE OR REPLACE FUNCTION private.wake_order_refunds()
 RETURNS bigint
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.invoke_edge_function('stripe-refund', '{"kind": "order"}'::jsonb)
  where exists (select 1 from public.order_refunds r where r.state = 'requested')
$function$
;

CREATE OR REPLACE FUNCTION public.order_refunds_to_make(p_refund_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(id uuid, order_id uuid, payment_intent text, amount_cents integer, currency text, reason text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select r.id, o.id, o.stripe_payment_intent, r.amount_cents, o.currency, r.reason
  from public.order_refunds r
  join public.orders o on o.id = r.order_id
  where r.state = 'requested' and (p_refund_id is null or r.id = p_refund_id)
  order by r.created_at
  limit 50
$function$
;

CREATE OR REPLACE FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean DEFAULT false)
 RETURNS order_refunds
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  o public.orders;
  refundable integer;
  refund public.order_refunds;
begin
  perform private.require_admin('refund an order');
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'That order does not exist.' using errcode = 'P0002';
  end if;
  if o.state = 'expired' then
    raise exception 'Order % expired unpaid: there is nothing to refund.', o.number using errcode = '55000';
  end if;
  if o.state = 'awaiting_payment' then
    raise exception 'Order % is not paid yet: there is nothing to refund.', o.number using errcode = '55000';
  end if;
  if o.pay_by = 'card' and o.stripe_payment_intent is null then
    raise exception 'Order % has no card payment recorded to refund.', o.number using errcode = '55000';
  end if;
  refundable := private.order_refundable_cents(o.id);
  if refundable <= 0 then
    raise exception 'Order % has been refunded in full.', o.number using errcode = '22023';
  end if;
  if p_amount_cents is not null and p_amount_cents < 1 then
    raise exception 'A refund is at least $0.01.' using errcode = '22023';
  end if;
  if p_amount_cents > refundable then
    raise exception 'That is more than is left to refund on order % (%).', o.number, private.money_text(refundable)
      using errcode = '22023';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'Say why the money is going back.' using errcode = '22023';
  end if;
  if char_length(btrim(p_reason)) > 300 then
    raise exception 'Keep the reason to 300 characters.' using errcode = '22023';
  end if;
  if coalesce(p_return_stock, false) then
    if o.state = 'shipped' then
      raise exception 'Order % is already %: its items cannot go back on the shelf.', o.number,
        case when o.delivery = 'pickup' then 'collected' else 'shipped' end using errcode = '55000';
    end if;
    if exists (select 1 from public.order_refunds r where r.order_id = o.id and r.stock_returned) then
      raise exception 'Order %''s items are already back on the shelf.', o.number using errcode = '55000';
    end if;
  end if;
  insert into public.order_refunds (order_id, amount_cents, method, reason, state, stock_returned, requested_by,
                                    settled_at)
  values (o.id, coalesce(p_amount_cents, refundable), o.pay_by, btrim(p_reason),
          case when o.pay_by = 'card' then 'requested' else 'made' end, coalesce(p_return_stock, false),
          auth.uid(), case when o.pay_by = 'bank_transfer' then now() end)
  returning * into refund;
  if refund.stock_returned then
    perform private.return_order_stock(o.id);
  end if;
  if refund.state = 'made' then
    perform private.queue_order_refund_mail(refund.id);
  end if;
  return refund;
end
$function$
;

CREATE OR REPLACE FUNCTION public.settle_order_refund(p_refund_id uuid, p_refund jsonb DEFAULT NULL::jsonb, p_failure text DEFAULT NULL::text)
 RETURNS order_refunds
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  refund public.order_refunds;
begin
  if (p_refund is null) = (p_failure is null) then
    raise exception 'settle an order refund with Stripe''s refund or its refusal' using errcode = '22023';
  end if;
  select * into refund from public.order_refunds where id = p_refund_id for update;
  if not found then
    raise exception 'no such order refund' using errcode = 'P0002';
  end if;
  if refund.state <> 'requested' then
    return refund;
  end if;
  if p_failure is not null then
    update public.order_refunds
    set state = 'failed', failure = left(coalesce(nullif(btrim(p_failure), ''), 'Stripe refused it.'), 300),
        settled_at = now()
    where id = refund.id returning * into refund;
    return refund;
  end if;
  if p_refund ->> 'id' !~ '^re_[A-Za-z0-9]{1,200}$'
     or (p_refund ->> 'amount') is distinct from refund.amount_cents::text
     or p_refund ->> 'payment_intent' is distinct from
        (select o.stripe_payment_intent from public.orders o where o.id = refund.order_id) then
    raise exception 'Stripe''s refund is not the one asked for' using errcode = '22023';
  end if;
  update public.order_refunds
  set state = 'made', stripe_refund_id = p_refund ->> 'id', settled_at = now()
  where id = refund.id returning * into refund;
  perform private.queue_order_refund_mail(refund.id);
  return refund;
end
$function$
;

CREATE OR REPLACE FUNCTION private.order_for_step(p_order_id uuid, p_step text)
 RETURNS orders
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  o public.orders;
  pickup boolean;
  needs text;
begin
  perform private.require_admin('change an order');
  select * into o from public.orders where id = p_order_id for update;
  if not found then
    raise exception 'That order does not exist.' using errcode = 'P0002';
  end if;
  pickup := o.delivery = 'pickup';
  if p_step = 'shipped' and pickup then
    raise exception 'Order % is picked up, not posted: mark it collected when the buyer takes it.', o.number
      using errcode = '55000';
  end if;
  if p_step = 'collected' and not pickup then
    raise exception 'Order % is posted, not picked up: mark it shipped with its tracking number.', o.number
      using errcode = '55000';
  end if;
  -- A refund (decision 0097) ends the steps of an order whose items went back on the shelf or whose money
  -- all went back; an order shipped or collected already has no step left anyway.
  if p_step <> 'paid' and o.state in ('paid', 'packed') then
    if exists (select 1 from public.order_refunds r where r.order_id = o.id and r.stock_returned) then
      raise exception 'Order % was refunded and its items went back on the shelf: nothing to %.', o.number,
        case p_step when 'packed' then 'pack' else 'send' end using errcode = '55000';
    end if;
    if private.order_refundable_cents(o.id) = 0 then
      raise exception 'Order % is refunded in full: nothing to %.', o.number,
        case p_step when 'packed' then 'pack' else 'send' end using errcode = '55000';
    end if;
  end if;
  needs := case p_step when 'paid' then 'awaiting_payment' when 'packed' then 'paid' else 'packed' end;
  if o.state = needs or (p_step = 'paid' and o.state = 'expired') then
    return o;
  end if;
  raise exception '%', 'Order ' || o.number || case
    when o.state = 'expired' then ' expired unpaid and its items went back on the shelf: nothing to '
      || case p_step when 'packed' then 'pack.' else 'send.' end
    when o.state = 'awaiting_payment' then ' is not paid yet: '
      || case when o.pay_by = 'card' then 'the buyer has not paid by card.' else 'mark it paid when the transfer arrives.' end
    when p_step = 'paid' then ' is already paid.'
    when o.state = 'paid' then ' is not ' || case when pickup then 'ready for pickup' else 'packed' end
      || ' yet: ' || case when pickup then 'mark it ready for pickup first.' else 'pack it first.' end
    when o.state = 'packed' and p_step = 'packed'
      then ' is already ' || case when pickup then 'ready for pickup.' else 'packed.' end
    else ' is already ' || case when pickup then 'collected.' else 'shipped.' end
  end using errcode = '55000';
end
$function$
;

DROP FUNCTION IF EXISTS public.admin_orders(text,text,text,text,text,integer,integer);

CREATE OR REPLACE FUNCTION public.admin_orders(search text DEFAULT ''::text, filter text DEFAULT ''::text, pay text DEFAULT ''::text, sort text DEFAULT 'placed'::text, direction text DEFAULT 'desc'::text, page_size integer DEFAULT 25, page_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, number text, placed_at timestamp with time zone, buyer_id uuid, buyer_name text, buyer_email text, items integer, total_cents integer, currency text, pay_by text, delivery text, state text, refunded_cents integer, total_count integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin('list orders');
  perform private.check_list_arguments('orders list', sort,
                                       array['number', 'placed', 'buyer', 'items', 'total', 'state'],
                                       direction, page_size, page_offset, search);
  if coalesce(filter, '') not in ('', 'awaiting_payment', 'paid', 'packed', 'shipped', 'expired') then
    raise exception 'Show orders awaiting payment, paid, packed, shipped or expired, or all of them.'
      using errcode = '22023';
  end if;
  if coalesce(pay, '') not in ('', 'card', 'bank_transfer') then
    raise exception 'Show orders paid by card or by bank transfer, or both.' using errcode = '22023';
  end if;

  -- The sort column is one of the names checked above, so only a known expression is formatted in.
  return query execute format(
    $sql$
      select o.id, o.number, o.placed_at, o.user_id, p.full_name, u.email::text,
             (select coalesce(sum(l.quantity), 0)::integer from public.order_lines l where l.order_id = o.id),
             o.total_cents, o.currency, o.pay_by, o.delivery, o.state,
             -- Refunds made or on their way to Stripe (decision 0097).
             (select coalesce(sum(r.amount_cents), 0)::integer from public.order_refunds r
              where r.order_id = o.id and r.state <> 'failed'),
             (count(*) over ())::integer
      from public.orders o
      left join public.profiles p on p.id = o.user_id
      left join auth.users u on u.id = o.user_id
      where ($1::text is null or o.number ilike $1 or p.full_name ilike $1 or u.email ilike $1)
        and ($4::text = '' or o.state = $4)
        and ($5::text = '' or o.pay_by = $5)
      order by %1$s %2$s nulls last, o.placed_at desc, o.id
      limit $2 offset $3
    $sql$,
    case sort
      when 'number' then 'o.number'
      when 'buyer' then 'lower(p.full_name)'
      when 'items' then '7'
      when 'total' then 'o.total_cents'
      when 'state' then 'o.state'
      else 'o.placed_at'
    end,
    direction
  ) using private.search_pattern(search), page_size, page_offset, coalesce(filter, ''), coalesce(pay, '');
end
$function$
;

REVOKE ALL ON FUNCTION public.admin_orders(text,text,text,text,text,integer,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.admin_orders(text,text,text,text,text,integer,integer) TO postgres;
GRANT EXECUTE ON FUNCTION public.admin_orders(text,text,text,text,text,integer,integer) TO authenticated;
GRANT EXECUTE ON FUNCTION public.admin_orders(text,text,text,text,text,integer,integer) TO service_role;

CREATE OR REPLACE FUNCTION public.apply_stripe_event(p_event_id text, p_type text, p_object jsonb)
 RETURNS stripe_events
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    select r.stripe_refund_id as id, p.booking_id, b.currency, r.amount_cents as cents, r.refunded_at as recorded_at
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

grant select on table "public"."order_refunds" to "authenticated";

grant delete on table "public"."order_refunds" to "service_role";

grant insert on table "public"."order_refunds" to "service_role";

grant references on table "public"."order_refunds" to "service_role";

grant select on table "public"."order_refunds" to "service_role";

grant trigger on table "public"."order_refunds" to "service_role";

grant truncate on table "public"."order_refunds" to "service_role";

grant update on table "public"."order_refunds" to "service_role";


  create policy "order_refunds_select_authenticated"
  on "public"."order_refunds"
  as permissive
  for select
  to authenticated
using (((EXISTS ( SELECT 1
   FROM orders o
  WHERE ((o.id = order_refunds.order_id) AND (o.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));


CREATE TRIGGER audit_change AFTER INSERT OR UPDATE ON public.order_refunds FOR EACH ROW EXECUTE FUNCTION private.audit_change('reason', 'order refund');

-- What migra does not write: who may call the new functions, and the member's data part.
REVOKE ALL ON FUNCTION private.export_order_refunds_as_staff(member uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.forget_order_refunds_as_staff(member uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.order_refundable_cents(p_order_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.order_refundable_cents(p_order_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.queue_order_refund_mail(p_refund_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_order_refund_mail(p_refund_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.record_order_refund(p_refund jsonb, OUT result text, OUT detail text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_order_refund(p_refund jsonb, OUT result text, OUT detail text) TO service_role;
REVOKE ALL ON FUNCTION private.wake_order_refunds() FROM PUBLIC;
GRANT ALL ON FUNCTION private.wake_order_refunds() TO service_role;
REVOKE ALL ON FUNCTION public.order_refunds_to_make(p_refund_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.order_refunds_to_make(p_refund_id uuid) TO service_role;
REVOKE ALL ON FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean) TO authenticated;
GRANT ALL ON FUNCTION public.refund_order(p_order_id uuid, p_amount_cents integer, p_reason text, p_return_stock boolean) TO service_role;
REVOKE ALL ON FUNCTION public.settle_order_refund(p_refund_id uuid, p_refund jsonb, p_failure text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.settle_order_refund(p_refund_id uuid, p_refund jsonb, p_failure text) TO service_role;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('order_refunds_as_staff', 193, '{public.order_refunds.requested_by}');

comment on table "public"."order_refunds" is 'Refunds of store orders: refund_order (admins), the stripe-refund function and the webhook only.';

comment on column "public"."order_refunds"."stock_returned" is 'This refund put the order''s items back on the shelf (at most one refund of an order does).';
