-- Operator cancellations (issue 22, decision 0096). A departure the company cancels cancels each of its
-- bookings with everything refunded (booking_cancellations.kind 'company': nothing kept, nothing credited),
-- e-mails each member once about their booking (the event's cancellation e-mail now goes to followers without
-- a live booking), turns AutoPay off and withdraws open waitlist offers. Bank transfers to pay back are
-- listed (admin_bank_refunds_due) and recorded as refunds in the ledger (record_bank_refund: payment_refunds
-- gains the transfer's reference and who recorded it); card refund requests record the admin who asked
-- (card_refund_requests.requested_by). Both admin ids are a part of the member's data (refunds_as_staff).

alter table "public"."booking_cancellations" drop constraint "booking_cancellations_deposit_kept";

alter table "public"."booking_cancellations" add column "kind" text not null default 'member'::text;

alter table "public"."card_refund_requests" add column "requested_by" uuid;

alter table "public"."payment_refunds" add column "reference" text;

alter table "public"."payment_refunds" add column "recorded_by" uuid;

alter table "public"."booking_cancellations" add constraint "booking_cancellations_company_refunds_all" CHECK (((kind = 'member'::text) OR ((kept_cents = 0) AND (credit_cents = 0)))) not valid;

alter table "public"."booking_cancellations" validate constraint "booking_cancellations_company_refunds_all";

alter table "public"."booking_cancellations" add constraint "booking_cancellations_kind_check" CHECK ((kind = ANY (ARRAY['member'::text, 'company'::text]))) not valid;

alter table "public"."booking_cancellations" validate constraint "booking_cancellations_kind_check";

alter table "public"."card_refund_requests" add constraint "card_refund_requests_requested_by_fkey" FOREIGN KEY (requested_by) REFERENCES profiles(id) ON DELETE SET NULL not valid;

alter table "public"."card_refund_requests" validate constraint "card_refund_requests_requested_by_fkey";

alter table "public"."payment_refunds" add constraint "payment_refunds_recorded_by_fkey" FOREIGN KEY (recorded_by) REFERENCES profiles(id) ON DELETE SET NULL not valid;

alter table "public"."payment_refunds" validate constraint "payment_refunds_recorded_by_fkey";

alter table "public"."payment_refunds" add constraint "payment_refunds_reference_check" CHECK (((reference IS NULL) OR (private.is_trimmed(reference) AND (char_length(reference) >= 1) AND (char_length(reference) <= 100)))) not valid;

alter table "public"."payment_refunds" validate constraint "payment_refunds_reference_check";

alter table "public"."payment_refunds" add constraint "payment_refunds_stripe_or_reference" CHECK (((stripe_refund_id IS NOT NULL) OR (reference IS NOT NULL))) not valid;

alter table "public"."payment_refunds" validate constraint "payment_refunds_stripe_or_reference";

alter table "public"."booking_cancellations" add constraint "booking_cancellations_deposit_kept" CHECK (((kind = 'company'::text) OR (kept_cents >= LEAST(paid_cents, deposit_cents)))) not valid;

alter table "public"."booking_cancellations" validate constraint "booking_cancellations_deposit_kept";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.export_refunds_as_staff(member uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'recorded', coalesce((select jsonb_agg(to_jsonb(r) order by r.refunded_at, r.id)
                          from public.payment_refunds r where r.recorded_by = member), '[]'::jsonb),
    'requested', coalesce((select jsonb_agg(to_jsonb(q) order by q.created_at, q.id)
                           from public.card_refund_requests q where q.requested_by = member), '[]'::jsonb))
$function$
;

CREATE OR REPLACE FUNCTION private.forget_refunds_as_staff(member uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select $function$
;

CREATE OR REPLACE FUNCTION private.payments_left_to_refund(p_booking_id uuid)
 RETURNS TABLE(payment_id uuid, method text, due_cents bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p.id, p.method,
         p.amount_cents - coalesce((select sum(r.amount_cents) from public.payment_refunds r
                                    where r.payment_id = p.id), 0)
  from public.payments p where p.booking_id = p_booking_id
$function$
;

CREATE OR REPLACE FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  b public.bookings;
  e public.events;
  recipient text;
  greeting text;
  by_card bigint;
  by_bank bigint;
begin
  select * into settings from private.company_settings;
  select * into b from public.bookings where id = p_booking_id;
  select * into e from public.events where id = b.event_id;
  select u.email, coalesce(nullif(split_part(p.full_name, ' ', 1), ''), 'there')
  into recipient, greeting
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = b.user_id;
  if settings is null or b.id is null or recipient is null or not private.is_email(recipient) then
    return;
  end if;
  select coalesce(sum(d.due_cents) filter (where d.method = 'card'), 0),
         coalesce(sum(d.due_cents) filter (where d.method = 'bank_transfer'), 0)
  into by_card, by_bank
  from private.payments_left_to_refund(b.id) d;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (recipient, settings.contact_email,
          left(regexp_replace('Cancelled: ' || e.title || ' (your booking ' || b.invoice_number || ')',
                              '[[:cntrl:]]+', ' ', 'g'), 300),
          array_to_string(array[
            'Hello ' || greeting || ',',
            '',
            'We are sorry: ' || regexp_replace(e.title, '[[:cntrl:]]+', ' ', 'g') || ' ('
              || to_char(e.start_date, 'FMDD Mon YYYY') || ') has been cancelled.',
            'We have cancelled your booking ' || b.invoice_number || ' (reference ' || coalesce(b.bank_reference, b.invoice_number)
              || '), and everything you paid comes back to you, the deposit included.',
            ''
          ]
          || case when by_card > 0 then array[
               private.mail_money(by_card, b.currency) || ' paid by card goes back to the card you paid with; '
                 || 'your bank shows it within 5 to 10 business days.'] else array[]::text[] end
          || case when by_bank > 0 then array[
               private.mail_money(by_bank, b.currency) || ' paid by bank transfer goes back by bank transfer: '
                 || 'reply to this e-mail with the account name, BSB and account number to pay it into.']
             else array[]::text[] end
          || case when by_card = 0 and by_bank = 0 then array['Nothing had been paid on this booking, so nothing is owed.']
             else array[]::text[] end
          || array[
            '',
            'Your booking: ' || settings.site_url || '/manage-booking?booking=' || b.id,
            '',
            'Questions? Reply to this e-mail.',
            '-- ',
            settings.brand_name
          ], E'\n'));
  perform pg_notify('outbound_mail', '');
end
$function$
;

CREATE OR REPLACE FUNCTION private.settle_cancelled_departure()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  cancelled uuid[] := '{}';
begin
  for b in
    select * from public.bookings where event_id = new.id and status <> 'cancelled' order by id for update
  loop
    insert into public.booking_cancellations (booking_id, kind, paid_cents, deposit_cents, kept_cents,
                                              refund_cents, credit_cents, reason)
    select b.id, 'company', bb.paid_cents, b.deposit_cents, 0, bb.paid_cents, 0,
           'We cancelled the trip: everything paid goes back.'
    from public.booking_balances bb where bb.booking_id = b.id;
    update public.bookings set status = 'cancelled', hold_expires_at = null where id = b.id;
    perform private.queue_company_cancellation_mail(b.id);
    cancelled := cancelled || b.id;
  end loop;
  update public.autopay_attempts a set state = 'failed', failure_code = 'trip_cancelled',
         failure_message = 'The trip was cancelled', settled_at = now()
  where a.booking_id = any (cancelled) and a.state = 'pending' and a.stripe_payment_intent is null;
  update public.autopay_enrolments ap set state = 'off', turned_off_at = now()
  where ap.booking_id = any (cancelled) and ap.state <> 'off';
  update public.waitlist_offers o set state = 'withdrawn', closed_at = now()
  where o.event_id = new.id and o.state = 'offered';
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION public.admin_bank_refunds_due(p_booking_id uuid DEFAULT NULL::uuid)
 RETURNS TABLE(booking_id uuid, invoice_number text, bank_reference text, member_name text, member_email text, event_id uuid, event_title text, event_start date, payment_id uuid, received_on date, payment_reference text, amount_cents integer, due_cents integer, currency text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_admin('list the refunds to make');
  return query
  select b.id, b.invoice_number, b.bank_reference, pr.full_name, u.email::text, e.id, e.title, e.start_date,
         p.id, p.received_on, p.reference, p.amount_cents, d.due_cents::integer, b.currency
  from public.booking_cancellations c
  join public.bookings b on b.id = c.booking_id
  join public.events e on e.id = b.event_id
  cross join lateral private.payments_left_to_refund(b.id) d
  join public.payments p on p.id = d.payment_id
  left join public.profiles pr on pr.id = b.user_id
  left join auth.users u on u.id = b.user_id
  where c.kind = 'company' and d.method = 'bank_transfer' and d.due_cents > 0
    and (p_booking_id is null or b.id = p_booking_id)
  order by e.start_date, b.invoice_number, p.received_on, p.created_at
  limit 500;
end
$function$
;

CREATE OR REPLACE FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text)
 RETURNS payment_refunds
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  payment public.payments;
  left_cents bigint;
  reference text := private.trim_space(p_reference);
  refund public.payment_refunds;
begin
  perform private.require_admin('record a refund');
  select * into payment from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'no such payment' using errcode = 'P0002';
  end if;
  if payment.method <> 'bank_transfer' then
    raise exception 'This payment was by card: refund it through Stripe with Refund….' using errcode = '22023';
  end if;
  if not exists (select 1 from public.booking_cancellations c
                 where c.booking_id = payment.booking_id and c.kind = 'company') then
    raise exception 'Bank refunds are recorded here for trips we cancelled; this booking was not.' using errcode = '22023';
  end if;
  select d.due_cents into left_cents from private.payments_left_to_refund(payment.booking_id) d
  where d.payment_id = payment.id;
  if left_cents <= 0 then
    raise exception 'This transfer has been paid back in full.' using errcode = '22023';
  end if;
  if p_amount_cents is null or p_amount_cents < 1 then
    raise exception 'A refund is at least $0.01.' using errcode = '22023';
  end if;
  if p_amount_cents > left_cents then
    raise exception 'That is more than is left to pay back on this transfer (%).', private.money_text(left_cents)
      using errcode = '22023';
  end if;
  if reference is null or reference = '' then
    raise exception 'Give the reference of the transfer you made.' using errcode = '22023';
  end if;
  if char_length(reference) > 100 then
    raise exception 'Keep the reference to 100 characters.' using errcode = '22023';
  end if;
  insert into public.payment_refunds (payment_id, amount_cents, reference, recorded_by)
  values (payment.id, p_amount_cents, reference, auth.uid())
  returning * into refund;
  perform private.unapply_refunded(payment.booking_id);
  return refund;
end
$function$
;

CREATE OR REPLACE FUNCTION private.mail_event_cancelled()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  settings private.company_settings;
  title text := regexp_replace(new.title, '[[:cntrl:]]+', ' ', 'g');
begin
  select * into settings from private.company_settings;
  if settings is null then
    return null;
  end if;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  select distinct on (lower(u.email))
    u.email,
    settings.contact_email,
    left('Cancelled: ' || title, 300),
    array_to_string(array[
      'We are sorry: ' || title || ' (' || to_char(new.start_date, 'FMDD Mon YYYY') || ') has been cancelled.',
      '',
      'You can reply to this e-mail with any questions.',
      '',
      'Details: ' || settings.site_url || '/event-details/' || new.id,
      '-- ',
      settings.brand_name
    ], E'\n')
  from public.event_follows people
  join auth.users u on u.id = people.user_id
  where people.event_id = new.id and u.email is not null and private.is_email(u.email)
    and not exists (select 1 from public.bookings b
                    where b.event_id = new.id and b.user_id = people.user_id and b.status <> 'cancelled')
  order by lower(u.email);
  perform pg_notify('outbound_mail', '');
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.refund_cancelled_departure()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.card_refund_requests (payment_id, amount_cents, reason, requested_by)
  select p.id, private.card_refundable_cents(p.id), 'We cancelled the trip: the whole payment goes back.',
         (select pr.id from public.profiles pr where pr.id = auth.uid())
  from public.payments p
  join public.bookings b on b.id = p.booking_id
  where b.event_id = new.id and b.status <> 'cancelled' and p.method = 'card'
    and private.card_refundable_cents(p.id) > 0;
  if found then
    perform private.wake_card_refunds();
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION public.request_card_refund(p_payment_id uuid, p_amount_cents integer, p_reason text)
 RETURNS card_refund_requests
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  payment public.payments;
  refundable bigint;
  request public.card_refund_requests;
begin
  if not private.is_admin() then
    raise exception 'only admins refund payments' using errcode = '42501';
  end if;
  -- The payment's row is the lock two refunds of it queue on (refund_within_payment takes it too).
  select * into payment from public.payments where id = p_payment_id for update;
  if not found then
    raise exception 'no such payment' using errcode = 'P0002';
  end if;
  if payment.method <> 'card' then
    raise exception 'This payment was a bank transfer: refund it from the bank account, not by card.' using errcode = '22023';
  end if;
  refundable := private.card_refundable_cents(payment.id);
  if refundable <= 0 then
    raise exception 'This payment has been refunded in full.' using errcode = '22023';
  end if;
  if p_amount_cents is not null and p_amount_cents < 1 then
    raise exception 'A refund is at least $0.01.' using errcode = '22023';
  end if;
  if p_amount_cents > refundable then
    raise exception 'That is more than is left to refund on this payment (%).', private.money_text(refundable)
      using errcode = '22023';
  end if;
  if p_reason is null or btrim(p_reason) = '' then
    raise exception 'Say why the money is going back.' using errcode = '22023';
  end if;
  if char_length(btrim(p_reason)) > 300 then
    raise exception 'Keep the reason to 300 characters.' using errcode = '22023';
  end if;
  insert into public.card_refund_requests (payment_id, amount_cents, reason, requested_by)
  values (payment.id, coalesce(p_amount_cents, refundable), btrim(p_reason), auth.uid())
  returning * into request;
  return request;
end
$function$
;

CREATE TRIGGER settle_cancelled_departure AFTER UPDATE OF status ON public.events FOR EACH ROW WHEN (((new.status = 'cancelled'::event_status) AND (old.status IS DISTINCT FROM 'cancelled'::event_status))) EXECUTE FUNCTION private.settle_cancelled_departure();

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.payment_refunds FOR EACH ROW EXECUTE FUNCTION private.audit_change('reference', 'refund');

comment on table "public"."payment_refunds" is 'Refunds of payments, written by apply_stripe_event and record_bank_refund only.';

comment on column "public"."payment_refunds"."reference" is 'A refund paid by bank transfer: the reference on the company''s transfer.';

comment on column "public"."payment_refunds"."recorded_by" is 'The admin who recorded a bank refund (null for Stripe''s refunds).';

comment on column "public"."booking_cancellations"."kept_cents" is 'What the company keeps: at least the deposit received (non-refundable under the terms), nothing when the company cancelled.';

comment on column "public"."booking_cancellations"."kind" is 'member: the member''s cancellation (the deposit is kept); company: the company cancelled the departure (everything goes back).';

-- What migra does not write: who may call the new functions, and the member's data part.
REVOKE ALL ON FUNCTION private.export_refunds_as_staff(member uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.forget_refunds_as_staff(member uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.payments_left_to_refund(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.payments_left_to_refund(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.settle_cancelled_departure() FROM PUBLIC;
REVOKE ALL ON FUNCTION public.admin_bank_refunds_due(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_bank_refunds_due(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_bank_refunds_due(p_booking_id uuid) TO service_role;
REVOKE ALL ON FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) TO authenticated;
GRANT ALL ON FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) TO service_role;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('refunds_as_staff', 186, '{public.payment_refunds.recorded_by,public.card_refund_requests.requested_by}');
