-- public.apply_stripe_event with every branch: AutoPay's payment and setup intents (decision 0088) and store
-- orders' sessions (decision 0091) were written side by side, each migration re-creating the function as it
-- knew it, so the later one (store orders) dropped AutoPay's branches. This re-creates the whole function.

set check_function_bodies = off;

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
