-- Issue 22, decision 0095: the differences between Stripe and the ledger that the hourly reconciliation
-- (the stripe-reconcile function, public.reconcile_stripe) finds, an admin's 'Mark resolved', and their
-- open count as a new column of public.admin_overview() (re-created whole: its return type changes).

drop function if exists "public"."admin_overview"();


  create table "public"."stripe_differences" (
    "id" uuid not null default gen_random_uuid(),
    "kind" text not null,
    "stripe_id" text not null,
    "booking_id" uuid,
    "order_id" uuid,
    "currency" text not null,
    "stripe_cents" integer,
    "ledger_cents" integer,
    "found_at" timestamp with time zone not null default now(),
    "seen_at" timestamp with time zone not null default now(),
    "resolved_at" timestamp with time zone,
    "resolved_how" text
      );


COMMENT ON TABLE public.stripe_differences IS 'Differences between Stripe and the ledger found by the hourly reconciliation (reconcile_stripe only).';

alter table "public"."stripe_differences" enable row level security;

CREATE INDEX stripe_differences_booking_id_idx ON public.stripe_differences USING btree (booking_id);

CREATE INDEX stripe_differences_found_at_idx ON public.stripe_differences USING btree (found_at DESC);

CREATE UNIQUE INDEX stripe_differences_open_key ON public.stripe_differences USING btree (kind, stripe_id) WHERE (resolved_at IS NULL);

CREATE INDEX stripe_differences_order_id_idx ON public.stripe_differences USING btree (order_id);

CREATE UNIQUE INDEX stripe_differences_pkey ON public.stripe_differences USING btree (id);

alter table "public"."stripe_differences" add constraint "stripe_differences_pkey" PRIMARY KEY using index "stripe_differences_pkey";

alter table "public"."stripe_differences" add constraint "stripe_differences_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES bookings(id) ON DELETE SET NULL not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_booking_id_fkey";

alter table "public"."stripe_differences" add constraint "stripe_differences_currency_check" CHECK ((currency ~ '^[A-Z]{3}$'::text)) not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_currency_check";

alter table "public"."stripe_differences" add constraint "stripe_differences_kind_check" CHECK ((kind = ANY (ARRAY['payment_not_in_ledger'::text, 'payment_not_in_stripe'::text, 'amount_differs'::text, 'refund_not_in_ledger'::text, 'refund_not_in_stripe'::text]))) not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_kind_check";

alter table "public"."stripe_differences" add constraint "stripe_differences_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders(id) ON DELETE SET NULL not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_order_id_fkey";

alter table "public"."stripe_differences" add constraint "stripe_differences_resolved_check" CHECK (((resolved_at IS NULL) = (resolved_how IS NULL))) not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_resolved_check";

alter table "public"."stripe_differences" add constraint "stripe_differences_resolved_how_check" CHECK ((resolved_how = ANY (ARRAY['cleared'::text, 'marked'::text]))) not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_resolved_how_check";

alter table "public"."stripe_differences" add constraint "stripe_differences_stripe_id_check" CHECK ((stripe_id ~ '^(pi|re)_[A-Za-z0-9_]{1,200}$'::text)) not valid;

alter table "public"."stripe_differences" validate constraint "stripe_differences_stripe_id_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer)
 RETURNS record
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  differences jsonb;
  scope text[];
