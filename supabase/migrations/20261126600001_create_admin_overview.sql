-- /admin's overview in one request (decision 0038): every figure the screen shows, as one json object, read
-- as the table owner after checking the caller is an admin (a member gets 42501, a visitor cannot call it).
-- "Today", "this month" and "a week" are the company's, in Sydney; weeks start on Monday.

create function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  sydney_now timestamp := now() at time zone 'Australia/Sydney';
  today date := sydney_now::date;
  month_start timestamptz := date_trunc('month', sydney_now) at time zone 'Australia/Sydney';
  first_week date := (date_trunc('week', sydney_now) - interval '11 weeks')::date;
  result jsonb;
begin
  perform private.require_admin('read the overview');

  with
  upcoming as (
    select e.id, e.title, e.slug, e.start_date, e.max_registrations
    from public.events e
    where e.status = 'published' and e.start_date >= today
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
  -- Paid is what booking_balances calls paid: instalments marked paid (the deposit is the first of them).
  balances as (
    select b.currency, b.status,
      coalesce((select sum(i.amount_cents) from public.booking_installments i
                where i.booking_id = b.id and i.paid_at is not null), 0)::bigint as paid,
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
  select jsonb_build_object(
    'today', today,
    'members', (select count(*) from public.profiles),
    'new_members_this_month', (select count(*) from public.profiles p where p.created_at >= month_start),
    'upcoming_count', (select count(*) from upcoming),
    -- Running now or departing within 60 days: what /admin/active-events lists.
    'active_count', (
      select count(*) from public.events e
      where e.status = 'published' and e.end_date >= today and e.start_date <= today + 60
    ),
    'waitlist_total', (select count(*) from public.waitlist_submissions),
    'interest_total', (select count(*) from public.interest_registrations),
    'flagged_comments', (
      select count(*) from (
        select f.comment_id, f.reply_id from public.comment_flags f
        left join public.comments c on c.id = f.comment_id
        left join public.comment_replies r on r.id = f.reply_id
        where not coalesce(c.is_deleted, r.is_deleted, true)
        group by f.comment_id, f.reply_id
      ) open_flags
    ),
    'unanswered_messages', (select count(*) from public.contact_messages m where m.handled_at is null),
    'money', coalesce((
      select jsonb_agg(jsonb_build_object(
        'currency', currency, 'collected_cents', collected_cents,
        'outstanding_cents', coalesce(outstanding_cents, 0)) order by currency)
      from money
    ), '[]'::jsonb),
    'upcoming', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', u.id, 'title', u.title, 'slug', u.slug, 'start_date', u.start_date,
        'capacity', u.max_registrations, 'sold', coalesce(s.places, 0),
        'waitlist', coalesce(w.entries, 0), 'interest', coalesce(i.entries, 0)
      ) order by u.start_date, u.title)
      from upcoming u
      left join sold s on s.event_id = u.id
      left join waiting w on w.event_id = u.id
      left join interested i on i.event_id = u.id
    ), '[]'::jsonb),
    'weeks', (
      select jsonb_agg(jsonb_build_object(
        'week_start', wk.week_start, 'signups', coalesce(su.n, 0), 'bookings', coalesce(bk.n, 0)
      ) order by wk.week_start)
      from weeks wk
      left join signups su on su.week_start = wk.week_start
      left join booked bk on bk.week_start = wk.week_start
    )
  ) into result;
  return result;
end
$$;

revoke all on function public.admin_overview() from public, anon;
grant execute on function public.admin_overview() to authenticated, service_role;

-- The weekly series read recent rows by date.
create index if not exists profiles_created_at_idx on public.profiles (created_at);
create index if not exists bookings_created_at_idx on public.bookings (created_at);
create index if not exists waitlist_submissions_event_id_idx on public.waitlist_submissions (event_id);
