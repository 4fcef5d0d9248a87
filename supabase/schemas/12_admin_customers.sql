-- The admin area: customers and their notes, the overview, departures and their manifests.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261126000001_create_audit_log:
--   The audit log: one row for every change an admin makes to customers, roles, events and enquiries, written
--   by triggers in the same transaction as the change, so no client can make a change without its row or
--   write a row without a change. Admins read it; nobody edits or deletes it (not even the service role).
-- 20261126200001_create_customer_admin:
--   /admin/customers (decision 0034): members and enquirers in one list, one customer's whole record, and
--   staff notes. The list and the record are each ONE security-definer call that checks private.is_admin():
--   e-mail addresses live in auth.users, which no API role reads, and one call keeps the screen at one
--   request however many tables it draws on. Members are keyed by their profile id, enquirers (e-mails in
--   waitlist, interest or contact with no account) by their lower-cased e-mail address.
-- 20261126400001_admin_active_events:
--   /admin/active-events and each event's manifest (decision 0036). Both are reads that join bookings,
--   travellers and auth.users (e-mails), so each is ONE security-definer function that refuses anyone but an
--   admin (42501): a member calling them through supabase-js gets nothing. Nothing here writes.
-- 20261126600001_create_admin_overview:
--   /admin's overview in one request (decision 0038): every figure the screen shows, as one json object, read
--   as the table owner after checking the caller is an admin (a member gets 42501, a visitor cannot call it).
--   "Today", "this month" and "a week" are the company's, in Sydney; weeks start on Monday.
-- 20261127100001_comment_moderation:
--   The moderation queue (issue 11, decision 0039): admins read the flagged comments and replies with their
--   reports, hide, restore, pin, unpin and dismiss the reports, and suspend a member from commenting until a
--   time. Hiding is the existing soft delete (is_deleted), so a hidden comment reaches every member's page
--   through the comment_removals live path (decision 0029). Every admin change lands in the audit log.
-- 20261127200001_send_event_updates:
--   /admin/event-updates (issue 11): an admin sends an update to a segment of an event's people, in-app and by
--   e-mail, in ONE database call: the update row, its readers (the select policy follows the segment) and one
--   outbox message per address are written in one transaction, so a closed tab loses nothing and a second
--   sender never doubles a message (the outbox's claim takes each row once). Decision 0040.
-- 20261127300001_create_polls:
--   Polls (issue 11, /admin/polls, decision 0041): an admin asks members a question with 2 to 6 options and a
--   closing time, for one event or for all members; each member votes once (the primary key of poll_votes is
--   the rule) while the poll is open, and sees the results once they have voted; admins see them always.
--   Field rules as src/features/polls/poll-rules.ts; polls.data.test.ts checks the boundaries agree.
-- 20261127400001_create_traveller_forms:
--   Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
--   members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
--   Answers are private to their member and admins. The fields live in the form row as a JSON array that a
--   CHECK validates (one place), and answers are validated against them by the only function that writes them.
-- 20261128050001_audit_nouns:
--   The audit log names what changed in the database's words: each audit trigger passes a noun ('staff
--   note', 'traveller form') after its label column, stored on every row as entity_noun, and the audit
--   screen's "What changed" list is read from the triggers themselves. Before this the screen kept its own
--   list of tables and nouns, which every new audited table had to remember to extend.
--   docs/decisions/0046-audit-nouns-ports-and-toasts.md says why it is built this way.
-- 20261128300003_traveller_form_reminders:
--   A history of a traveller form's reminders (decision 0045): when, by whom and how many people, written
--   only by remind_traveller_form and read by admins on the form's screen.
-- 20261128700001_paged_lists_share_checks:
--   One rule, one place (decision 0044): the paged admin lists written before private.check_list_arguments
--   (migration 20261128200001) checked their arguments by hand, each in its own words, or not at all (the
--   enquiry lists clamped a bad page instead). Each is recreated here, same arguments, same rows, its checks
--   now the shared ones: unknown sort, direction asc|desc, a page of 1 to 1,000 rows from an offset of 0 or
--   more, a search of at most 200 characters, each refused with 22023 and the same words everywhere.

-- ---------------------------------------------------------------- private.customers

-- Every customer, one row each: members (profiles with their auth e-mail) and enquirers. Last activity is
-- the latest of sign-in, comment, reply, booking and enquiry. Grouped aggregates (not per-row lookups), so
-- 5,000 members and 20,000 comments are a few hash joins. Private: only the admin functions below read it.
CREATE VIEW private.customers AS
 WITH enquiries AS (
         SELECT lower(w.email) AS email,
            w.full_name,
            w.created_at
           FROM public.waitlist_submissions w
        UNION ALL
         SELECT lower(i.email) AS lower,
            i.full_name,
            i.created_at
           FROM public.interest_registrations i
        UNION ALL
         SELECT lower(c.email) AS lower,
            c.full_name,
            c.created_at
           FROM public.contact_messages c
        ), by_email AS (
         SELECT e.email,
            min(e.created_at) AS first_at,
            max(e.created_at) AS last_at,
            (array_agg(e.full_name ORDER BY e.created_at DESC))[1] AS full_name
           FROM enquiries e
          GROUP BY e.email
        ), booked AS (
         SELECT b.user_id,
            (count(*))::integer AS n,
            max(b.created_at) AS last_at
           FROM public.bookings b
          GROUP BY b.user_id
        ), commented AS (
         SELECT c.user_id,
            max(c.created_at) AS last_at
           FROM public.comments c
          GROUP BY c.user_id
        ), replied AS (
         SELECT r.user_id,
            max(r.created_at) AS last_at
           FROM public.comment_replies r
          GROUP BY r.user_id
        )
 SELECT (p.id)::text AS id,
    'member'::text AS kind,
    lower((u.email)::text) AS email,
    p.full_name,
    (p.membership_tier)::text AS tier,
    p.created_at AS joined,
    COALESCE(b.n, 0) AS bookings,
    GREATEST(u.last_sign_in_at, c.last_at, r.last_at, b.last_at, e.last_at) AS last_activity
   FROM (((((public.profiles p
     JOIN auth.users u ON ((u.id = p.id)))
     LEFT JOIN booked b ON ((b.user_id = p.id)))
     LEFT JOIN commented c ON ((c.user_id = p.id)))
     LEFT JOIN replied r ON ((r.user_id = p.id)))
     LEFT JOIN by_email e ON ((e.email = lower((u.email)::text))))
UNION ALL
 SELECT e.email AS id,
    'enquirer'::text AS kind,
    e.email,
    e.full_name,
    'enquirer'::text AS tier,
    e.first_at AS joined,
    0 AS bookings,
    e.last_at AS last_activity
   FROM by_email e
  WHERE (NOT (EXISTS ( SELECT 1
           FROM auth.users u
          WHERE (lower((u.email)::text) = e.email))));

-- ---------------------------------------------------------------- public.customer_notes

-- Columns, as the migrations explain them:
--   customer_id: A member's notes go with the profile (and are erased with it); an enquirer's go with the e-mail.
--   author_id: Always the admin who wrote it (the column is not granted); no foreign key, the note outlives the author.
CREATE TABLE public.customer_notes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    customer_id uuid,
    customer_email text,
    body text NOT NULL,
    author_id uuid DEFAULT auth.uid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customer_notes_body_check CHECK (private.is_message(body)),
    CONSTRAINT customer_notes_customer_email_check CHECK (((customer_email IS NULL) OR (private.is_email(customer_email) AND (customer_email = lower(customer_email))))),
    CONSTRAINT customer_notes_one_customer CHECK ((num_nonnulls(customer_id, customer_email) = 1))
);

