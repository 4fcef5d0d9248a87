-- /admin/bookings: the list, one booking with its history, a payment's preview, cancellation with refund or
-- credit, and resending a booking's e-mails (issue 21, decision 0074).
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261201300001_cancel_and_list_bookings:
--   The admin's bookings screens (decision 0074). A cancellation is a row of its own that splits what the
--   booking had received into what the company keeps (the deposit, non-refundable under the terms, and
--   whatever the admin does not give back), what it refunds and what it credits to the member, and a CHECK
--   makes the three add up to the money received. Payments stay the money received; nothing is rewritten.
--   A credit is a row of member_credits the member reads, for a later booking.

-- ---------------------------------------------------------------- public.booking_cancellations

-- One row per cancelled booking: the money received when it was cancelled and where it went. kept + refunded
-- + credited = received. kind 'member': the member's cancellation (cancel_booking writes it), the deposit is
-- always kept; kind 'company': the company cancelled the departure (decision 0096), everything goes back.
CREATE TABLE public.booking_cancellations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    paid_cents integer NOT NULL,
    deposit_cents integer NOT NULL,
    kept_cents integer NOT NULL,
    refund_cents integer NOT NULL,
    credit_cents integer NOT NULL,
    reason text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    kind text DEFAULT 'member'::text NOT NULL,
    CONSTRAINT booking_cancellations_kind_check CHECK ((kind = ANY (ARRAY['member'::text, 'company'::text]))),
    CONSTRAINT booking_cancellations_company_refunds_all CHECK (((kind = 'member'::text) OR ((kept_cents = 0) AND (credit_cents = 0)))),
    CONSTRAINT booking_cancellations_amounts_check CHECK (((paid_cents >= 0) AND (deposit_cents >= 0) AND (kept_cents >= 0) AND (refund_cents >= 0) AND (credit_cents >= 0))),
    CONSTRAINT booking_cancellations_adds_up CHECK ((((kept_cents + refund_cents) + credit_cents) = paid_cents)),
    CONSTRAINT booking_cancellations_deposit_kept CHECK (((kind = 'company'::text) OR (kept_cents >= LEAST(paid_cents, deposit_cents)))),
    CONSTRAINT booking_cancellations_reason_check CHECK (private.is_message(reason))
);

COMMENT ON TABLE public.booking_cancellations IS 'How a cancelled booking''s money was settled: kept, refunded, credited (cancel_booking only).';

COMMENT ON COLUMN public.booking_cancellations.paid_cents IS 'What the booking had received when it was cancelled (booking_balances.paid_cents then).';

COMMENT ON COLUMN public.booking_cancellations.kept_cents IS 'What the company keeps: at least the deposit received (non-refundable under the terms), nothing when the company cancelled.';

COMMENT ON COLUMN public.booking_cancellations.kind IS 'member: the member''s cancellation (the deposit is kept); company: the company cancelled the departure (everything goes back).';

ALTER TABLE ONLY public.booking_cancellations
    ADD CONSTRAINT booking_cancellations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.booking_cancellations
    ADD CONSTRAINT booking_cancellations_booking_id_key UNIQUE (booking_id);

ALTER TABLE ONLY public.booking_cancellations
    ADD CONSTRAINT booking_cancellations_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE RESTRICT;

ALTER TABLE public.booking_cancellations ENABLE ROW LEVEL SECURITY;

CREATE POLICY booking_cancellations_select_authenticated ON public.booking_cancellations FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = booking_cancellations.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.booking_cancellations TO service_role;
GRANT SELECT ON TABLE public.booking_cancellations TO authenticated;

-- Admin changes land in the audit log.
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.booking_cancellations FOR EACH ROW EXECUTE FUNCTION private.audit_change('reason', 'cancellation');

-- ---------------------------------------------------------------- public.member_credits

-- Credit the company owes a member toward a later booking, from a cancelled booking of theirs (cancel_booking
-- writes it). The member is the booking's, so the table names nobody itself; spending a credit comes later.
CREATE TABLE public.member_credits (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    amount_cents integer NOT NULL,
    currency text NOT NULL,
    reason text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT member_credits_amount_cents_check CHECK ((amount_cents > 0)),
    CONSTRAINT member_credits_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT member_credits_reason_check CHECK (private.is_message(reason))
);

COMMENT ON TABLE public.member_credits IS 'Credit toward a later booking, from the cancelled booking booking_id (whose member it is).';

