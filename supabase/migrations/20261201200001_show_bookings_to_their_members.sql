-- The member's pages after booking (issue 21, decision 0073): a booking's paid amount is its payments only;
-- members ask to cancel (request_cancellation, e-mailed to the company), tell the company about a bank transfer
-- (payment_notices, pending until a recorded payment of the same amount matches it), and change who travels
-- and their details until a cut-off (events.traveller_changes_close_days, else the company's 30 days),
-- enforced by triggers for members only.

create table "public"."payment_notices" (
    "id" uuid not null default gen_random_uuid(),
    "booking_id" uuid not null,
    "amount_cents" integer not null,
    "paid_on" date not null,
    "note" text,
    "payment_id" uuid,
    "created_at" timestamp with time zone not null default now()
      );


alter table "public"."payment_notices" enable row level security;

alter table "private"."booking_settings" add column "traveller_changes_close_days" smallint not null default 30;

alter table "public"."bookings" add column "cancellation_requested_at" timestamp with time zone;

alter table "public"."bookings" add column "cancellation_reason" text;

alter table "public"."events" add column "traveller_changes_close_days" smallint;

CREATE INDEX payment_notices_booking_id_idx ON public.payment_notices USING btree (booking_id, created_at);

CREATE UNIQUE INDEX payment_notices_payment_id_key ON public.payment_notices USING btree (payment_id);

CREATE UNIQUE INDEX payment_notices_pkey ON public.payment_notices USING btree (id);

alter table "public"."payment_notices" add constraint "payment_notices_pkey" PRIMARY KEY using index "payment_notices_pkey";

alter table "private"."booking_settings" add constraint "booking_settings_traveller_changes_close_days_check" CHECK (((traveller_changes_close_days >= 0) AND (traveller_changes_close_days <= 365))) not valid;

alter table "private"."booking_settings" validate constraint "booking_settings_traveller_changes_close_days_check";

alter table "public"."bookings" add constraint "bookings_cancellation_reason_check" CHECK (((cancellation_reason IS NULL) OR ((cancellation_requested_at IS NOT NULL) AND private.is_message(cancellation_reason) AND (char_length(cancellation_reason) <= 1000)))) not valid;

alter table "public"."bookings" validate constraint "bookings_cancellation_reason_check";

alter table "public"."events" add constraint "events_traveller_changes_close_days_check" CHECK (((traveller_changes_close_days IS NULL) OR ((traveller_changes_close_days >= 0) AND (traveller_changes_close_days <= 365)))) not valid;

alter table "public"."events" validate constraint "events_traveller_changes_close_days_check";

alter table "public"."payment_notices" add constraint "payment_notices_amount_cents_check" CHECK ((amount_cents > 0)) not valid;

alter table "public"."payment_notices" validate constraint "payment_notices_amount_cents_check";

alter table "public"."payment_notices" add constraint "payment_notices_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES bookings(id) ON DELETE CASCADE not valid;

alter table "public"."payment_notices" validate constraint "payment_notices_booking_id_fkey";

alter table "public"."payment_notices" add constraint "payment_notices_note_check" CHECK (((note IS NULL) OR (private.is_message(note) AND (char_length(note) <= 500)))) not valid;

alter table "public"."payment_notices" validate constraint "payment_notices_note_check";

alter table "public"."payment_notices" add constraint "payment_notices_payment_id_fkey" FOREIGN KEY (payment_id) REFERENCES payments(id) ON DELETE SET NULL not valid;

alter table "public"."payment_notices" validate constraint "payment_notices_payment_id_fkey";

alter table "public"."payment_notices" add constraint "payment_notices_payment_id_key" UNIQUE using index "payment_notices_payment_id_key";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.check_payment_notice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  b public.bookings;
  e public.events;
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
  select * into e from public.events where id = b.event_id;
  perform private.queue_company_mail(
    'Payment notice: ' || private.money_text(new.amount_cents) || ' for ' || b.invoice_number,
    array[
      'A member says they paid by bank transfer. Record it when it reaches the account.',
      '',
      private.mail_line('Booking', b.invoice_number || ', ' || e.title),
      private.mail_line('Bank reference', b.bank_reference),
      private.mail_line('Amount', private.money_text(new.amount_cents)),
      private.mail_line('Paid on', to_char(new.paid_on, 'FMDD Mon YYYY')),
      private.mail_line('Note', new.note)
    ],
    (select u.email from auth.users u where u.id = b.user_id)
  );
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.closed_traveller_changes(p_booking_ids uuid[])
 RETURNS TABLE(title text, closed_on date)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select e.title, private.traveller_changes_close_on(e.id)
  from public.bookings b join public.events e on e.id = b.event_id
  where b.id = any (p_booking_ids) and b.user_id = (select auth.uid()) and b.status in ('pending', 'confirmed')
    and private.sydney_today() between private.traveller_changes_close_on(e.id) and e.end_date
  order by 2
  limit 1
$function$
;

CREATE OR REPLACE FUNCTION private.guard_traveller_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  booking_ids uuid[];
  closed record;
begin
  if not private.is_end_user() or private.is_admin() then
    return coalesce(new, old);
  end if;
  if tg_table_name = 'travellers' then
    booking_ids := array(select bt.booking_id from public.booking_travellers bt where bt.traveller_id = old.id);
  elsif tg_op = 'DELETE' then
    booking_ids := array[old.booking_id];
  else
    booking_ids := array[new.booking_id];
  end if;
  select * into closed from private.closed_traveller_changes(booking_ids);
  if found then
    raise exception 'changes to the travellers of % closed on %', closed.title, to_char(closed.closed_on, 'FMDD Mon YYYY')
      using errcode = '22023', hint = 'Contact us and we will make the change for you.';
  end if;
  return coalesce(new, old);
end
$function$
;

CREATE OR REPLACE FUNCTION private.match_payment_notice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.payment_notices n set payment_id = new.id
  where n.id = (select x.id from public.payment_notices x
                where x.booking_id = new.booking_id and x.payment_id is null and x.amount_cents = new.amount_cents
                order by x.created_at, x.id limit 1);
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.money_text(p_cents bigint)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '$' || to_char(p_cents / 100.0, 'FM999,999,990.00')
$function$
;

CREATE OR REPLACE FUNCTION private.traveller_changes_close_on(p_event_id uuid)
 RETURNS date
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select e.start_date - coalesce(e.traveller_changes_close_days, s.traveller_changes_close_days)
  from public.events e cross join private.booking_settings s
  where e.id = p_event_id
$function$
;

CREATE OR REPLACE FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text DEFAULT NULL::text)
 RETURNS bookings
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member uuid := auth.uid();
  reason text := nullif(private.trim_space(p_reason), '');
  b public.bookings;
  e public.events;
  who record;
