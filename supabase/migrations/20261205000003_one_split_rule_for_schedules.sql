-- A booking's schedule (private.booking_schedule) and a payment plan's preview (public.preview_payment_plan)
-- split the total with two copies of the same rule; both now call private.split_schedule.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.split_schedule(p_total_cents bigint, p_deposit_cents bigint, p_today date, p_last_due date, p_dues date[])
 RETURNS TABLE(due_date date, amount_cents integer, is_deposit boolean)
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  balance bigint := p_total_cents - p_deposit_cents;
  parts integer := cardinality(p_dues);
  share bigint;
begin
  if p_today >= p_last_due or p_deposit_cents >= p_total_cents then
    return query select p_today, p_total_cents::integer, false;
    return;
  end if;
  if p_deposit_cents > 0 then
    return query select p_today, p_deposit_cents::integer, true;
  end if;
  share := balance / parts;
  for part in 1..parts loop
    due_date := p_dues[part];
    amount_cents := case when part = parts then balance - share * (parts - 1) else share end;
    is_deposit := false;
    if amount_cents > 0 then
      return next;
    end if;
  end loop;
end
$function$
;

REVOKE ALL ON FUNCTION private.split_schedule(p_total_cents bigint, p_deposit_cents bigint, p_today date, p_last_due date, p_dues date[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.split_schedule(p_total_cents bigint, p_deposit_cents bigint, p_today date, p_last_due date, p_dues date[]) TO service_role;

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
begin
  select * into e from public.events where id = p_event_id;
  select e.start_date - s.balance_due_days_before into last_due from private.booking_settings s;
  total := e.price_cents::bigint * p_travellers + coalesce(p_supplements_cents, 0);
  if total is null or total <= 0 then
    return;
  end if;
  return query
    select split.due_date, split.amount_cents
    from private.split_schedule(total, private.booking_deposit_cents(p_event_id, p_travellers), p_today, last_due,
                                array(select d from private.plan_due_dates(p_event_id, p_today) d order by d)) split;
end
$function$
;

CREATE OR REPLACE FUNCTION public.preview_payment_plan(p_kind text, p_parts integer, p_spacing integer, p_spacing_unit text, p_due_dates date[], p_departure date, p_booked_on date, p_price_cents integer DEFAULT 500000)
 RETURNS TABLE(due_date date, amount_cents integer, is_deposit boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.booking_settings;
  last_due date;
begin
  perform private.require_admin('preview a payment plan');
  if not private.is_payment_plan(p_kind, p_parts, p_spacing, p_spacing_unit, p_due_dates) then
    raise exception 'this plan is not complete yet' using errcode = '22023';
  end if;
  if p_departure is null or p_booked_on is null or p_booked_on >= p_departure then
    raise exception 'the example booking day must be before the departure' using errcode = '22023';
  end if;
  if p_price_cents is null or p_price_cents < 1 or p_price_cents > 100000000 then
    raise exception 'the example price must be between 1 cent and 1,000,000' using errcode = '22023';
  end if;
  select * into settings from private.booking_settings;
  last_due := p_departure - settings.balance_due_days_before;
  return query
    select * from private.split_schedule(
      p_price_cents, settings.deposit_per_traveller_cents, p_booked_on, last_due,
      array(select d from private.plan_dates(p_kind, p_parts, p_spacing, p_spacing_unit, p_due_dates, last_due,
                                             p_booked_on) d order by d));
end
$function$
;
