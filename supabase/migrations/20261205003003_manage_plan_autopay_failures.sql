-- /admin/manage-plan shows AutoPay failures (decision 0096): admin_schedule_attention answers, per booking, the
-- latest AutoPay charge that failed in the last 30 days (when, the instalment's due date, Stripe's reason,
-- whether the member paid since) and takes the filter 'autopay'; unfiltered, a failure not paid since is a
-- reason for attention. New columns change the function's result, so it is dropped and created again.

drop function if exists "public"."admin_schedule_attention"(search text, filter text, page_size integer, page_offset integer);

set check_function_bodies = off;

DROP FUNCTION IF EXISTS public.admin_schedule_attention(text,text,integer,integer);

CREATE OR REPLACE FUNCTION public.admin_schedule_attention(search text DEFAULT ''::text, filter text DEFAULT ''::text, page_size integer DEFAULT 25, page_offset integer DEFAULT 0)
 RETURNS TABLE(booking_id uuid, invoice_number text, member_name text, member_email text, event_title text, departs_on date, status booking_status, total_cents integer, paid_cents integer, currency text, overdue_since date, overdue_cents integer, hold_expired boolean, changed_at timestamp with time zone, autopay_failed_at timestamp with time zone, autopay_due_date date, autopay_failure text, autopay_paid_since boolean, total_count integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

REVOKE ALL ON FUNCTION public.admin_schedule_attention(text,text,integer,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.admin_schedule_attention(text,text,integer,integer) TO postgres;
GRANT EXECUTE ON FUNCTION public.admin_schedule_attention(text,text,integer,integer) TO authenticated;
GRANT EXECUTE ON FUNCTION public.admin_schedule_attention(text,text,integer,integer) TO service_role;
