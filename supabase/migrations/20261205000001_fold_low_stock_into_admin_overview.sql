-- The overview's low-stock card (decision 0092) read public.admin_low_stock() as a request of its own; the
-- threshold and the count of low sizes are now two columns of public.admin_overview(), so /admin reads every
-- figure in one request again (decision 0038), and admin_low_stock() goes.

drop function if exists "public"."admin_low_stock"();

drop function if exists "public"."admin_overview"();

set check_function_bodies = off;

DROP FUNCTION IF EXISTS public.admin_overview();

CREATE OR REPLACE FUNCTION public.admin_overview()
 RETURNS TABLE(today date, members integer, new_members_this_month integer, upcoming_count integer, active_count integer, waitlist_total integer, interest_total integer, flagged_comments integer, unanswered_messages integer, low_stock_threshold integer, low_stock_sizes integer, money overview_money[], upcoming overview_departure[], weeks overview_week[])
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
