-- The company's e-mails about a member's payment notice, sent and withdrawn, are built in one place,
-- private.mail_payment_notice (they had the same booking, reference, amount and date lines twice); the
-- withdrawn one now carries the member's note too.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.mail_payment_notice(subject text, opening text, notice payment_notices)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.queue_company_mail(
    subject || ': ' || private.money_text(notice.amount_cents) || ' for ' || b.invoice_number,
    array[
      opening,
      '',
      private.mail_line('Booking', b.invoice_number || ', ' || e.title),
      private.mail_line('Bank reference', b.bank_reference),
      private.mail_line('Amount', private.money_text(notice.amount_cents)),
      private.mail_line('Paid on', to_char(notice.paid_on, 'FMDD Mon YYYY')),
      private.mail_line('Note', notice.note)
    ],
    (select u.email from auth.users u where u.id = b.user_id))
  from public.bookings b
  join public.events e on e.id = b.event_id
  where b.id = notice.booking_id
$function$
;

CREATE OR REPLACE FUNCTION private.check_payment_notice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  left_to_pay bigint;
begin
  select * into b from public.bookings where id = new.booking_id for update;
  if not found or b.status = 'cancelled' then
    raise exception 'this booking takes no more payments' using errcode = '22023';
  end if;
  left_to_pay := b.total_cents - private.booking_paid_cents(b.id);
  if new.amount_cents > left_to_pay then
    raise exception 'that is more than is left to pay (%)', private.money_text(greatest(left_to_pay, 0))
      using errcode = '22023';
  end if;
  if new.paid_on > private.sydney_today() then
    raise exception 'the day you paid is today or earlier' using errcode = '22023';
  end if;
  if new.paid_on < (b.created_at at time zone 'Australia/Sydney')::date then
    raise exception 'the day you paid is on or after the day you booked' using errcode = '22023';
  end if;
  if (select count(*) from public.payment_notices n where n.booking_id = b.id and n.payment_id is null) >= 5 then
    raise exception 'we already have 5 payments to look for on this booking' using errcode = '22023',
      hint = 'We will confirm them as they arrive; contact us if one is wrong.';
  end if;
  new.payment_id := null;
  new.note := nullif(private.trim_space(new.note), '');
  perform private.mail_payment_notice('Payment notice',
    'A member says they paid by bank transfer. Record it when it reaches the account.', new);
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.tell_notice_withdrawn()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.mail_payment_notice('Payment notice withdrawn',
    'A member withdrew their word that they paid by bank transfer. Stop looking for this payment.', old);
  return null;
end
$function$
;

REVOKE ALL ON FUNCTION private.mail_payment_notice(subject text, opening text, notice public.payment_notices) FROM PUBLIC;
