-- The member's data export lists each refund's card surcharge part (payment_refunds.surcharge_cents, decision
-- 0096's amendment) beside its amount.

set check_function_bodies = off;

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
                                            'reference', p.reference, 'received_on', p.received_on,
                                            'refunds', coalesce((
                                              select jsonb_agg(jsonb_build_object(
                                                       'amount_cents', r.amount_cents,
                                                       'surcharge_cents', r.surcharge_cents,
                                                       'refunded_at', r.refunded_at)
                                                     order by r.refunded_at, r.id)
                                              from public.payment_refunds r where r.payment_id = p.id),
                                              '[]'::jsonb))
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
      'payment_reminders', coalesce((
        select jsonb_agg(jsonb_build_object('kind', r.kind, 'sequence', r.sequence, 'due_date', r.due_date,
                                            'amount_cents', r.amount_cents, 'sent_at', r.sent_at)
                         order by r.sent_at, r.id)
        from public.payment_reminders r where r.booking_id = b.id), '[]'::jsonb),
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
