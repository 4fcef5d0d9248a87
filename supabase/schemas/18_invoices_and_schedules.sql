-- Tax invoices with versions, and an admin's edits to a booking's payment schedule (issue 21, decision 0075).
--
-- A booking's tax invoice is issued by the database, never by a browser: public.invoice_versions keeps each
-- version as it was issued (its lines, total, GST and who it is billed to, copied at the time), so an old
-- version never changes when the booking does. Version 1 is issued when the transaction that makes a booking
-- commits (book_departure writes the booking, its travellers and its schedule in one transaction); a later
-- version when a transaction that changes the booking's travellers, its total or cancels it commits. The
-- trigger that issues them is a deferred constraint trigger: it runs at commit, once the booking is whole,
-- and issues a version only when what the invoice says differs from the latest one, so a transaction that
-- touches a booking in several statements issues one version, and one that changes nothing on the invoice
-- (a confirmation, a moved due date) issues none.
--
-- Admins edit a schedule through four functions (move_installment, split_installment, merge_installments,
-- waive_amount), each checking the rules and recording what it did in public.schedule_changes; the
-- instalments still add up to the total (installments_sum_to_total), paid instalments stay as they are and
-- nothing falls due after departure. A waiver lowers the booking's total, so it issues a new invoice version
-- with the waiver as a line of its own.

set check_function_bodies = false;

-- ---------------------------------------------------------------- public.schedule_changes

-- What an admin changed in a booking's schedule, in words, and for a waiver the amount and the reason. Written
-- only by the schedule functions below; admins read it (the manage-plan screens), the audit log says who.
CREATE TABLE public.schedule_changes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    kind text NOT NULL,
    summary text NOT NULL,
    amount_cents integer,
    reason text,
    changed_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    CONSTRAINT schedule_changes_kind_check CHECK ((kind = ANY (ARRAY['move'::text, 'split'::text, 'merge'::text, 'waive'::text]))),
    CONSTRAINT schedule_changes_summary_check CHECK (((char_length(summary) >= 1) AND (char_length(summary) <= 500))),
    CONSTRAINT schedule_changes_waiver_check CHECK (((kind = 'waive'::text) = (amount_cents IS NOT NULL))),
    CONSTRAINT schedule_changes_amount_cents_check CHECK (((amount_cents IS NULL) OR (amount_cents > 0))),
    CONSTRAINT schedule_changes_reason_check CHECK (((kind <> 'waive'::text) OR ((reason IS NOT NULL) AND private.is_trimmed(reason) AND (char_length(reason) >= 3) AND (char_length(reason) <= 500))))
);

COMMENT ON TABLE public.schedule_changes IS 'An admin''s changes to a booking''s schedule (move, split, merge, waive), written by the schedule functions only.';

ALTER TABLE ONLY public.schedule_changes
    ADD CONSTRAINT schedule_changes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.schedule_changes
    ADD CONSTRAINT schedule_changes_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE INDEX schedule_changes_booking_id_idx ON public.schedule_changes USING btree (booking_id, changed_at);

ALTER TABLE public.schedule_changes ENABLE ROW LEVEL SECURITY;

CREATE POLICY schedule_changes_select_admin ON public.schedule_changes FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.schedule_changes TO service_role;
GRANT SELECT ON TABLE public.schedule_changes TO authenticated;

CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.schedule_changes FOR EACH ROW EXECUTE FUNCTION private.audit_change('summary', 'schedule change');

-- ---------------------------------------------------------------- public.invoice_versions