ALTER TABLE ONLY public.member_credits
    ADD CONSTRAINT member_credits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.member_credits
    ADD CONSTRAINT member_credits_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE RESTRICT;

CREATE INDEX member_credits_booking_id_idx ON public.member_credits USING btree (booking_id);

ALTER TABLE public.member_credits ENABLE ROW LEVEL SECURITY;

CREATE POLICY member_credits_select_authenticated ON public.member_credits FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = member_credits.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.member_credits TO service_role;
GRANT SELECT ON TABLE public.member_credits TO authenticated;

-- Admin changes land in the audit log.
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.member_credits FOR EACH ROW EXECUTE FUNCTION private.audit_change('reason', 'credit');

-- ---------------------------------------------------------------- functions

-- A booking's state as the admin screens show it: a pending booking is 'held' while its hold lasts (or has
-- none: one an admin typed in keeps its places) and 'expired' after; the other statuses as they are.
CREATE FUNCTION private.booking_state(p_status public.booking_status, p_hold_expires_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when p_status <> 'pending' then p_status::text
              when p_hold_expires_at is not null and p_hold_expires_at <= now() then 'expired'
              else 'held' end
$$;

REVOKE ALL ON FUNCTION private.booking_state(p_status public.booking_status, p_hold_expires_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_state(p_status public.booking_status, p_hold_expires_at timestamp with time zone) TO service_role;

-- Cents as the e-mails write them: private.mail_money, beside the confirmation e-mail (16_booking_extras.sql).

-- /admin/bookings: one page of every booking, with its member, departure and figures, and how many match.
-- search: the member's name or e-mail, the invoice number or the bank reference; filter: the shown state
-- ('held', 'expired', 'confirmed', 'cancelled', 'completed'; '' all); event: one departure (null: all).
-- Paid is booking_balances' (money received); left is what is still to pay, nothing once cancelled.
CREATE FUNCTION public.admin_bookings(search text DEFAULT ''::text, filter text DEFAULT ''::text, event uuid DEFAULT NULL::uuid, sort text DEFAULT 'created'::text, direction text DEFAULT 'desc'::text, page_size integer DEFAULT 25, page_offset integer DEFAULT 0) RETURNS TABLE(id uuid, invoice_number text, bank_reference text, member_id uuid, member_name text, member_email text, event_id uuid, event_title text, event_start date, travellers integer, total_cents integer, paid_cents integer, left_cents integer, currency text, state text, created_at timestamp with time zone, total_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  perform private.require_admin('list bookings');
  perform private.check_list_arguments('bookings list', sort,
                                       array['invoice', 'member', 'event', 'travellers', 'total', 'paid', 'left',
                                             'status', 'created'],
                                       direction, page_size, page_offset, search);
  if coalesce(filter, '') not in ('', 'held', 'expired', 'confirmed', 'cancelled', 'completed') then
    raise exception 'Show held, expired, confirmed, cancelled or completed bookings, or all of them.'
      using errcode = '22023';
  end if;

  -- The sort column is one of the names checked above, so only a known expression is formatted in.
  return query execute format(
    $sql$
      select r.* , (count(*) over ())::integer
      from (
        select b.id, b.invoice_number, b.bank_reference, b.user_id, p.full_name, u.email::text, e.id, e.title,
               e.start_date, b.travellers::integer, b.total_cents, bb.paid_cents,
               case when b.status = 'cancelled' then 0 else greatest(bb.remaining_cents, 0) end,
               b.currency, private.booking_state(b.status, b.hold_expires_at), b.created_at
        from public.bookings b
        join public.events e on e.id = b.event_id
        join public.booking_balances bb on bb.booking_id = b.id
        left join public.profiles p on p.id = b.user_id
        left join auth.users u on u.id = b.user_id
        where ($1::text is null or p.full_name ilike $1 or u.email ilike $1 or b.invoice_number ilike $1
               or b.bank_reference ilike $1)
          and ($5::uuid is null or b.event_id = $5)
      ) r (id, invoice_number, bank_reference, member_id, member_name, member_email, event_id, event_title,
           event_start, travellers, total_cents, paid_cents, left_cents, currency, state, created_at)
      where ($4::text = '' or r.state = $4)
      order by %1$s %2$s nulls last, r.created_at desc, r.id
      limit $2 offset $3
    $sql$,
    case sort
      when 'invoice' then 'r.invoice_number'
      when 'member' then 'lower(r.member_name)'
      when 'event' then 'r.event_start'
      when 'travellers' then 'r.travellers'
      when 'total' then 'r.total_cents'
      when 'paid' then 'r.paid_cents'
      when 'left' then 'r.left_cents'
      when 'status' then 'r.state'
      else 'r.created_at'
    end,
    direction
  ) using private.search_pattern(search), page_size, page_offset, coalesce(filter, ''), event;
end
$_$;

REVOKE ALL ON FUNCTION public.admin_bookings(search text, filter text, event uuid, sort text, direction text, page_size integer, page_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_bookings(search text, filter text, event uuid, sort text, direction text, page_size integer, page_offset integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_bookings(search text, filter text, event uuid, sort text, direction text, page_size integer, page_offset integer) TO service_role;

-- One booking's figures and who holds it, for /admin/bookings/$bookingId (the rest is read through the
-- API): the member's e-mail (auth.users), what was received, what is left and the shown state.
CREATE FUNCTION public.admin_booking(p_booking_id uuid) RETURNS TABLE(member_name text, member_email text, paid_cents integer, left_cents integer, state text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read a booking');
  return query
  select p.full_name, u.email::text, bb.paid_cents,
         case when b.status = 'cancelled' then 0 else greatest(bb.remaining_cents, 0) end,
         private.booking_state(b.status, b.hold_expires_at)
  from public.bookings b
  join public.booking_balances bb on bb.booking_id = b.id
  left join public.profiles p on p.id = b.user_id
  left join auth.users u on u.id = b.user_id
  where b.id = p_booking_id;
end
$$;

REVOKE ALL ON FUNCTION public.admin_booking(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_booking(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_booking(p_booking_id uuid) TO service_role;

-- A booking's history: the audit log's rows of the booking, and of its instalments, payments, cancellation
-- and credits (found by their booking_id, so an instalment since replaced is still there), and the payment
-- reminders sent (action 'send', no actor: the daily job sent them; decision 0081), newest first.
CREATE FUNCTION public.admin_booking_history(p_booking_id uuid) RETURNS TABLE(id bigint, at timestamp with time zone, actor_id uuid, actor_name text, actor_email text, entity text, entity_id text, entity_noun text, entity_label text, action text, before jsonb, after jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read a booking''s history');
  return query
  select l.id, l.at, l.actor_id, l.actor_name, l.actor_email, l.entity, l.entity_id, coalesce(l.entity_noun, replace(l.entity, '_', ' ')),
         l.entity_label, l.action, l.before, l.after
  from public.audit_log l
  where (l.entity = 'bookings' and l.entity_id = p_booking_id::text)
     or (l.entity in ('booking_installments', 'payments', 'booking_cancellations', 'member_credits')
         and coalesce(l.after ->> 'booking_id', l.before ->> 'booking_id') = p_booking_id::text)
  union all
  select r.id, r.sent_at, null::uuid, 'Automatic reminder', null::text, 'payment_reminders', r.id::text, 'payment reminder',
         case r.kind when 'before' then 'ahead of ' when 'due' then 'on the due date, ' else r.sequence || ', overdue since ' end
           || private.mail_date(r.due_date) || ': ' || private.mail_money(r.amount_cents, b.currency),
         'send', null::jsonb,
         jsonb_build_object('kind', r.kind, 'sequence', r.sequence, 'due_date', r.due_date,
                            'amount_cents', r.amount_cents, 'sent_on', r.sent_on)
  from public.payment_reminders r join public.bookings b on b.id = r.booking_id
  where r.booking_id = p_booking_id
  union all
  -- AutoPay's charges once settled (decision 0088): 'charge' succeeded, 'charge_failed' with the reason.
  select row_number() over (order by a.created_at, a.id), a.settled_at, null::uuid, 'AutoPay', null::text, 'autopay_attempts', a.id::text, 'AutoPay charge',
         'for ' || private.mail_date(a.due_date) || ': ' || private.mail_money(a.amount_cents, a.currency)
           || coalesce(' (' || a.failure_message || ')', ''),
         case a.state when 'succeeded' then 'charge' else 'charge_failed' end, null::jsonb,
         jsonb_build_object('state', a.state, 'due_date', a.due_date, 'amount_cents', a.amount_cents,
                            'failure_code', a.failure_code, 'stripe_payment_intent', a.stripe_payment_intent)
  from public.autopay_attempts a
  where a.booking_id = p_booking_id and a.state <> 'pending'
  order by 2 desc, 1 desc
  limit 500;
end
$$;

REVOKE ALL ON FUNCTION public.admin_booking_history(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_booking_history(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_booking_history(p_booking_id uuid) TO service_role;

-- What record_payment would do with p_amount_cents, without doing it: each instalment the money reaches, in
-- the order record_payment applies it (due date), with what it had received before, what this payment puts
-- toward it and whether that pays it in full. Refused exactly as record_payment refuses
-- (private.refuse_bank_payment), so the screen shows the refusal before anything is saved.
CREATE FUNCTION public.preview_payment(p_booking_id uuid, p_amount_cents integer) RETURNS TABLE(installment_id uuid, due_date date, amount_cents integer, covered_before_cents integer, covers_cents integer, paid_in_full boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION public.preview_payment(p_booking_id uuid, p_amount_cents integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_payment(p_booking_id uuid, p_amount_cents integer) TO authenticated;
GRANT ALL ON FUNCTION public.preview_payment(p_booking_id uuid, p_amount_cents integer) TO service_role;

-- An admin cancels a booking and settles its money: the deposit received is kept (non-refundable under the
-- terms); of what was received beyond it, p_refund_cents goes back to the member and p_credit_cents becomes
-- a credit toward a later booking (public.member_credits), the rest is kept too. The places are free at once
-- (a cancelled booking takes none). Refused: a booking already cancelled or completed, negative amounts,
-- more than was received beyond the deposit, and no reason. Audited through its rows.
CREATE FUNCTION public.cancel_booking(p_booking_id uuid, p_refund_cents integer, p_credit_cents integer, p_reason text) RETURNS public.booking_cancellations
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  paid bigint;
  beyond bigint;
  why text := private.trim_space(p_reason);
  cancellation public.booking_cancellations;
begin
  perform private.require_admin('cancel a booking');
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if b.status = 'cancelled' then
    raise exception 'this booking is already cancelled' using errcode = '22023';
  end if;
  if b.status = 'completed' then
    raise exception 'this trip has been completed: it cannot be cancelled' using errcode = '22023';
  end if;
  if p_refund_cents is null or p_credit_cents is null or p_refund_cents < 0 or p_credit_cents < 0 then
    raise exception 'the refund and the credit are amounts of 0 cents or more' using errcode = '22023';
  end if;
  if why is null or not private.is_message(why) then
    raise exception 'give a reason for the cancellation (up to 2,000 characters)' using errcode = '22023';
  end if;
  select bb.paid_cents into paid from public.booking_balances bb where bb.booking_id = b.id;
  beyond := greatest(paid - b.deposit_cents, 0);
  if p_refund_cents::bigint + p_credit_cents > beyond then
    raise exception 'the refund and the credit together can be at most the % cents paid beyond the deposit', beyond
      using errcode = '22023', hint = 'The deposit is non-refundable under the terms.';
  end if;
  insert into public.booking_cancellations (booking_id, paid_cents, deposit_cents, kept_cents, refund_cents,
                                            credit_cents, reason)
  values (b.id, paid, b.deposit_cents, paid - p_refund_cents - p_credit_cents, p_refund_cents, p_credit_cents, why)
  returning * into cancellation;
  if p_credit_cents > 0 then
    insert into public.member_credits (booking_id, amount_cents, currency, reason)
    values (b.id, p_credit_cents, b.currency, why);
  end if;
  update public.bookings set status = 'cancelled', hold_expires_at = null where id = b.id;
  return cancellation;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_refund_cents integer, p_credit_cents integer, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_refund_cents integer, p_credit_cents integer, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_refund_cents integer, p_credit_cents integer, p_reason text) TO service_role;

-- An admin sends a booking's confirmation or invoice e-mail to its member again, through the outbox. The
-- confirmation is the one the booking sent (private.queue_booking_confirmation, decision 0077); the invoice
-- is the invoice number, total, paid, left, the bank reference and the links to manage the booking and to
-- read the invoice. Refused: a kind other than 'confirmation' or 'invoice', and a cancelled booking.
CREATE FUNCTION public.resend_booking_email(p_booking_id uuid, p_kind text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION public.resend_booking_email(p_booking_id uuid, p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.resend_booking_email(p_booking_id uuid, p_kind text) TO authenticated;
GRANT ALL ON FUNCTION public.resend_booking_email(p_booking_id uuid, p_kind text) TO service_role;