COMMENT ON TABLE public.customer_notes IS 'Notes by staff about a member (customer_id) or an enquirer (customer_email).';

ALTER TABLE ONLY public.customer_notes
    ADD CONSTRAINT customer_notes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.customer_notes
    ADD CONSTRAINT customer_notes_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX customer_notes_customer_email_idx ON public.customer_notes USING btree (customer_email, created_at DESC);

CREATE INDEX customer_notes_customer_id_idx ON public.customer_notes USING btree (customer_id, created_at DESC);

ALTER TABLE public.customer_notes ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.customer_notes FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY customer_notes_delete_admin ON public.customer_notes FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY customer_notes_insert_admin ON public.customer_notes FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY customer_notes_select_admin ON public.customer_notes FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.customer_notes TO service_role;
GRANT SELECT,DELETE ON TABLE public.customer_notes TO authenticated;

GRANT INSERT(customer_id) ON TABLE public.customer_notes TO authenticated;

GRANT INSERT(customer_email) ON TABLE public.customer_notes TO authenticated;

GRANT INSERT(body) ON TABLE public.customer_notes TO authenticated;

-- public.customer_notes: its functions and triggers

-- A member who deletes their account (delete_my_account, or the Auth admin API) takes staff notes about
-- them along: the ones on the profile and the ones kept under their address from before they joined. An
-- account anonymised for its bookings keeps its profile row, so its soft delete (deleted_at) counts too.
CREATE FUNCTION private.forget_customer_notes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.customer_notes n where n.customer_id = old.id or n.customer_email = lower(old.email);
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.forget_customer_notes() FROM PUBLIC;