-- A booking's tax invoice as issued, version 1 to n. Its member and admins read it; nobody writes it: the
-- deferred trigger below issues each version. bill_to is the member's name and e-mail as they were at the
-- time (a tax invoice of $1,000 or more names its buyer); the lines are [{kind, description, detail,
-- amount_cents}] (kind: 'traveller', 'waiver', 'surcharge' or 'surcharge_refund', the last two with their
-- gst_cents; more kinds may come). GST: a taxable event's price includes 10% GST, total/11 rounded to the cent, and each surcharge
-- line's likewise; a GST-free one has none.
CREATE TABLE public.invoice_versions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid NOT NULL,
    version integer NOT NULL,
    issued_at timestamp with time zone DEFAULT now() NOT NULL,
    invoice_number text NOT NULL,
    bill_to jsonb NOT NULL,
    event_title text NOT NULL,
    departs_on date NOT NULL,
    currency text NOT NULL,
    gst_treatment text NOT NULL,
    lines jsonb NOT NULL,
    total_cents integer NOT NULL,
    gst_cents integer NOT NULL,
    cancelled boolean NOT NULL,
    CONSTRAINT invoice_versions_version_check CHECK ((version >= 1)),
    CONSTRAINT invoice_versions_gst_treatment_check CHECK ((gst_treatment = ANY (ARRAY['taxable'::text, 'gst-free'::text]))),
    CONSTRAINT invoice_versions_gst_cents_check CHECK ((gst_cents >= 0)),
    CONSTRAINT invoice_versions_lines_check CHECK ((jsonb_typeof(lines) = 'array'::text)),
    CONSTRAINT invoice_versions_bill_to_check CHECK ((jsonb_typeof(bill_to) = 'object'::text))
);

COMMENT ON TABLE public.invoice_versions IS 'Each version of a booking''s tax invoice as issued (a snapshot), written by the database only.';

ALTER TABLE ONLY public.invoice_versions
    ADD CONSTRAINT invoice_versions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.invoice_versions
    ADD CONSTRAINT invoice_versions_booking_id_version_key UNIQUE (booking_id, version);

ALTER TABLE ONLY public.invoice_versions
    ADD CONSTRAINT invoice_versions_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

ALTER TABLE public.invoice_versions ENABLE ROW LEVEL SECURITY;

CREATE POLICY invoice_versions_select_authenticated ON public.invoice_versions FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = invoice_versions.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.invoice_versions TO service_role;
GRANT SELECT ON TABLE public.invoice_versions TO authenticated;

-- public.invoice_versions: its functions and triggers

