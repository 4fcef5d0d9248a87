-- Payment reminders (issue 23, decision 0081): e-mails a set number of days before an instalment falls due, on
-- the day, and weekly while it is overdue (up to a limit), each sent once per instalment and kind however many
-- times or places the job runs. The settings live in private.booking_settings; the job is
-- private.send_payment_reminders, scheduled with pg_cron's cron.schedule in a hand-written migration (0079).
-- Kept by hand beside the migrations; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203100001_send_payment_reminders:
--   Members are reminded by e-mail to pay an instalment: days before it falls due, on the day, and weekly
--   while it is overdue, up to a limit. Each reminder is a row (unique per instalment, kind and overdue
--   number), so two schedulers or a rerun send it once; members read their own, admins all, nobody writes.

-- ---------------------------------------------------------------- the settings

-- When reminders go, beside the company's other booking rules (one row, operators change it in the SQL editor).
ALTER TABLE private.booking_settings ADD COLUMN reminder_days_before smallint DEFAULT 7 NOT NULL;

ALTER TABLE private.booking_settings ADD COLUMN overdue_reminder_every_days smallint DEFAULT 7 NOT NULL;

ALTER TABLE private.booking_settings ADD COLUMN overdue_reminders smallint DEFAULT 3 NOT NULL;

ALTER TABLE private.booking_settings
    ADD CONSTRAINT booking_settings_reminder_days_before_check CHECK (((reminder_days_before >= 1) AND (reminder_days_before <= 60)));

ALTER TABLE private.booking_settings
    ADD CONSTRAINT booking_settings_overdue_reminder_every_days_check CHECK (((overdue_reminder_every_days >= 1) AND (overdue_reminder_every_days <= 60)));

ALTER TABLE private.booking_settings
    ADD CONSTRAINT booking_settings_overdue_reminders_check CHECK (((overdue_reminders >= 0) AND (overdue_reminders <= 12)));

COMMENT ON COLUMN private.booking_settings.reminder_days_before IS 'Days before an instalment falls due that its first payment reminder goes (1 to 60).';

COMMENT ON COLUMN private.booking_settings.overdue_reminder_every_days IS 'Days between overdue reminders, counted from the due date (1 to 60).';

COMMENT ON COLUMN private.booking_settings.overdue_reminders IS 'How many overdue reminders an instalment gets at most (0: none).';

-- ---------------------------------------------------------------- public.payment_reminders

-- Each payment reminder sent: what it asked for (the instalment's due date and what was outstanding) and the
-- outbox message that carried it. Unique per instalment, kind and overdue number: the job inserts with
-- ON CONFLICT DO NOTHING and mails only the rows it inserted, so a reminder goes once. Written only by the
-- job; the booking's member and admins read it. mail_id has no key: the outbox is the sender's, and
-- forgetting a member deletes their mail while the booking (a financial record) keeps its reminders.
CREATE TABLE public.payment_reminders (
    id bigint NOT NULL,
    booking_id uuid NOT NULL,
    installment_id uuid,
    kind text NOT NULL,
    sequence smallint DEFAULT 0 NOT NULL,
    due_date date NOT NULL,
    amount_cents integer NOT NULL,
    sent_on date NOT NULL,
    sent_at timestamp with time zone DEFAULT now() NOT NULL,
    mail_id bigint,
    CONSTRAINT payment_reminders_kind_check CHECK ((kind = ANY (ARRAY['before'::text, 'due'::text, 'overdue'::text]))),
    CONSTRAINT payment_reminders_sequence_check CHECK (CASE WHEN (kind = 'overdue'::text) THEN ((sequence >= 1) AND (sequence <= 12)) ELSE (sequence = 0) END),
    CONSTRAINT payment_reminders_amount_cents_check CHECK ((amount_cents > 0))
);

COMMENT ON TABLE public.payment_reminders IS 'Payment reminders sent by e-mail, one per instalment, kind and overdue number (private.send_payment_reminders).';

COMMENT ON COLUMN public.payment_reminders.sequence IS 'The overdue reminder''s number (1, 2, 3 …); 0 for the reminders before and on the due date.';

COMMENT ON COLUMN public.payment_reminders.sent_on IS 'The company''s day (Sydney) the job ran for.';

ALTER TABLE public.payment_reminders ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.payment_reminders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.payment_reminders
    ADD CONSTRAINT payment_reminders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payment_reminders
    ADD CONSTRAINT payment_reminders_once UNIQUE (installment_id, kind, sequence);

ALTER TABLE ONLY public.payment_reminders
    ADD CONSTRAINT payment_reminders_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

-- A schedule edit that replaces an instalment keeps the reminders it had (the booking's record of them).
ALTER TABLE ONLY public.payment_reminders
    ADD CONSTRAINT payment_reminders_installment_id_fkey FOREIGN KEY (installment_id) REFERENCES public.booking_installments(id) ON DELETE SET NULL;

CREATE INDEX payment_reminders_booking_id_idx ON public.payment_reminders USING btree (booking_id, sent_at);

ALTER TABLE public.payment_reminders ENABLE ROW LEVEL SECURITY;

CREATE POLICY payment_reminders_select_authenticated ON public.payment_reminders FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.bookings b
  WHERE ((b.id = payment_reminders.booking_id) AND (b.user_id = ( SELECT auth.uid() AS uid))))) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.payment_reminders TO service_role;
