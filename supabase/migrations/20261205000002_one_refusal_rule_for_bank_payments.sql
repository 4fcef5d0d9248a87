-- record_payment and preview_payment refused a bank transfer with two copies of the same checks; both now
-- call private.refuse_bank_payment (the same words and codes; record_payment still locks the departure's row
-- while it counts the places).

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.refuse_bank_payment(b bookings, p_amount_cents integer, p_lock boolean)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  paid bigint;
  e public.events;
begin
  if b.status = 'cancelled' then
    raise exception 'this booking is cancelled' using errcode = '22023';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 then
    raise exception 'a payment is an amount of at least 1 cent' using errcode = '22023';
  end if;
  paid := private.booking_paid_cents(b.id);
  if paid + p_amount_cents > b.total_cents then
    raise exception 'that is more than is left to pay (% cents)', b.total_cents - paid using errcode = '22023';
  end if;
  if b.status = 'pending' and b.hold_expires_at <= now() and paid + p_amount_cents >= b.deposit_cents then
    if p_lock then
      select * into e from public.events where id = b.event_id for update;
    else
      select * into e from public.events where id = b.event_id;
    end if;
    if e.max_registrations is not null
       and private.places_taken(e.id) + b.travellers > e.max_registrations then
      raise exception 'sold out' using errcode = 'PT409', detail = 'places_left=0',
        hint = 'The hold expired and its places were booked since: refund the transfer or make room first.';
    end if;
  end if;
end
$function$
;

REVOKE ALL ON FUNCTION private.refuse_bank_payment(b public.bookings, p_amount_cents integer, p_lock boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.refuse_bank_payment(b public.bookings, p_amount_cents integer, p_lock boolean) TO service_role;

CREATE OR REPLACE FUNCTION public.preview_payment(p_booking_id uuid, p_amount_cents integer)
 RETURNS TABLE(installment_id uuid, due_date date, amount_cents integer, covered_before_cents integer, covers_cents integer, paid_in_full boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  paid bigint;
begin
  perform private.require_admin('preview a payment');
  select * into b from public.bookings where public.bookings.id = p_booking_id;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  perform private.refuse_bank_payment(b, p_amount_cents, false);
  paid := private.booking_paid_cents(b.id);
  return query
  select r.id, r.due_date, r.amount_cents,
         least(greatest(paid - r.starts_at, 0), r.amount_cents)::integer,
         (least(greatest(paid + p_amount_cents - r.starts_at, 0), r.amount_cents)
          - least(greatest(paid - r.starts_at, 0), r.amount_cents))::integer,
         paid + p_amount_cents - r.starts_at >= r.amount_cents
  from (
    select i.id, i.due_date, i.amount_cents, i.created_at,
           coalesce(sum(i.amount_cents) over (order by i.due_date, i.created_at, i.id
                                              rows between unbounded preceding and 1 preceding), 0) as starts_at
    from public.booking_installments i where i.booking_id = b.id
  ) r
  where paid + p_amount_cents > r.starts_at and paid < r.starts_at + r.amount_cents
  order by r.due_date, r.created_at, r.id;
end
$function$
;

CREATE OR REPLACE FUNCTION public.record_payment(p_booking_id uuid, p_amount_cents integer, p_received_on date, p_reference text DEFAULT NULL::text)
 RETURNS payments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  payment public.payments;
begin
  perform private.require_admin('record a payment');
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if p_received_on is null or p_received_on > private.sydney_today() then
    raise exception 'the day the money arrived is today or earlier' using errcode = '22023';
  end if;
  perform private.refuse_bank_payment(b, p_amount_cents, true);
  insert into public.payments (booking_id, method, amount_cents, reference, received_on, recorded_by)
  values (b.id, 'bank_transfer', p_amount_cents, nullif(private.trim_space(p_reference), ''), p_received_on,
          auth.uid())
  returning * into payment;
  perform private.apply_payments(b.id, p_received_on::timestamp at time zone 'Australia/Sydney');
  return payment;
end
$function$
;