begin
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'the window runs from p_from to a later p_to' using errcode = '22023';
  end if;
  if jsonb_typeof(p_intents) is distinct from 'array' or jsonb_typeof(p_refunds) is distinct from 'array' then
    raise exception 'p_intents and p_refunds are JSON arrays of Stripe objects' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_intents) i
             where coalesce(i ->> 'id', '') !~ '^pi_[A-Za-z0-9_]{1,200}$'
                or jsonb_typeof(i -> 'amount_received') is distinct from 'number'
                or coalesce(i ->> 'currency', '') !~ '^[a-zA-Z]{3}$')
     or exists (select 1 from jsonb_array_elements(p_refunds) r
                where coalesce(r ->> 'id', '') !~ '^re_[A-Za-z0-9_]{1,200}$'
                   or jsonb_typeof(r -> 'amount') is distinct from 'number'
                   or coalesce(r ->> 'currency', '') !~ '^[a-zA-Z]{3}$') then
    raise exception 'each PaymentIntent has a pi_ id, amount_received and currency; each refund a re_ id, amount and currency'
      using errcode = '22023';
  end if;

  with
  stripe_intents as (
    select i ->> 'id' as id, upper(i ->> 'currency') as currency,
      case when i ->> 'status' = 'succeeded' then (i ->> 'amount_received')::integer end as cents
    from jsonb_array_elements(p_intents) i
  ),
  -- A booking's card payment is its amount and the surcharge on top (decision 0089); an order's, its total.
  ledger_payments as (
    select p.stripe_payment_intent as id, p.booking_id, null::uuid as order_id, b.currency,
      p.amount_cents + p.surcharge_cents as cents, p.created_at as recorded_at
    from public.payments p join public.bookings b on b.id = p.booking_id
    where p.method = 'card'
    union all
    select o.stripe_payment_intent, null, o.id, o.currency, o.total_cents, o.paid_at
    from public.orders o
    where o.stripe_payment_intent is not null and o.paid_at is not null
  ),
  stripe_refunds as (
    select r ->> 'id' as id, upper(r ->> 'currency') as currency, r ->> 'payment_intent' as intent,
      case when r ->> 'status' = 'succeeded' then (r ->> 'amount')::integer end as cents
    from jsonb_array_elements(p_refunds) r
  ),
  ledger_refunds as (
    select r.stripe_refund_id as id, p.booking_id, b.currency, r.amount_cents as cents, r.refunded_at as recorded_at
    from public.payment_refunds r
    join public.payments p on p.id = r.payment_id
    join public.bookings b on b.id = p.booking_id
    where r.stripe_refund_id is not null
  ),
  payments_compared as (
    select coalesce(s.id, l.id) as id, s.cents as stripe_cents, s.currency as stripe_currency,
      l.cents as ledger_cents, l.currency as ledger_currency, l.booking_id, l.order_id
    from (select * from stripe_intents) s
    full join (
      select * from ledger_payments l
      where l.id in (select id from stripe_intents)
         or l.recorded_at >= p_from + interval '1 hour' and l.recorded_at <= p_to
    ) l on l.id = s.id
  ),
  refunds_compared as (
    select coalesce(s.id, l.id) as id, s.cents as stripe_cents, s.currency as stripe_currency, s.intent,
      l.cents as ledger_cents, l.currency as ledger_currency, l.booking_id
    from (select * from stripe_refunds) s
    full join (
      select * from ledger_refunds l
      where l.id in (select id from stripe_refunds)
         or l.recorded_at >= p_from + interval '1 hour' and l.recorded_at <= p_to
    ) l on l.id = s.id
  ),
  compared as (
    select case
        when c.stripe_cents is null and c.ledger_cents is null then null
        when c.ledger_cents is null then 'payment_not_in_ledger'
        when c.stripe_cents is null then 'payment_not_in_stripe'
        when c.stripe_cents <> c.ledger_cents or c.stripe_currency <> c.ledger_currency then 'amount_differs'
      end as kind,
      c.id, c.booking_id, c.order_id, coalesce(c.stripe_currency, c.ledger_currency) as currency,
      c.stripe_cents, c.ledger_cents
    from payments_compared c
    union all
    select case
        when c.stripe_cents is null and c.ledger_cents is null then null
        when c.ledger_cents is null then 'refund_not_in_ledger'
        when c.stripe_cents is null then 'refund_not_in_stripe'
        when c.stripe_cents <> c.ledger_cents or c.stripe_currency <> c.ledger_currency then 'amount_differs'
      end,
      c.id,
      coalesce(c.booking_id, (select p.booking_id from public.payments p where p.stripe_payment_intent = c.intent)),
      (select o.id from public.orders o where o.stripe_payment_intent = c.intent),
      coalesce(c.stripe_currency, c.ledger_currency), c.stripe_cents, c.ledger_cents
    from refunds_compared c
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', c.kind, 'stripe_id', c.id, 'booking_id', c.booking_id, 'order_id', c.order_id,
      'currency', c.currency, 'stripe_cents', c.stripe_cents, 'ledger_cents', c.ledger_cents)), '[]')
  into differences
  from compared c where c.kind is not null;

  -- The Stripe ids this run looked at: what Stripe listed, and the ledger's that Stripe lacks.
  select array(
    select i ->> 'id' from jsonb_array_elements(p_intents) i
    union select r ->> 'id' from jsonb_array_elements(p_refunds) r
    union select d ->> 'stripe_id' from jsonb_array_elements(differences) d
  ) into scope;

  update public.stripe_differences d
  set seen_at = now(), stripe_cents = f.stripe_cents, ledger_cents = f.ledger_cents, currency = f.currency
  from jsonb_to_recordset(differences) as f(kind text, stripe_id text, booking_id uuid, order_id uuid, currency text, stripe_cents integer, ledger_cents integer)
  where d.resolved_at is null and d.kind = f.kind and d.stripe_id = f.stripe_id;

  insert into public.stripe_differences (kind, stripe_id, booking_id, order_id, currency, stripe_cents, ledger_cents)
  select f.kind, f.stripe_id, f.booking_id, f.order_id, f.currency, f.stripe_cents, f.ledger_cents
  from jsonb_to_recordset(differences) as f(kind text, stripe_id text, booking_id uuid, order_id uuid, currency text, stripe_cents integer, ledger_cents integer)
  where not exists (
    select 1 from public.stripe_differences d
    where d.kind = f.kind and d.stripe_id = f.stripe_id
      and (d.resolved_at is null
           or d.resolved_how = 'marked' and d.stripe_cents is not distinct from f.stripe_cents
              and d.ledger_cents is not distinct from f.ledger_cents)
  );
  get diagnostics new_count = row_count;

  update public.stripe_differences d set resolved_at = now(), resolved_how = 'cleared'
  where d.resolved_at is null
    and d.stripe_id = any (scope)
    and not exists (select 1 from jsonb_array_elements(differences) f
                    where f ->> 'kind' = d.kind and f ->> 'stripe_id' = d.stripe_id);
  get diagnostics cleared_count = row_count;

  select count(*)::integer into open_count from public.stripe_differences d where d.resolved_at is null;