GRANT SELECT ON TABLE public.payment_reminders TO authenticated;

-- ---------------------------------------------------------------- the reminder e-mail

-- One reminder's subject, text and HTML from what it says (no lookups, so the job builds every message in
-- one statement). p_days: days until the due date (negative once past). The bank lines are the
-- confirmation's (decision 0077): the account and the booking's reference, or the plan page when unset.
CREATE FUNCTION private.payment_reminder_mail(p_kind text, p_days integer, p_greeting text, p_trip text, p_invoice text, p_amount text, p_due_on text, p_reference text, p_bank private.company_bank_details, p_plan_url text, p_brand text) RETURNS TABLE(subject text, body text, html_body text)
    LANGUAGE sql STABLE ROWS 1
    SET search_path TO ''
    AS $$
  with words as (
    select
      case
        when p_kind = 'before' then 'Payment due ' || case when p_days = 1 then 'tomorrow' else 'in ' || p_days || ' days' end
        when p_kind = 'due' and p_days = 0 then 'Payment due today'
        when p_kind = 'due' then 'Payment due'
        else 'Payment overdue'
      end as headline,
      case
        when p_kind = 'before' then 'A friendly reminder that ' || p_amount || ' for ' || p_trip || ' is due on ' || p_due_on
          || case when p_days = 1 then ', tomorrow.' else ', in ' || p_days || ' days.' end
        when p_kind = 'due' and p_days = 0 then 'A friendly reminder that ' || p_amount || ' for ' || p_trip || ' is due today, ' || p_due_on || '.'
        when p_kind = 'due' then 'A friendly reminder that ' || p_amount || ' for ' || p_trip || ' was due on ' || p_due_on || '.'
        else 'Our records show that ' || p_amount || ' for ' || p_trip || ', due on ' || p_due_on
          || ', has not reached us yet. If you have paid in the last few days, thank you, and please ignore this reminder.'
      end as lead,
      case when p_bank.id is null then null
           else 'Account name: ' || p_bank.account_name || E'\n'
             || coalesce('Bank: ' || p_bank.bank_name || E'\n', '')
             || 'BSB: ' || substr(p_bank.bsb, 1, 3) || '-' || substr(p_bank.bsb, 4, 3) || E'\n'
             || 'Account number: ' || p_bank.account_number
             || coalesce(E'\nReference: ' || p_reference, '') end as bank_text,
      case when p_bank.id is null then null
           else '<table><tr><td>Account name</td><td>' || private.html_escape(p_bank.account_name) || '</td></tr>'
             || coalesce('<tr><td>Bank</td><td>' || private.html_escape(p_bank.bank_name) || '</td></tr>', '')
             || '<tr><td>BSB</td><td>' || substr(p_bank.bsb, 1, 3) || '-' || substr(p_bank.bsb, 4, 3) || '</td></tr>'
             || '<tr><td>Account number</td><td>' || p_bank.account_number || '</td></tr>'
             || coalesce('<tr><td>Reference</td><td><strong>' || p_reference || '</strong></td></tr>', '')
             || '</table>' end as bank_html
  )
  select
    left(regexp_replace(w.headline || ': ' || p_trip || ' (' || p_invoice || ')', '[[:cntrl:]]+', ' ', 'g'), 300),
    'Hello ' || p_greeting || E',\n\n' || w.lead
      || E'\n\nPay by bank transfer' || coalesce(', quoting your booking reference ' || p_reference, '') || E':\n'
      || coalesce(w.bank_text, 'Our bank details are on your payment plan page.')
      || E'\n\nYour payment plan: ' || p_plan_url
      || E'\n\n-- \n' || p_brand || E'\nYou receive this because you have a booking with us. '
      || 'Questions? Reply to this e-mail.',
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>' || w.headline || '</title></head>'
      || '<body style="font-family:sans-serif;line-height:1.5">'
      || '<h1>' || w.headline || '</h1>'
      || '<p>Hello ' || private.html_escape(p_greeting) || ',</p>'
      || '<p>' || private.html_escape(w.lead) || '</p>'
      || '<h2>Pay by bank transfer</h2>'
      || coalesce('<p>Quote your booking reference ' || p_reference || '.</p>', '')
      || coalesce(w.bank_html, '<p>Our bank details are on your payment plan page.</p>')
      || '<p><a href="' || private.html_escape(p_plan_url) || '">Your payment plan</a></p>'
      || '<hr><p>' || private.html_escape(p_brand)
      || '<br>You receive this because you have a booking with us. Questions? Reply to this e-mail.</p></body></html>'
  from words w