begin
  perform private.require_live_caller();
  if member is null then
    raise exception 'sign in to ask for a cancellation' using errcode = '42501';
  end if;
  select * into b from public.bookings where id = p_booking_id and user_id = member for update;
  if not found then
    raise exception 'no such booking' using errcode = 'P0002';
  end if;
  if b.status not in ('pending', 'confirmed') then
    raise exception '%', case b.status when 'cancelled' then 'this booking is already cancelled'
                              else 'this trip is over: it can no longer be cancelled' end
      using errcode = '22023';
  end if;
  if b.cancellation_requested_at is not null then
    raise exception 'you asked to cancel this booking on %',
      to_char(b.cancellation_requested_at at time zone 'Australia/Sydney', 'FMDD Mon YYYY')
      using errcode = '22023', hint = 'We will be in touch about it.';
  end if;
  if reason is not null and (not private.is_message(reason) or char_length(reason) > 1000) then
    raise exception 'the reason must be 1000 characters or fewer, without control characters' using errcode = '22023';
  end if;
  update public.bookings set cancellation_requested_at = now(), cancellation_reason = reason
  where id = b.id
  returning * into b;
  select * into e from public.events where id = b.event_id;
  select p.full_name, u.email into who
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = member;
  perform private.queue_company_mail(
    'Cancellation request: ' || b.invoice_number || ', ' || e.title,
    array[
      'A member asked to cancel their booking. It stays booked until you cancel it.',
      '',
      private.mail_line('Booking', b.invoice_number || ' (' || b.status || ')'),
      private.mail_line('Trip', e.title || ', departing ' || to_char(e.start_date, 'FMDD Mon YYYY')),
      private.mail_line('Member', who.full_name),
      private.mail_line('E-mail', who.email),
      private.mail_line('Travellers', b.travellers::text),
      private.mail_line('Paid so far', private.money_text(private.booking_paid_cents(b.id))),
      private.mail_line('Deposit (kept)', private.money_text(b.deposit_cents)),
      private.mail_line('Reason', reason),
      '',
      'Cancel it on the admin bookings screen, with a refund or a credit of what was paid after the deposit.'
    ],
    who.email
  );
  return b;
end
$function$
;