end
$function$
;

REVOKE ALL ON FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reconcile_stripe(p_from timestamp with time zone, p_to timestamp with time zone, p_intents jsonb, p_refunds jsonb, OUT new_count integer, OUT open_count integer, OUT cleared_count integer) TO service_role;

CREATE OR REPLACE FUNCTION public.resolve_stripe_difference(p_id uuid)
 RETURNS stripe_differences
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  resolved public.stripe_differences;
begin
  perform private.require_admin('resolve a Stripe difference');
  update public.stripe_differences set resolved_at = now(), resolved_how = 'marked'
  where id = p_id and resolved_at is null
  returning * into resolved;
  if not found then
    raise exception 'no open Stripe difference %', p_id using errcode = 'P0002';
  end if;
  return resolved;
end
$function$
;

REVOKE ALL ON FUNCTION public.resolve_stripe_difference(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.resolve_stripe_difference(p_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.resolve_stripe_difference(p_id uuid) TO service_role;

DROP FUNCTION IF EXISTS public.admin_overview();

CREATE OR REPLACE FUNCTION public.admin_overview()
 RETURNS TABLE(today date, members integer, new_members_this_month integer, upcoming_count integer, active_count integer, waitlist_total integer, interest_total integer, flagged_comments integer, unanswered_messages integer, low_stock_threshold integer, low_stock_sizes integer, stripe_differences_open integer, money overview_money[], upcoming overview_departure[], weeks overview_week[])
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
  -- Paid is what booking_balances calls paid: the payments received net of refunds (decisions 0073, 0085).
  balances as (
    select b.currency, b.status,
      private.booking_paid_cents(b.id) as paid,
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
    -- The store's low-stock level, and how many sizes of products the store shows are at or under it
    -- (sold-out ones included; decision 0092).
    (select s.low_stock_threshold::integer from public.store_settings s),
    (
      select count(*) from public.product_variants v
      join public.products p on p.id = v.product_id
      where p.visible and v.stock <= (select s.low_stock_threshold from public.store_settings s)
    )::integer,
    -- What the hourly reconciliation found between Stripe and the ledger and nobody has resolved (0095).
    (select count(*) from public.stripe_differences d where d.resolved_at is null)::integer,
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

REVOKE ALL ON FUNCTION public.admin_overview() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.admin_overview() TO postgres;
GRANT EXECUTE ON FUNCTION public.admin_overview() TO authenticated;
GRANT EXECUTE ON FUNCTION public.admin_overview() TO service_role;

grant select on table "public"."stripe_differences" to "authenticated";

grant delete on table "public"."stripe_differences" to "service_role";

grant insert on table "public"."stripe_differences" to "service_role";

grant references on table "public"."stripe_differences" to "service_role";

grant select on table "public"."stripe_differences" to "service_role";

grant trigger on table "public"."stripe_differences" to "service_role";

grant truncate on table "public"."stripe_differences" to "service_role";

grant update on table "public"."stripe_differences" to "service_role";


  create policy "stripe_differences_select_authenticated"
  on "public"."stripe_differences"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));


CREATE TRIGGER audit_change AFTER UPDATE ON public.stripe_differences FOR EACH ROW EXECUTE FUNCTION private.audit_change('stripe_id', 'Stripe difference');