$$;

REVOKE ALL ON FUNCTION private.payment_reminder_mail(p_kind text, p_days integer, p_greeting text, p_trip text, p_invoice text, p_amount text, p_due_on text, p_reference text, p_bank private.company_bank_details, p_plan_url text, p_brand text) FROM PUBLIC;

-- ---------------------------------------------------------------- the job

-- Sends the payment reminders due on p_today (Sydney), in one statement, and answers how many. The daily
-- schedule calls it without arguments; tests move the day. For each instalment of a confirmed booking with
-- money outstanding (its payments applied in due-date order, as private.apply_payments applies them), the
-- reminder of the window p_today is in: 'before' from reminder_days_before days ahead until the day before,
-- 'due' from the due date until the first overdue one, then 'overdue' number n from n ×
-- overdue_reminder_every_days days after, up to overdue_reminders. A run that was missed (a stopped
-- scheduler) sends the current window's reminder late rather than every missed one. Pending bookings are
-- left alone (their confirmation just said what is due and their hold is days long); a member without a
-- usable e-mail address gets nothing and no row. JIT is off: the planner's guesses for the one-row settings
-- tables make the statement look costly, and compiling it took 1 to 3 s for a run of milliseconds.
CREATE FUNCTION private.send_payment_reminders(p_today date DEFAULT private.sydney_today()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    AS $$
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
      -- AutoPay charges on the due date and sends its own notice (decision 0088): no reminder before or on it.
      and not (w.kind in ('before', 'due') and exists (
        select 1 from public.autopay_enrolments ap where ap.booking_id = l.booking_id and ap.state = 'active'))
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
    private.mail_greeting(p.full_name),
    e.title || ', departing ' || private.mail_date(e.start_date),
    b.invoice_number, private.mail_money(r.amount_cents, b.currency), private.mail_date(r.due_date),
    b.bank_reference, bank, cs.site_url || '/manage-payment-plan?booking=' || b.id, cs.brand_name) m;
  get diagnostics sent = row_count;
  if sent > 0 then
    perform pg_notify('outbound_mail', '');
  end if;
  return sent;
end
$$;

REVOKE ALL ON FUNCTION private.send_payment_reminders(p_today date) FROM PUBLIC;