CREATE OR REPLACE FUNCTION public.traveller_changes_close_on(p_booking_id uuid)
 RETURNS date
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.traveller_changes_close_on(b.event_id)
  from public.bookings b
  where b.id = p_booking_id and (b.user_id = (select auth.uid()) or private.is_admin())
$function$
;

CREATE OR REPLACE FUNCTION public.admin_overview()
 RETURNS TABLE(today date, members integer, new_members_this_month integer, upcoming_count integer, active_count integer, waitlist_total integer, interest_total integer, flagged_comments integer, unanswered_messages integer, money overview_money[], upcoming overview_departure[], weeks overview_week[])
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  sydney_now timestamp := now() at time zone 'Australia/Sydney';
  sydney_today date := sydney_now::date;
  month_start timestamptz := date_trunc('month', sydney_now) at time zone 'Australia/Sydney';
  first_week date := (date_trunc('week', sydney_now) - interval '11 weeks')::date;
begin
  perform private.require_admin('read the overview');

  return query
  with
  upcoming as (
    select e.id, e.title, e.slug, e.start_date, e.max_registrations
    from public.events e
    where e.status = 'published' and e.start_date >= sydney_today
  ),
  sold as (
    select b.event_id, sum(b.travellers)::int as places
    from public.bookings b
    where b.status <> 'cancelled' and b.event_id in (select id from upcoming)
    group by b.event_id
  ),
  waiting as (
    select w.event_id, count(*)::int as entries
    from public.waitlist_submissions w
    where w.event_id in (select id from upcoming)
    group by w.event_id
  ),
  interested as (
    select i.event_id, count(*)::int as entries
    from public.interest_registrations i
    where i.event_id in (select id from upcoming)
    group by i.event_id
  ),
  -- Paid is what booking_balances calls paid: the payments received (decision 0073).
  balances as (
    select b.currency, b.status,
      coalesce((select sum(p.amount_cents) from public.payments p where p.booking_id = b.id), 0)::bigint as paid,
      b.total_cents::bigint as total
    from public.bookings b
  ),
  money as (
    select currency,
      sum(paid)::bigint as collected_cents,
      -- A cancelled booking owes nothing more.
      (sum(total - paid) filter (where status <> 'cancelled'))::bigint as outstanding_cents
    from balances
    group by currency
  ),
  weeks as (
    select gs::date as week_start
    from generate_series(first_week::timestamp, (first_week + 77)::timestamp, interval '1 week') as gs
  ),
  signups as (
    select (date_trunc('week', p.created_at at time zone 'Australia/Sydney'))::date as week_start,
      count(*)::int as n
    from public.profiles p
    where p.created_at >= (first_week::timestamp at time zone 'Australia/Sydney')
    group by 1
  ),
  booked as (
    select (date_trunc('week', b.created_at at time zone 'Australia/Sydney'))::date as week_start,
      count(*)::int as n
    from public.bookings b
    where b.created_at >= (first_week::timestamp at time zone 'Australia/Sydney')
    group by 1
  )
  select
    sydney_today,
    (select count(*) from public.profiles)::integer,
    (select count(*) from public.profiles p where p.created_at >= month_start)::integer,
    (select count(*) from upcoming)::integer,
    -- Running now or departing within 60 days: what /admin/active-events lists.
    (
      select count(*) from public.events e
      where e.status = 'published' and e.end_date >= sydney_today and e.start_date <= sydney_today + 60
    )::integer,
    (select count(*) from public.waitlist_submissions)::integer,
    (select count(*) from public.interest_registrations)::integer,
    (
      select count(*) from (
        select f.comment_id, f.reply_id from public.comment_flags f
        left join public.comments c on c.id = f.comment_id
        left join public.comment_replies r on r.id = f.reply_id
        where not coalesce(c.is_deleted, r.is_deleted, true)
        group by f.comment_id, f.reply_id
      ) open_flags
    )::integer,
    (select count(*) from public.contact_messages m where m.handled_at is null)::integer,
    array(
      select row(m.currency, m.collected_cents, coalesce(m.outstanding_cents, 0))::public.overview_money
      from money m order by m.currency
    ),
    array(
      select row(u.id, u.title, u.slug, u.start_date, u.max_registrations, coalesce(s.places, 0),
                 coalesce(w.entries, 0), coalesce(i.entries, 0))::public.overview_departure
      from upcoming u
      left join sold s on s.event_id = u.id
      left join waiting w on w.event_id = u.id
      left join interested i on i.event_id = u.id
      order by u.start_date, u.title
    ),
    array(
      select row(wk.week_start, coalesce(su.n, 0), coalesce(bk.n, 0))::public.overview_week
      from weeks wk
      left join signups su on su.week_start = wk.week_start
      left join booked bk on bk.week_start = wk.week_start
      order by wk.week_start
    );
