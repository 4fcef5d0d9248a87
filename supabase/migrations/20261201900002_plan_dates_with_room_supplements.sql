-- Issue 21: the booking's schedule takes both changes made beside each other: its due dates from the event's
-- payment plan (20261201500001, decision 0076) and its total with the travellers' room supplements
-- (20261201600001, decision 0077), which recreated the function with the old dates.

set check_function_bodies = off;

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
  deposit bigint := private.booking_deposit_cents(p_event_id, p_travellers);
  balance bigint;
  share bigint;
  dues date[];
begin
  select * into e from public.events where id = p_event_id;
  select e.start_date - s.balance_due_days_before into last_due from private.booking_settings s;
  total := e.price_cents::bigint * p_travellers + coalesce(p_supplements_cents, 0);
  if total is null or total <= 0 then
    return;
  end if;
  if p_today >= last_due or deposit >= total then
    due_date := p_today;
    amount_cents := total;
    return next;
    return;
  end if;
  if deposit > 0 then
    due_date := p_today;
    amount_cents := deposit;
    return next;
  end if;
  balance := total - deposit;
  dues := array(select d from private.plan_due_dates(p_event_id, p_today) d order by d);
  share := balance / cardinality(dues);
  for part in 1..cardinality(dues) loop
    due_date := dues[part];
    amount_cents := case when part = cardinality(dues) then balance - share * (cardinality(dues) - 1)
                         else share end;
    if amount_cents > 0 then
      return next;
    end if;
  end loop;
end
$function$
;