CREATE TRIGGER forget_customer_notes AFTER DELETE ON auth.users FOR EACH ROW EXECUTE FUNCTION private.forget_customer_notes();

CREATE TRIGGER forget_customer_notes_on_soft_delete AFTER UPDATE OF deleted_at ON auth.users FOR EACH ROW WHEN (((old.deleted_at IS NULL) AND (new.deleted_at IS NOT NULL))) EXECUTE FUNCTION private.forget_customer_notes();

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.customer_notes FOR EACH ROW EXECUTE FUNCTION private.audit_change('body', 'staff note');

-- ---------------------------------------------------------------- one customer

-- One customer's record, typed so that `npm run db:types` describes it: the profile (a member's, or an
-- enquirer's made from their enquiries), then one list per kind of thing they did.
CREATE TYPE public.customer_profile AS (
    id text,
    kind text,
    email text,
    full_name text,
    phone text,
    tier text,
    joined timestamp with time zone,
    last_sign_in timestamp with time zone,
    is_admin boolean,
    marketing_consent boolean
);

CREATE TYPE public.customer_traveller AS (
    id uuid,
    full_name text,
    date_of_birth date,
    phone text,
    dietary_notes text,
    medical_notes text,
    emergency_contact_name text,
    emergency_contact_phone text
);