end
$function$
;

create or replace view "public"."booking_balances" with (security_invoker = true) as  SELECT b.id AS booking_id,
    b.total_cents,
    paid.cents AS paid_cents,
    (b.total_cents - paid.cents) AS remaining_cents
   FROM (bookings b
     CROSS JOIN LATERAL ( SELECT (COALESCE(( SELECT sum(p.amount_cents) AS sum
                   FROM payments p
                  WHERE (p.booking_id = b.id)), (0)::bigint))::integer AS cents) paid);


grant select on table "public"."payment_notices" to "authenticated";

grant delete on table "public"."payment_notices" to "service_role";

grant insert on table "public"."payment_notices" to "service_role";

grant references on table "public"."payment_notices" to "service_role";

grant select on table "public"."payment_notices" to "service_role";

grant trigger on table "public"."payment_notices" to "service_role";

grant truncate on table "public"."payment_notices" to "service_role";

grant update on table "public"."payment_notices" to "service_role";


  create policy "payment_notices_insert_authenticated"
  on "public"."payment_notices"
  as permissive
  for insert
  to authenticated
with check ((EXISTS ( SELECT 1
   FROM bookings b
  WHERE ((b.id = payment_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))));



  create policy "payment_notices_select_authenticated"
  on "public"."payment_notices"
  as permissive
  for select
  to authenticated
using (((EXISTS ( SELECT 1
   FROM bookings b
  WHERE ((b.id = payment_notices.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));


CREATE TRIGGER guard_traveller_changes BEFORE INSERT OR DELETE ON public.booking_travellers FOR EACH ROW EXECUTE FUNCTION private.guard_traveller_changes();

CREATE TRIGGER check_payment_notice BEFORE INSERT ON public.payment_notices FOR EACH ROW EXECUTE FUNCTION private.check_payment_notice();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.payment_notices FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER match_payment_notice AFTER INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION private.match_payment_notice();

CREATE TRIGGER guard_traveller_changes BEFORE DELETE OR UPDATE ON public.travellers FOR EACH ROW EXECUTE FUNCTION private.guard_traveller_changes();

-- By hand: what migra does not write (comments, function privileges, column grants).

COMMENT ON TABLE private.booking_settings IS 'The company''s booking rules: deposit, hold, balance due date, terms version, traveller cut-off (one row; operators only).';

COMMENT ON COLUMN public.events.traveller_changes_close_days IS 'Members may change who travels and their details until this many days before departure (null: the company''s, private.booking_settings).';

COMMENT ON COLUMN public.bookings.cancellation_requested_at IS 'When the member asked to cancel (public.request_cancellation); the company then cancels it.';

COMMENT ON COLUMN public.bookings.cancellation_reason IS 'The member''s reason for asking to cancel, if they gave one.';

COMMENT ON TABLE public.payment_notices IS 'A member''s word that they paid by bank transfer; pending until a recorded payment matches it.';

COMMENT ON COLUMN public.payment_notices.paid_on IS 'The day (Sydney) the member says they made the transfer.';

COMMENT ON COLUMN public.payment_notices.payment_id IS 'The recorded payment that matched the notice (null: pending).';

GRANT INSERT(booking_id) ON TABLE public.payment_notices TO authenticated;
GRANT INSERT(amount_cents) ON TABLE public.payment_notices TO authenticated;
GRANT INSERT(paid_on) ON TABLE public.payment_notices TO authenticated;
GRANT INSERT(note) ON TABLE public.payment_notices TO authenticated;

REVOKE ALL ON FUNCTION private.traveller_changes_close_on(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.traveller_changes_close_on(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.traveller_changes_close_on(p_event_id uuid) TO service_role;

REVOKE ALL ON FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION private.closed_traveller_changes(p_booking_ids uuid[]) TO service_role;

REVOKE ALL ON FUNCTION public.traveller_changes_close_on(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.traveller_changes_close_on(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.traveller_changes_close_on(p_booking_id uuid) TO service_role;

REVOKE ALL ON FUNCTION private.money_text(p_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.money_text(p_cents bigint) TO service_role;

REVOKE ALL ON FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.request_cancellation(p_booking_id uuid, p_reason text) TO service_role;

REVOKE ALL ON FUNCTION private.check_payment_notice() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.match_payment_notice() FROM PUBLIC;