-- What a booking's invoice says now: who it is billed to, the trip, one line per traveller (named, else
-- 'Traveller n', with the room chosen; the price before waivers less the room supplements shared between
-- them, the first lines taking any odd cents, plus the traveller's own supplement), one line per waiver
-- (negative), one line per card surcharge charged (kind 'surcharge', decision 0096: its own GST, as the
-- supply it was charged on is taxed), one negative line per card surcharge given back (kind
-- 'surcharge_refund', with its GST negative: decision 0096's amendment), the total (the surcharges kept
-- included), the GST and whether the booking is cancelled.
CREATE FUNCTION private.invoice_content(p_booking_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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
  surcharge_back bigint;
  surcharge_back_gst bigint;
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
  select lines || coalesce(jsonb_agg(jsonb_build_object(
           'kind', 'surcharge_refund', 'description', 'Card surcharge refunded',
           'detail', 'On the card payment of ' || to_char(p.received_on, 'FMDD Mon YYYY'),
           'amount_cents', -r.surcharge_cents,
           'gst_cents', -private.gst_included_cents(r.surcharge_cents, e.gst_treatment))
         order by r.refunded_at, r.id), '[]'::jsonb),
         coalesce(sum(r.surcharge_cents), 0),
         coalesce(sum(private.gst_included_cents(r.surcharge_cents, e.gst_treatment)), 0)
  into lines, surcharge_back, surcharge_back_gst
  from public.payment_refunds r join public.payments p on p.id = r.payment_id
  where p.booking_id = b.id and r.surcharge_cents > 0;
  return jsonb_build_object(
    'invoice_number', b.invoice_number,
    'bill_to', (select jsonb_build_object('name', coalesce(p.full_name, u.email), 'email', u.email)
                from public.profiles p left join auth.users u on u.id = p.id where p.id = b.user_id),
    'event_title', e.title,
    'departs_on', e.start_date,
    'currency', b.currency,
    'gst_treatment', e.gst_treatment,
    'lines', lines,
    'total_cents', b.total_cents + surcharged - surcharge_back,
    'gst_cents', private.gst_included_cents(b.total_cents, e.gst_treatment) + surcharge_gst - surcharge_back_gst,
    'cancelled', b.status = 'cancelled');
end
$$;

REVOKE ALL ON FUNCTION private.invoice_content(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.invoice_content(p_booking_id uuid) TO service_role;

-- The GST a price includes: a taxable price includes 10% GST, which is 1/11 of it rounded to the cent
-- (half a cent up); a GST-free price includes none.
CREATE FUNCTION private.gst_included_cents(p_total_cents bigint, p_gst_treatment text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select case when p_gst_treatment = 'taxable' then round(p_total_cents::numeric / 11)::integer else 0 end
$$;

REVOKE ALL ON FUNCTION private.gst_included_cents(p_total_cents bigint, p_gst_treatment text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.gst_included_cents(p_total_cents bigint, p_gst_treatment text) TO service_role;

-- Issues the booking's next invoice version when what its invoice says (the lines, the total, cancelled or
-- not) differs from its latest version, or it has none; otherwise does nothing. The booking's row is locked
-- first, so two transactions on one booking number their versions one after the other.
CREATE FUNCTION private.issue_invoice_version(p_booking_id uuid, p_issued_at timestamp with time zone DEFAULT now()) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  content jsonb;
  latest public.invoice_versions;
begin
  perform 1 from public.bookings where id = p_booking_id for update;
  content := private.invoice_content(p_booking_id);
  if content is null then
    return; -- the booking was deleted in the same transaction
  end if;
  select * into latest from public.invoice_versions v
  where v.booking_id = p_booking_id order by v.version desc limit 1;
  if found and latest.lines = content -> 'lines' and latest.total_cents = (content ->> 'total_cents')::integer
     and latest.cancelled = (content ->> 'cancelled')::boolean then
    return;
  end if;
  insert into public.invoice_versions (booking_id, version, issued_at, invoice_number, bill_to, event_title,
                                       departs_on, currency, gst_treatment, lines, total_cents, gst_cents,
                                       cancelled)
  values (p_booking_id, coalesce(latest.version, 0) + 1, p_issued_at, content ->> 'invoice_number',
          content -> 'bill_to', content ->> 'event_title', (content ->> 'departs_on')::date,
          content ->> 'currency', content ->> 'gst_treatment', content -> 'lines',
          (content ->> 'total_cents')::integer, (content ->> 'gst_cents')::integer,
          (content ->> 'cancelled')::boolean);
end
$$;

REVOKE ALL ON FUNCTION private.issue_invoice_version(p_booking_id uuid, p_issued_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.issue_invoice_version(p_booking_id uuid, p_issued_at timestamp with time zone) TO service_role;

-- The deferred trigger: at commit, for the booking a row of bookings, booking_travellers, schedule_changes,
-- payments or payment_refunds (through its payment) belongs to. Security definer: whoever changed the
-- booking, the database writes its invoice.
CREATE FUNCTION private.issue_invoice_version_at_commit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_table_name = 'bookings' then
    perform private.issue_invoice_version(new.id);
  elsif tg_table_name = 'payment_refunds' then
    perform private.issue_invoice_version((select p.booking_id from public.payments p where p.id = new.payment_id));
  elsif tg_op = 'DELETE' then
    perform private.issue_invoice_version(old.booking_id);
  else
    perform private.issue_invoice_version(new.booking_id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.issue_invoice_version_at_commit() FROM PUBLIC;

CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT OR UPDATE OF total_cents, travellers, status, event_id ON public.bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.issue_invoice_version_at_commit();

CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT OR DELETE ON public.booking_travellers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.issue_invoice_version_at_commit();

CREATE CONSTRAINT TRIGGER issue_invoice_version AFTER INSERT ON public.schedule_changes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION private.issue_invoice_version_at_commit();

-- ---------------------------------------------------------------- editing a schedule (admins)

-- The booking of an instalment, locked for the change, with the checks every edit shares: an admin calls,
-- the instalment exists, its booking is not cancelled, and it is not paid.
CREATE FUNCTION private.installment_to_edit(p_installment_id uuid, what text) RETURNS public.booking_installments
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  i public.booking_installments;
begin
  perform private.require_admin('change a payment schedule');
  select * into i from public.booking_installments where id = p_installment_id;
  if not found then
    raise exception 'no such instalment' using errcode = 'P0002';
  end if;
  perform private.booking_to_edit(i.booking_id);
  -- Read again under the booking's lock: a payment recorded meanwhile may have paid it.
  select * into i from public.booking_installments where id = p_installment_id;
  if i.paid_at is not null then
    raise exception 'a paid instalment cannot be %', what using errcode = '22023';
  end if;
  return i;
end
$$;

REVOKE ALL ON FUNCTION private.installment_to_edit(p_installment_id uuid, what text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.installment_to_edit(p_installment_id uuid, what text) TO service_role;

-- The booking, locked until commit (record_payment locks it too, so a payment and an edit never interleave),
-- refused when it is cancelled. Returns its departure date.
CREATE FUNCTION private.booking_to_edit(p_booking_id uuid) RETURNS date
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  departs date;
begin
  select * into b from public.bookings where id = p_booking_id for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if b.status = 'cancelled' then
    raise exception 'this booking is cancelled: its schedule cannot change' using errcode = '22023';
  end if;
  select e.start_date into departs from public.events e where e.id = b.event_id;
  return departs;
end
$$;

REVOKE ALL ON FUNCTION private.booking_to_edit(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.booking_to_edit(p_booking_id uuid) TO service_role;

-- A due date an instalment may have: a day, not after departure.
CREATE FUNCTION private.check_due_date(p_due_date date, p_departs date) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_due_date is null then
    raise exception 'choose the day it falls due' using errcode = '22023';
  end if;
  if p_due_date > p_departs then
    raise exception 'nothing can fall due after departure (%)', to_char(p_departs, 'FMDD Mon YYYY')
      using errcode = '22023';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.check_due_date(p_due_date date, p_departs date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.check_due_date(p_due_date date, p_departs date) TO service_role;

-- Money in words for the change log: $1,234.56.
CREATE FUNCTION private.dollars(p_cents bigint) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '$' || to_char(p_cents / 100.0, 'FM999,999,990.00')
$$;

REVOKE ALL ON FUNCTION private.dollars(p_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.dollars(p_cents bigint) TO service_role;

-- An admin moves an unpaid instalment to another day (not after departure). Returns the booking's schedule.
CREATE FUNCTION public.move_installment(p_installment_id uuid, p_due_date date) RETURNS SETOF public.booking_installments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.booking_installments := private.installment_to_edit(p_installment_id, 'moved');
begin
  perform private.check_due_date(p_due_date, private.booking_to_edit(i.booking_id));
  if p_due_date = i.due_date then
    raise exception 'it already falls due on %', to_char(p_due_date, 'FMDD Mon YYYY') using errcode = '22023';
  end if;
  update public.booking_installments set due_date = p_due_date where id = i.id;
  insert into public.schedule_changes (booking_id, kind, summary)
  values (i.booking_id, 'move', format('Moved %s from %s to %s', private.dollars(i.amount_cents),
          to_char(i.due_date, 'FMDD Mon YYYY'), to_char(p_due_date, 'FMDD Mon YYYY')));
  return query select * from public.booking_installments where booking_id = i.booking_id
               order by due_date, created_at, id;
end
$$;

REVOKE ALL ON FUNCTION public.move_installment(p_installment_id uuid, p_due_date date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.move_installment(p_installment_id uuid, p_due_date date) TO authenticated;
GRANT ALL ON FUNCTION public.move_installment(p_installment_id uuid, p_due_date date) TO service_role;

-- An admin splits an unpaid instalment in two: the first part (p_first_cents, at least a cent, less than the
-- whole) keeps its day, the rest falls due on p_second_due_date (that day or later, not after departure).
CREATE FUNCTION public.split_installment(p_installment_id uuid, p_first_cents integer, p_second_due_date date) RETURNS SETOF public.booking_installments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.booking_installments := private.installment_to_edit(p_installment_id, 'split');
begin
  perform private.check_due_date(p_second_due_date, private.booking_to_edit(i.booking_id));
  if p_first_cents is null or p_first_cents < 1 or p_first_cents >= i.amount_cents then
    raise exception 'split % into two parts of at least 1 cent each', private.dollars(i.amount_cents)
      using errcode = '22023';
  end if;
  if p_second_due_date < i.due_date then
    raise exception 'the second part falls due on or after the first (%)', to_char(i.due_date, 'FMDD Mon YYYY')
      using errcode = '22023';
  end if;
  update public.booking_installments set amount_cents = p_first_cents where id = i.id;
  insert into public.booking_installments (booking_id, due_date, amount_cents)
  values (i.booking_id, p_second_due_date, i.amount_cents - p_first_cents);
  insert into public.schedule_changes (booking_id, kind, summary)
  values (i.booking_id, 'split', format('Split %s due %s into %s due %s and %s due %s',
          private.dollars(i.amount_cents), to_char(i.due_date, 'FMDD Mon YYYY'), private.dollars(p_first_cents),
          to_char(i.due_date, 'FMDD Mon YYYY'), private.dollars(i.amount_cents - p_first_cents),
          to_char(p_second_due_date, 'FMDD Mon YYYY')));
  return query select * from public.booking_installments where booking_id = i.booking_id
               order by due_date, created_at, id;
end
$$;

REVOKE ALL ON FUNCTION public.split_installment(p_installment_id uuid, p_first_cents integer, p_second_due_date date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.split_installment(p_installment_id uuid, p_first_cents integer, p_second_due_date date) TO authenticated;
GRANT ALL ON FUNCTION public.split_installment(p_installment_id uuid, p_first_cents integer, p_second_due_date date) TO service_role;

-- An admin merges two unpaid instalments next to each other in the schedule (due-date order) into one, due
-- on the earlier one's day, for both amounts.
CREATE FUNCTION public.merge_installments(p_first_id uuid, p_second_id uuid) RETURNS SETOF public.booking_installments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  a public.booking_installments := private.installment_to_edit(p_first_id, 'merged');
  b public.booking_installments := private.installment_to_edit(p_second_id, 'merged');
  earlier public.booking_installments;
  later public.booking_installments;
  apart integer;
begin
  if a.booking_id <> b.booking_id or a.id = b.id then
    raise exception 'choose two instalments of the same booking' using errcode = '22023';
  end if;
  earlier := a;
  later := b;
  if (b.due_date, b.created_at, b.id) < (a.due_date, a.created_at, a.id) then
    earlier := b;
    later := a;
  end if;
  select count(*) into apart from public.booking_installments x
  where x.booking_id = a.booking_id
    and (x.due_date, x.created_at, x.id) > (earlier.due_date, earlier.created_at, earlier.id)
    and (x.due_date, x.created_at, x.id) < (later.due_date, later.created_at, later.id);
  if apart > 0 then
    raise exception 'only instalments next to each other can be merged' using errcode = '22023';
  end if;
  delete from public.booking_installments where id = later.id;
  update public.booking_installments set amount_cents = earlier.amount_cents + later.amount_cents
  where id = earlier.id;
  insert into public.schedule_changes (booking_id, kind, summary)
  values (a.booking_id, 'merge', format('Merged %s due %s and %s due %s into %s due %s',
          private.dollars(earlier.amount_cents), to_char(earlier.due_date, 'FMDD Mon YYYY'),
          private.dollars(later.amount_cents), to_char(later.due_date, 'FMDD Mon YYYY'),
          private.dollars(earlier.amount_cents + later.amount_cents), to_char(earlier.due_date, 'FMDD Mon YYYY')));
  return query select * from public.booking_installments where booking_id = a.booking_id
               order by due_date, created_at, id;
end
$$;

REVOKE ALL ON FUNCTION public.merge_installments(p_first_id uuid, p_second_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.merge_installments(p_first_id uuid, p_second_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.merge_installments(p_first_id uuid, p_second_id uuid) TO service_role;

-- An admin waives part of what is left to pay, with a reason: the booking's total goes down by the amount,
-- taken off its unpaid instalments from the last due backwards (an instalment brought to nothing is removed),
-- its deposit is at most the new total, the payments are applied again (a partly paid instalment may now be
-- covered) and, at commit, a new invoice version shows the waiver as a line.
CREATE FUNCTION public.waive_amount(p_booking_id uuid, p_amount_cents integer, p_reason text) RETURNS SETOF public.booking_installments
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  reason text := private.trim_space(p_reason);
  b public.bookings;
  left_to_pay bigint;
  still bigint := p_amount_cents;
  i public.booking_installments;
begin
  perform private.require_admin('change a payment schedule');
  perform private.booking_to_edit(p_booking_id);
  select * into b from public.bookings where id = p_booking_id;
  if reason is null or char_length(reason) < 3 or char_length(reason) > 500 then
    raise exception 'give the reason for the waiver (3 to 500 characters)' using errcode = '22023';
  end if;
  left_to_pay := b.total_cents - (select paid_cents from public.booking_balances where booking_id = b.id);
  if p_amount_cents is null or p_amount_cents < 1 then
    raise exception 'waive an amount of at least 1 cent' using errcode = '22023';
  end if;
  if p_amount_cents > left_to_pay then
    raise exception 'that is more than is left to pay (%)', private.dollars(left_to_pay) using errcode = '22023';
  end if;
  for i in select * from public.booking_installments x where x.booking_id = b.id and x.paid_at is null
           order by x.due_date desc, x.created_at desc, x.id desc loop
    exit when still = 0;
    if i.amount_cents <= still then
      delete from public.booking_installments where id = i.id;
      still := still - i.amount_cents;
    else
      update public.booking_installments set amount_cents = amount_cents - still where id = i.id;
      still := 0;
    end if;
  end loop;
  update public.bookings set total_cents = total_cents - p_amount_cents,
                             deposit_cents = least(deposit_cents, total_cents - p_amount_cents)
  where id = b.id;
  insert into public.schedule_changes (booking_id, kind, summary, amount_cents, reason)
  values (b.id, 'waive', format('Waived %s: %s', private.dollars(p_amount_cents), reason), p_amount_cents, reason);
  perform private.apply_payments(b.id, now());
  return query select * from public.booking_installments where booking_id = b.id
               order by due_date, created_at, id;
end
$$;

REVOKE ALL ON FUNCTION public.waive_amount(p_booking_id uuid, p_amount_cents integer, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.waive_amount(p_booking_id uuid, p_amount_cents integer, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.waive_amount(p_booking_id uuid, p_amount_cents integer, p_reason text) TO service_role;

-- ---------------------------------------------------------------- /admin/manage-plan

-- The bookings whose schedule needs an admin, one page at a time: an unpaid instalment overdue by Sydney's
-- date ('overdue'), a schedule an admin changed in the last 14 days ('changed'), a pending booking whose hold
-- has expired ('expired'), an AutoPay charge that failed in the last 30 days ('autopay', decision 0096: the
-- latest, with its instalment's due date, when, Stripe's reason and whether the member paid since; unfiltered,
-- only one not paid since). filter: one of those, or '' for all of them. Search: invoice number, bank
-- reference, member, e-mail or event. Most urgent first: expired holds, then the oldest overdue day.
CREATE FUNCTION public.admin_schedule_attention(search text DEFAULT ''::text, filter text DEFAULT ''::text, page_size integer DEFAULT 25, page_offset integer DEFAULT 0) RETURNS TABLE(booking_id uuid, invoice_number text, member_name text, member_email text, event_title text, departs_on date, status public.booking_status, total_cents integer, paid_cents integer, currency text, overdue_since date, overdue_cents integer, hold_expired boolean, changed_at timestamp with time zone, autopay_failed_at timestamp with time zone, autopay_due_date date, autopay_failure text, autopay_paid_since boolean, total_count integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  today date := private.sydney_today();
  pattern text;
begin
  perform private.require_admin('see payment schedules');
  perform private.check_page_arguments('asc', page_size, page_offset, search);
  if coalesce(filter, '') not in ('', 'overdue', 'changed', 'expired', 'autopay') then
    raise exception 'The schedules cannot be filtered by "%".', filter using errcode = '22023',
      hint = 'Filter by overdue, changed, expired or autopay.';
  end if;
  pattern := private.search_pattern(search);
  return query
    with facts as (
      select b.id, b.invoice_number, p.full_name, u.email::text as email, e.title, e.start_date, b.status,
             b.total_cents, bal.paid_cents, b.currency,
             (select min(i.due_date) from public.booking_installments i
              where i.booking_id = b.id and i.paid_at is null and i.due_date < today) as overdue_since,
             (select coalesce(sum(i.amount_cents), 0)::integer from public.booking_installments i
              where i.booking_id = b.id and i.paid_at is null and i.due_date < today) as overdue_cents,
             (b.status = 'pending' and b.hold_expires_at <= now()) as hold_expired,
             (select max(c.changed_at) from public.schedule_changes c
              where c.booking_id = b.id and c.changed_at > now() - interval '14 days') as changed_at,
             ap.settled_at as autopay_failed_at, ap.due_date as autopay_due_date,
             ap.failure as autopay_failure, ap.paid_since as autopay_paid_since
      from public.bookings b
      join public.events e on e.id = b.event_id
      join public.booking_balances bal on bal.booking_id = b.id
      left join public.profiles p on p.id = b.user_id
      left join auth.users u on u.id = b.user_id
      -- The latest AutoPay charge that failed in the last 30 days (decision 0096): for which instalment,
      -- when, Stripe's reason, and whether the member has paid since (that instalment is paid now, or a
      -- payment arrived after it).
      left join lateral (
        select a.settled_at, a.due_date, coalesce(a.failure_message, a.failure_code) as failure,
               (i.paid_at is not null
                or exists (select 1 from public.payments pay
                           where pay.booking_id = b.id and pay.created_at > a.settled_at)) as paid_since
        from public.autopay_attempts a
        left join public.booking_installments i on i.id = a.installment_id
        where a.booking_id = b.id and a.state = 'failed' and a.settled_at > now() - interval '30 days'
        order by a.settled_at desc, a.id desc
        limit 1
      ) ap on true
      where b.status <> 'cancelled'
        and (pattern is null or b.invoice_number ilike pattern or b.bank_reference ilike pattern
             or p.full_name ilike pattern or u.email ilike pattern or e.title ilike pattern)
    )
    select f.id, f.invoice_number, f.full_name, f.email, f.title, f.start_date, f.status, f.total_cents,
           f.paid_cents, f.currency, f.overdue_since, f.overdue_cents, f.hold_expired, f.changed_at,
           f.autopay_failed_at, f.autopay_due_date, f.autopay_failure, f.autopay_paid_since,
           (count(*) over ())::integer
    from facts f
    where case coalesce(filter, '')
            when 'overdue' then f.overdue_since is not null
            when 'changed' then f.changed_at is not null
            when 'expired' then f.hold_expired
            when 'autopay' then f.autopay_failed_at is not null
            else f.overdue_since is not null or f.changed_at is not null or f.hold_expired
                 or f.autopay_failed_at is not null and not f.autopay_paid_since
          end
    order by f.hold_expired desc, f.overdue_since asc nulls last, f.changed_at desc nulls last, f.invoice_number
    limit page_size offset page_offset;
end
$$;

REVOKE ALL ON FUNCTION public.admin_schedule_attention(search text, filter text, page_size integer, page_offset integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_schedule_attention(search text, filter text, page_size integer, page_offset integer) TO authenticated;
GRANT ALL ON FUNCTION public.admin_schedule_attention(search text, filter text, page_size integer, page_offset integer) TO service_role;
