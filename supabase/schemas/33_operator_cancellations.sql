-- When the company cancels a departure (issue 22, decision 0096): every booking on it that is not already
-- cancelled is cancelled by the company, with everything it paid going back (booking_cancellations.kind
-- 'company'); its member gets one e-mail about it; AutoPay stops; open waitlist offers end. Card payments go
-- back through Stripe (private.refund_cancelled_departure, decision 0090); bank transfers are paid back by
-- hand, from the list admin_bank_refunds_due, and recorded with record_bank_refund in the same ledger as
-- card refunds (public.payment_refunds), so what a booking has paid stays its payments less its refunds.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261205003001_operator_cancellations:
--   A departure the company cancels cancels its bookings with everything refunded, e-mails each member once,
--   stops AutoPay and ends waitlist offers; bank transfers to pay back are listed and recorded as refunds.

-- ---------------------------------------------------------------- the member's e-mail

-- Tells a member that the company cancelled their booking's departure and how their money comes back: card
-- payments to the card, automatically; bank transfers to their bank account, for which the company needs
-- the account's details (a reply). The one e-mail such a member gets about the cancellation: the event's
-- own cancellation e-mail (private.mail_event_cancelled) leaves them out. Its subject starts as that one's.
CREATE FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(b.user_id) who;
  if settings is null or b.id is null or recipient is null then
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
$$;

REVOKE ALL ON FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_company_cancellation_mail(p_booking_id uuid) TO service_role;

-- ---------------------------------------------------------------- what is left to pay back

-- Each payment of a booking with what has not gone back of it yet: the payment and its card surcharge less
-- their recorded refunds (a card refund counts once Stripe reports it; a bank transfer has no surcharge).
-- The ledger is the one source: nothing here is stored.
CREATE FUNCTION private.payments_left_to_refund(p_booking_id uuid) RETURNS TABLE(payment_id uuid, method text, due_cents bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p.id, p.method,
         p.amount_cents + p.surcharge_cents
           - coalesce((select sum(r.amount_cents + r.surcharge_cents) from public.payment_refunds r
                       where r.payment_id = p.id), 0)
  from public.payments p where p.booking_id = p_booking_id
$$;

REVOKE ALL ON FUNCTION private.payments_left_to_refund(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.payments_left_to_refund(p_booking_id uuid) TO service_role;

-- ---------------------------------------------------------------- the departure's bookings

-- When a departure becomes cancelled: each booking on it not already cancelled is cancelled by the company
-- (a booking_cancellations row of kind 'company': all it had received goes back, nothing is kept or
-- credited), its hold ends, its member is e-mailed, its AutoPay is turned off (an unsent charge fails with a
-- reason); every open waitlist offer for the departure is withdrawn. The trigger's name puts it after
-- mail_cancellation and refund_cancelled_departure (triggers fire in name order), which read the bookings
-- still live: the follower e-mail leaves their members out and the card refunds are asked for first.
-- A booking being made meanwhile waits on the departure's row (book_departure locks it) and is then refused,
-- the departure being no longer published; one made before is cancelled here.
CREATE FUNCTION private.settle_cancelled_departure() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION private.settle_cancelled_departure() FROM PUBLIC;

CREATE TRIGGER settle_cancelled_departure AFTER UPDATE OF status ON public.events FOR EACH ROW WHEN (((new.status = 'cancelled'::public.event_status) AND (old.status IS DISTINCT FROM 'cancelled'::public.event_status))) EXECUTE FUNCTION private.settle_cancelled_departure();

-- ---------------------------------------------------------------- bank transfers to pay back

-- The bank transfers the company owes back by hand: each bank-transfer payment of a booking the company
-- cancelled with money still to go back, with who paid it (the member, their e-mail), the booking's
-- reference and invoice, the departure, and how much is left to pay back. p_booking_id: one booking's
-- (the booking page), else every booking's (/admin/bookings), oldest departure first. Admins only.
CREATE FUNCTION public.admin_bank_refunds_due(p_booking_id uuid DEFAULT NULL::uuid) RETURNS TABLE(booking_id uuid, invoice_number text, bank_reference text, member_name text, member_email text, event_id uuid, event_title text, event_start date, payment_id uuid, received_on date, payment_reference text, amount_cents integer, due_cents integer, currency text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION public.admin_bank_refunds_due(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_bank_refunds_due(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_bank_refunds_due(p_booking_id uuid) TO service_role;

-- An admin records a bank transfer paid back to the member: a refund of one bank-transfer payment of a
-- booking the company cancelled, with the reference on the company's transfer, in the ledger
-- (public.payment_refunds, recorded_by the admin). Refused in words: not an admin (42501), no such payment
-- (P0002), a card payment (Stripe refunds it), a booking the company did not cancel, nothing left, an amount
-- out of range, no reference or one over 100 characters (22023). The payment's row is the lock two admins
-- recording at once queue on, so the refunds never add up to more than the payment.
CREATE FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) RETURNS public.payment_refunds
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) TO authenticated;
GRANT ALL ON FUNCTION public.record_bank_refund(p_payment_id uuid, p_amount_cents integer, p_reference text) TO service_role;

-- A bank refund an admin records lands in the audit log (Stripe's refunds, recorded by the service role,
-- have no admin to log).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.payment_refunds FOR EACH ROW EXECUTE FUNCTION private.audit_change('reference', 'refund');

-- ---------------------------------------------------------------- the tax invoice's card surcharges

-- A card payment that carried a surcharge (payments.surcharge_cents, decision 0089) adds its line to the
-- booking's tax invoice (private.invoice_content): a new version is issued at commit, as for the booking's
-- own changes (decision 0075). Here, not beside the other issuing triggers, because the column is 27's.
CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT ON public.payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((new.surcharge_cents > 0)) EXECUTE FUNCTION private.issue_invoice_version_at_commit();

-- A refund that gave back a card surcharge adds its negative line likewise (decision 0096's amendment).
CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT ON public.payment_refunds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((new.surcharge_cents > 0)) EXECUTE FUNCTION private.issue_invoice_version_at_commit();

-- ---------------------------------------------------------------- the member's data: refunds as staff

-- Refunds the member recorded (bank transfers paid back) or asked for (card refunds) as an admin. They are
-- the company's financial records, so deletion keeps them: the id names nobody once the account is
-- anonymised, and goes (set null) if it is deleted, as for payments recorded (15_member_data.sql).
CREATE FUNCTION private.export_refunds_as_staff(member uuid) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'recorded', coalesce((select jsonb_agg(to_jsonb(r) order by r.refunded_at, r.id)
                          from public.payment_refunds r where r.recorded_by = member), '[]'::jsonb),
    'requested', coalesce((select jsonb_agg(to_jsonb(q) order by q.created_at, q.id)
                           from public.card_refund_requests q where q.requested_by = member), '[]'::jsonb))
$$;

REVOKE ALL ON FUNCTION private.export_refunds_as_staff(member uuid) FROM PUBLIC;

CREATE FUNCTION private.forget_refunds_as_staff(member uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$ select $$;

REVOKE ALL ON FUNCTION private.forget_refunds_as_staff(member uuid) FROM PUBLIC;

INSERT INTO private.member_data_parts (part, "position", member_columns) VALUES ('refunds_as_staff', 186, '{public.payment_refunds.recorded_by,public.card_refund_requests.requested_by}');
