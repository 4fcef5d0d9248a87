-- The tax invoice shows a card surcharge (decision 0096, closing 0089's 'not yet'): one line per card payment
-- that carried one ('Card surcharge', on the payment of <day>, with its own GST as the supply it was charged
-- on), added to the total and the GST; a surcharged card payment issues the next invoice version at commit.
-- Bookings that already have such a payment get their new version now.

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
  surcharged bigint;
  surcharge_gst bigint;
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
  return jsonb_build_object(
    'invoice_number', b.invoice_number,
    'bill_to', (select jsonb_build_object('name', coalesce(p.full_name, u.email), 'email', u.email)
                from public.profiles p left join auth.users u on u.id = p.id where p.id = b.user_id),
    'event_title', e.title,
    'departs_on', e.start_date,
    'currency', b.currency,
    'gst_treatment', e.gst_treatment,
    'lines', lines,
    'total_cents', b.total_cents + surcharged,
    'gst_cents', private.gst_included_cents(b.total_cents, e.gst_treatment) + surcharge_gst,
    'cancelled', b.status = 'cancelled');
end
$function$
;

CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT ON public.payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((new.surcharge_cents > 0)) EXECUTE FUNCTION private.issue_invoice_version_at_commit();

select private.issue_invoice_version(p.booking_id)
from (select distinct booking_id from public.payments where surcharge_cents > 0) p;
