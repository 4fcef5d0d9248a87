-- Issue 21 (decision 0074, amended): resending a booking's 'confirmation' queues the real confirmation e-mail,
-- private.queue_booking_confirmation (decision 0077); the 'invoice' kind is unchanged. CREATE OR REPLACE keeps
-- the function's grants (admins through authenticated, require_admin inside).


set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.resend_booking_email(p_booking_id uuid, p_kind text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  b public.bookings;
  e public.events;
  paid bigint;
  member_name text;
  address text;
begin
  perform private.require_admin('send a booking''s e-mail');
  if p_kind is null or p_kind not in ('confirmation', 'invoice') then
    raise exception 'send the confirmation or the invoice' using errcode = '22023';
  end if;
  select * into b from public.bookings where id = p_booking_id;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if b.status = 'cancelled' then
    raise exception 'this booking is cancelled' using errcode = '22023';
  end if;
  select * into settings from private.company_settings;
  select * into e from public.events where id = b.event_id;
  select p.full_name, u.email into member_name, address
  from auth.users u left join public.profiles p on p.id = u.id where u.id = b.user_id;
  if address is null then
    raise exception 'this member has no e-mail address' using errcode = '22023';
  end if;
  if p_kind = 'confirmation' then
    perform private.queue_booking_confirmation(b.id);
    return;
  end if;
  select bb.paid_cents into paid from public.booking_balances bb where bb.booking_id = b.id;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (
    address,
    settings.contact_email,
    left(regexp_replace(
      'Invoice ' || b.invoice_number || ': ' || e.title,
      '[[:cntrl:]]+', ' ', 'g'), 300),
    array_to_string(array[
      'Hello ' || coalesce(nullif(member_name, ''), 'there') || ',',
      '',
      'Here is your invoice for ' || e.title || ', departing ' || to_char(e.start_date, 'FMDD Month YYYY') || '.',
      '',
      'Invoice number: ' || b.invoice_number,
      'Total: ' || private.mail_money(b.total_cents, b.currency),
      'Paid: ' || private.mail_money(paid, b.currency),
      'Left to pay: ' || private.mail_money(greatest(b.total_cents - paid, 0), b.currency),
      'Bank reference: ' || coalesce(b.bank_reference, b.invoice_number)
        || ' (quote it on every bank transfer so we can match your payment)',
      '',
      'Manage your booking: ' || settings.site_url || '/manage-booking?booking=' || b.id,
      'Your invoice: ' || settings.site_url || '/invoice?booking=' || b.id,
      '',
      'Questions? Reply to this e-mail.',
      '-- ',
      settings.brand_name
    ], E'\n')
  );
  perform pg_notify('outbound_mail', '');
end
$function$
;
