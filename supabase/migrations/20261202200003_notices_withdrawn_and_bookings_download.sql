-- Issue 21 (decision 0073, amended): a member withdraws their own pending payment notice (a delete policy;
-- the company is e-mailed to stop looking for the money), and the data download's bookings hold everything
-- the member has on them: travellers and rooms, payment notices, schedule changes, each invoice version,
-- the cancellation and any credit.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.tell_notice_withdrawn()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
begin
  select * into b from public.bookings where id = old.booking_id;
  if not found then
    return null;
  end if;
  perform private.queue_company_mail(
    'Payment notice withdrawn: ' || private.money_text(old.amount_cents) || ' for ' || b.invoice_number,
    array[
      'A member withdrew their word that they paid by bank transfer. Stop looking for this payment.',
      '',
      private.mail_line('Booking', b.invoice_number || ', ' || (select e.title from public.events e
                                                                 where e.id = b.event_id)),
      private.mail_line('Bank reference', b.bank_reference),
      private.mail_line('Amount', private.money_text(old.amount_cents)),
      private.mail_line('Paid on', to_char(old.paid_on, 'FMDD Mon YYYY'))
    ],
    (select u.email from auth.users u where u.id = b.user_id)
  );
  return null;
end
$function$
;

REVOKE ALL ON FUNCTION private.tell_notice_withdrawn() FROM PUBLIC;

CREATE OR REPLACE FUNCTION private.export_bookings(member uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(to_jsonb(b) || jsonb_build_object(
      'event_title', e.title,
      'travellers', coalesce((
        select jsonb_agg(jsonb_build_object('traveller_id', bt.traveller_id, 'full_name', t.full_name,
                                            'room', bt.room_label,
                                            'room_supplement_cents', bt.room_supplement_cents)
                         order by t.full_name, t.id)
        from public.booking_travellers bt join public.travellers t on t.id = bt.traveller_id
        where bt.booking_id = b.id), '[]'::jsonb),
      'installments', coalesce((
        select jsonb_agg(to_jsonb(i) order by i.due_date)
        from public.booking_installments i where i.booking_id = b.id), '[]'::jsonb),
      'payments', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', p.amount_cents, 'method', p.method,
                                            'reference', p.reference, 'received_on', p.received_on)
                         order by p.received_on, p.created_at)
        from public.payments p where p.booking_id = b.id), '[]'::jsonb),
      'payment_notices', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', n.amount_cents, 'paid_on', n.paid_on,
                                            'note', n.note, 'matched', n.payment_id is not null,
                                            'created_at', n.created_at)
                         order by n.created_at, n.id)
        from public.payment_notices n where n.booking_id = b.id), '[]'::jsonb),
      'schedule_changes', coalesce((
        select jsonb_agg(jsonb_build_object('kind', c.kind, 'summary', c.summary,
                                            'amount_cents', c.amount_cents, 'reason', c.reason,
                                            'changed_at', c.changed_at)
                         order by c.changed_at, c.id)
        from public.schedule_changes c where c.booking_id = b.id), '[]'::jsonb),
      'invoice_versions', coalesce((
        select jsonb_agg(jsonb_build_object('version', v.version, 'issued_at', v.issued_at,
                                            'invoice_number', v.invoice_number, 'lines', v.lines,
                                            'total_cents', v.total_cents, 'gst_cents', v.gst_cents,
                                            'cancelled', v.cancelled)
                         order by v.version)
        from public.invoice_versions v where v.booking_id = b.id), '[]'::jsonb),
      'cancellation', (
        select jsonb_build_object('cancelled_at', c.created_at, 'paid_cents', c.paid_cents,
                                  'kept_cents', c.kept_cents, 'refund_cents', c.refund_cents,
                                  'credit_cents', c.credit_cents, 'reason', c.reason)
        from public.booking_cancellations c where c.booking_id = b.id),
      'credits', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', m.amount_cents, 'currency', m.currency,
                                            'reason', m.reason, 'created_at', m.created_at)
                         order by m.created_at, m.id)
        from public.member_credits m where m.booking_id = b.id), '[]'::jsonb))
      order by b.created_at), '[]'::jsonb)
  from public.bookings b join public.events e on e.id = b.event_id
  where b.user_id = member
$function$
;

grant delete on table "public"."payment_notices" to "authenticated";


  create policy "payment_notices_delete_authenticated"
  on "public"."payment_notices"
  as permissive
  for delete
  to authenticated
using (((payment_id IS NULL) AND (EXISTS ( SELECT 1
   FROM bookings b
  WHERE ((b.id = payment_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid)))))));


CREATE TRIGGER tell_notice_withdrawn AFTER DELETE ON public.payment_notices FOR EACH ROW EXECUTE FUNCTION private.tell_notice_withdrawn();