CREATE TYPE public.customer_booking AS (
    id uuid,
    invoice_number text,
    event_id uuid,
    event_title text,
    start_date date,
    status public.booking_status,
    travellers integer,
    currency text,
    total_cents integer,
    paid_cents integer,
    remaining_cents integer,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_waitlist_entry AS (
    id uuid,
    event_id uuid,
    event_name text,
    full_name text,
    phone text,
    notes text,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_interest_entry AS (
    id uuid,
    event_id uuid,
    event_name text,
    full_name text,
    phone text,
    message text,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_message AS (
    id uuid,
    full_name text,
    phone text,
    message text,
    handled_at timestamp with time zone,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_post AS (
    id uuid,
    kind text,
    event_id uuid,
    event_title text,
    content text,
    is_deleted boolean,
    created_at timestamp with time zone
);

CREATE TYPE public.customer_note AS (
    id uuid,
    body text,
    author_name text,
    created_at timestamp with time zone
);

-- Everything about one customer in one row, or no row when there is nobody by that key. `customer` is a
-- member's profile id or an enquirer's e-mail address (an e-mail that belongs to a member opens the member).
-- The 20 latest comments and replies, with how many there are in all.
CREATE FUNCTION public.admin_customer(customer text) RETURNS TABLE(profile public.customer_profile, travellers public.customer_traveller[], bookings public.customer_booking[], waitlist public.customer_waitlist_entry[], interest public.customer_interest_entry[], contact_messages public.customer_message[], comments public.customer_post[], comment_total integer, notes public.customer_note[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  member_id uuid;
  address text;
  found public.customer_profile;
  recent constant integer := 20;
begin
  perform private.require_admin('read a customer''s record');
  if customer is null or char_length(customer) > 254 then
    return;
  end if;
  if customer ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id, lower(u.email) into member_id, address
    from auth.users u join public.profiles p on p.id = u.id where u.id = customer::uuid;
    if member_id is null then
      return;
    end if;
  elsif private.is_email(customer) then
    address := lower(btrim(customer));
    select u.id into member_id
    from auth.users u join public.profiles p on p.id = u.id where lower(u.email) = address;
  else
    return;
  end if;

  if member_id is not null then
    -- Into a row variable, the columns fill its fields in order.
    select p.id::text, 'member', lower(u.email), p.full_name, p.phone, p.membership_tier::text, p.created_at,
           u.last_sign_in_at, p.is_admin, p.marketing_consent
    into found
    from public.profiles p join auth.users u on u.id = p.id where p.id = member_id;
  else
    select address, 'enquirer', address, c.full_name, null, 'enquirer', c.joined, null, false, false
    into found
    from private.customers c where c.kind = 'enquirer' and c.email = address;
    if found.id is null then
      return;
    end if;
  end if;

  return query select
    found,
    array(
      select row(t.id, t.full_name, t.date_of_birth, t.phone, t.dietary_notes, t.medical_notes,
                 t.emergency_contact_name, t.emergency_contact_phone)::public.customer_traveller
      from public.travellers t where t.user_id = member_id
      order by t.full_name, t.id),
    array(
      select row(b.id, b.invoice_number, b.event_id, e.title, e.start_date, b.status, b.travellers, b.currency,
                 b.total_cents, bb.paid_cents, bb.remaining_cents, b.created_at)::public.customer_booking
      from public.bookings b
      join public.events e on e.id = b.event_id
      join public.booking_balances bb on bb.booking_id = b.id
      where b.user_id = member_id
      order by e.start_date desc, b.created_at desc),
    array(
      select row(w.id, w.event_id, w.event_name, w.full_name, w.phone, w.notes,
                 w.created_at)::public.customer_waitlist_entry
      from public.waitlist_submissions w where lower(w.email) = address
      order by w.created_at desc),
    array(
      select row(i.id, i.event_id, i.event_name, i.full_name, i.phone, i.message,
                 i.created_at)::public.customer_interest_entry
      from public.interest_registrations i where lower(i.email) = address
      order by i.created_at desc),
    array(
      select row(m.id, m.full_name, m.phone, m.message, m.handled_at, m.created_at)::public.customer_message
      from public.contact_messages m where lower(m.email) = address
      order by m.created_at desc),
    array(
      select row(posts.id, posts.kind, posts.event_id, posts.event_title, posts.content, posts.is_deleted,
                 posts.created_at)::public.customer_post
      from (
        (select c.id, 'comment' as kind, c.event_id, e.title as event_title, c.content, c.is_deleted, c.created_at
         from public.comments c join public.events e on e.id = c.event_id
         where c.user_id = member_id order by c.created_at desc limit recent)
        union all
        (select r.id, 'reply', r.event_id, e.title, r.content, r.is_deleted, r.created_at
         from public.comment_replies r join public.events e on e.id = r.event_id
         where r.user_id = member_id order by r.created_at desc limit recent)
      ) posts
      order by posts.created_at desc limit recent),
    ((select count(*) from public.comments c where c.user_id = member_id)
      + (select count(*) from public.comment_replies r where r.user_id = member_id))::integer,
    array(
      select row(n.id, n.body, a.full_name, n.created_at)::public.customer_note
      from public.customer_notes n left join public.profiles a on a.id = n.author_id
      where n.customer_id = member_id or n.customer_email = address
      order by n.created_at desc);
end
$_$;

REVOKE ALL ON FUNCTION public.admin_customer(customer text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_customer(customer text) TO service_role;
GRANT ALL ON FUNCTION public.admin_customer(customer text) TO authenticated;

-- ---------------------------------------------------------------- customers (20261126200001)

-- The manifest of one event: the event, then every traveller named on its bookings that are not
-- cancelled, with the age each will be on the first day (whole years) and what the guides must know.
-- One row; none when there is no such event.
-- The manifest's event and each traveller on it, typed so that `npm run db:types` describes them.
CREATE TYPE public.manifest_event AS (
    id uuid,
    slug text,
    title text,
    status public.event_status,
    location text,
    start_date date,
    end_date date,
    capacity integer,
    places_sold integer,
    travellers_named integer
);

CREATE TYPE public.manifest_traveller AS (
    traveller_id uuid,
    booking_id uuid,
    invoice_number text,
    booked_by text,
    booked_by_email text,
    full_name text,
    date_of_birth date,
    age_on_departure integer,
    phone text,
    dietary_notes text,
    medical_notes text,
    emergency_contact_name text,
    emergency_contact_phone text
);

CREATE FUNCTION public.admin_event_manifest(p_event_id uuid) RETURNS TABLE(event public.manifest_event, travellers public.manifest_traveller[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read a manifest');
  return query
  select
    row(e.id, e.slug, e.title, e.status, e.location, e.start_date, e.end_date, e.max_registrations,
        p.places_sold, p.travellers_named)::public.manifest_event,
    array(
      select row(t.id, b.id, b.invoice_number, pr.full_name, u.email::text, t.full_name, t.date_of_birth,
                 extract(year from age(e.start_date, t.date_of_birth))::integer, t.phone, t.dietary_notes,
                 t.medical_notes, t.emergency_contact_name, t.emergency_contact_phone)::public.manifest_traveller
      from public.bookings b
      join public.booking_travellers bt on bt.booking_id = b.id
      join public.travellers t on t.id = bt.traveller_id
      left join public.profiles pr on pr.id = b.user_id
      left join auth.users u on u.id = b.user_id
      where b.event_id = e.id and b.status <> 'cancelled'
      order by lower(t.full_name), t.id
    )
  from public.events e
  cross join lateral private.event_places(e.id) p
  where e.id = p_event_id;
end
$$;

REVOKE ALL ON FUNCTION public.admin_event_manifest(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_event_manifest(p_event_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.admin_event_manifest(p_event_id uuid) TO authenticated;

-- The overview's lists, typed so that `npm run db:types` describes them (issue 18).
CREATE TYPE public.overview_money AS (
    currency text,
    collected_cents bigint,
    outstanding_cents bigint
);

CREATE TYPE public.overview_departure AS (
    id uuid,
    title text,
    slug text,
    start_date date,
    capacity integer,
    sold integer,
    waitlist integer,
    interest integer
);

CREATE TYPE public.overview_week AS (
    week_start date,
    signups integer,
    bookings integer
);

-- One row (decision 0038): every figure /admin shows. Money in cents per currency: paid is what
-- booking_balances calls paid, and what a booking not cancelled still owes; the store's low stock; the open
-- differences between Stripe and the ledger (decision 0095); the upcoming departures with places sold and
-- enquiries; sign-ups and bookings in each of the last 12 weeks (Sydney, from Monday).
CREATE FUNCTION public.admin_overview() RETURNS TABLE(today date, members integer, new_members_this_month integer, upcoming_count integer, active_count integer, waitlist_total integer, interest_total integer, flagged_comments integer, unanswered_messages integer, low_stock_threshold integer, low_stock_sizes integer, stripe_differences_open integer, money public.overview_money[], upcoming public.overview_departure[], weeks public.overview_week[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION public.admin_overview() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_overview() TO service_role;
GRANT ALL ON FUNCTION public.admin_overview() TO authenticated;

-- ---------------------------------------------------------------- customers

create function public.admin_customers(
  search text default '',
  filter text default '',
  sort text default 'joined',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  id text,
  kind text,
  email text,
  full_name text,
  tier text,
  joined timestamptz,
  bookings integer,
  last_activity timestamptz,
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('list customers');
  perform private.check_list_arguments('customers list', sort,
                                       array['name', 'email', 'tier', 'joined', 'bookings', 'last_activity'],
                                       direction, page_size, page_offset, search);
  -- filter: only members or only enquirers; '' everyone.
  if coalesce(filter, '') not in ('', 'member', 'enquirer') then
    raise exception 'Show members, enquirers or everyone.' using errcode = '22023';
  end if;

  -- The sort column is one of the names checked above, so only a known expression is formatted in.
  return query execute format(
    $sql$
      select c.id, c.kind, c.email, c.full_name, c.tier, c.joined, c.bookings, c.last_activity,
             (count(*) over ())::integer
      from private.customers c
      where ($1::text is null or c.full_name ilike $1 or c.email ilike $1)
        and ($4::text = '' or c.kind = $4)
      order by %1$s %2$s nulls last, c.email, c.id
      limit $2 offset $3
    $sql$,
    case sort
      when 'name' then 'lower(c.full_name)'
      when 'email' then 'c.email'
      when 'tier' then 'c.tier'
      when 'joined' then 'c.joined'
      when 'bookings' then 'c.bookings'
      else 'c.last_activity'
    end,
    direction
  ) using private.search_pattern(search), page_size, page_offset, coalesce(filter, '');
end
$$;
revoke all on function public.admin_customers(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_customers(text, text, text, text, integer, integer)
  to authenticated, service_role;

-- ---------------------------------------------------------------- active events

create function public.admin_active_events(
  search text default '',
  sort text default 'start_date',
  direction text default 'asc',
  page_size integer default 25,
  page_offset integer default 0
)
returns table (
  id uuid,
  slug text,
  title text,
  location text,
  start_date date,
  end_date date,
  capacity integer,
  places_sold integer,
  travellers_named integer,
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  today date := private.sydney_today();
  pattern text;
begin
  perform private.require_admin('see active events');
  -- Not the sort: an unknown key falls back to the departure date (below), as the address is editable.
  perform private.check_page_arguments(direction, page_size, page_offset, search);
  -- The search is literal text: % and _ typed by the admin match themselves.
  pattern := private.search_pattern(search);
  return query
    with active as (
      select e.id, e.slug, e.title, e.location, e.start_date, e.end_date,
             e.max_registrations as capacity, p.places_sold, p.travellers_named
      from public.events e
      cross join lateral private.event_places(e.id) p
      where e.status = 'published'
        and e.start_date <= today + 60
        and e.end_date >= today
        and (pattern is null or e.title ilike pattern or e.location ilike pattern or e.slug ilike pattern)
    )
    select a.id, a.slug, a.title, a.location, a.start_date, a.end_date, a.capacity, a.places_sold,
           a.travellers_named, (count(*) over ())::integer
    from active a
    -- Unknown sort keys fall back to the departure date: the address is the admin's to edit.
    order by
      case when direction = 'asc' then
        case sort when 'title' then lower(a.title) when 'location' then lower(a.location) end
      end asc nulls last,
      case when direction = 'desc' then
        case sort when 'title' then lower(a.title) when 'location' then lower(a.location) end
      end desc nulls last,
      case when direction = 'asc' then
        case sort when 'places_sold' then a.places_sold when 'capacity' then a.capacity end
      end asc nulls last,
      case when direction = 'desc' then
        case sort when 'places_sold' then a.places_sold when 'capacity' then a.capacity end
      end desc nulls last,
      case when direction = 'asc' then
        case when sort = 'end_date' then a.end_date else a.start_date end
      end asc,
      case when direction = 'desc' then
        case when sort = 'end_date' then a.end_date else a.start_date end
      end desc,
      a.title, a.id
    limit page_size offset page_offset;
end
$$;
revoke all on function public.admin_active_events(text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_active_events(text, text, text, integer, integer)
  to authenticated, service_role;
