-- Issue 21 (decision 0075, amended): an invoice's traveller lines carry each traveller's own room supplement
-- and room, instead of spreading the supplements evenly over the lines. Existing versions stay as issued; a
-- booking's next change issues its next version. CREATE OR REPLACE keeps the function's grants.

set check_function_bodies = off;

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
  return jsonb_build_object(
    'invoice_number', b.invoice_number,
    'bill_to', (select jsonb_build_object('name', coalesce(p.full_name, u.email), 'email', u.email)
                from public.profiles p left join auth.users u on u.id = p.id where p.id = b.user_id),
    'event_title', e.title,
    'departs_on', e.start_date,
    'currency', b.currency,
    'gst_treatment', e.gst_treatment,
    'lines', lines,
    'total_cents', b.total_cents,
    'gst_cents', private.gst_included_cents(b.total_cents, e.gst_treatment),
    'cancelled', b.status = 'cancelled');
end
$function$
;
