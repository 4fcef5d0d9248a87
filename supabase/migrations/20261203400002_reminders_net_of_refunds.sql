-- Payment reminders count what a booking has received net of refunds (card refunds, decision 0085), through
-- the ledger's one rule, private.booking_paid_cents, instead of summing payments themselves.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.send_payment_reminders(p_today date DEFAULT private.sydney_today())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET jit TO 'off'
AS $function$
declare
  sent integer;
begin
  with settings as (
    select s.reminder_days_before as ahead, s.overdue_reminder_every_days as every, s.overdue_reminders as most
    from private.booking_settings s
  ),
  -- Bookings with an unpaid instalment inside some window: the only ones whose ledger is worked out.
  candidates as (
    select distinct i.booking_id
    from public.booking_installments i
    join public.bookings b on b.id = i.booking_id and b.status = 'confirmed'
    cross join settings s
    where i.paid_at is null
      and i.due_date between p_today - (s.every * (s.most + 1) - 1) and p_today + s.ahead
  ),
  -- What each has received, net of refunds: the ledger's one rule (private.booking_paid_cents).
  paid as (
    select c.booking_id, private.booking_paid_cents(c.booking_id) as cents
    from candidates c
  ),
  ledger as (
    select i.id, i.booking_id, i.due_date, i.paid_at,
           i.amount_cents - least(i.amount_cents, greatest(0, coalesce(paid.cents, 0)
             - (sum(i.amount_cents) over (partition by i.booking_id order by i.due_date, i.created_at, i.id)
                - i.amount_cents)))::integer as outstanding
    from public.booking_installments i
    join candidates c on c.booking_id = i.booking_id
    left join paid on paid.booking_id = i.booking_id
  ),
  due as (
    select l.id, l.booking_id, l.due_date, l.outstanding, w.kind,
           case when w.kind = 'overdue' then ((p_today - l.due_date) / s.every)::smallint else 0::smallint end as sequence
    from ledger l
    cross join settings s
    cross join lateral (select case
        when l.due_date - p_today between 1 and s.ahead then 'before'
        when p_today - l.due_date between 0 and s.every - 1 then 'due'
        when (p_today - l.due_date) / s.every between 1 and s.most then 'overdue'
      end as kind) w
    where l.paid_at is null and l.outstanding > 0 and w.kind is not null
  ),
  addressed as (
    select d.*, u.email as recipient
    from due d
    join public.bookings b on b.id = d.booking_id
    join auth.users u on u.id = b.user_id
    -- No company settings (a hosted project before its row is set): nothing is recorded as sent.
    where private.is_email(u.email) and exists (select from private.company_settings)
  ),
  recorded as (
    insert into public.payment_reminders (booking_id, installment_id, kind, sequence, due_date, amount_cents, sent_on, mail_id)
    select a.booking_id, a.id, a.kind, a.sequence, a.due_date, a.outstanding, p_today,
           nextval('private.outbound_mail_id_seq')
    from addressed a
    on conflict (installment_id, kind, sequence) do nothing
    returning booking_id, kind, due_date, amount_cents, mail_id
  )
  insert into private.outbound_mail (id, recipient, reply_to, subject, body, html_body) overriding system value
  select r.mail_id, u.email, cs.contact_email, m.subject, m.body, m.html_body
  from recorded r
  join public.bookings b on b.id = r.booking_id
  join public.events e on e.id = b.event_id
  join auth.users u on u.id = b.user_id
  left join public.profiles p on p.id = b.user_id
  cross join private.company_settings cs
  left join private.company_bank_details bank on true
  cross join lateral private.payment_reminder_mail(
    r.kind, r.due_date - p_today,
    coalesce(nullif(split_part(p.full_name, ' ', 1), ''), 'there'),
    e.title || ', departing ' || private.mail_date(e.start_date),
    b.invoice_number, private.mail_money(r.amount_cents, b.currency), private.mail_date(r.due_date),
    b.bank_reference, bank, cs.site_url || '/manage-payment-plan?booking=' || b.id, cs.brand_name) m;
  get diagnostics sent = row_count;
  if sent > 0 then
    perform pg_notify('outbound_mail', '');
  end if;
  return sent;
end
$function$
;
