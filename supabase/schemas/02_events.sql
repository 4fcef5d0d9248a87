-- Events, their reactions, follows and favourites.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261121000100_create_profiles:
--   Member profiles, the admin helper and the shared trigger functions.
--   Every table gets explicit grants: new public tables are not exposed to the API roles by default, and on
--   older projects where they are, the `revoke all` first makes the grants below the whole truth.
-- 20261121000200_create_events:
--   Trips people can book. The slug links a row to the trip's marketing page in Sanity.
-- 20261121000300_create_reactions_and_follows:
--   Reactions to events (public), follows and favourites (private to the member).
-- 20261121000400_create_comments:
--   Comments on events, replies to them, hearts on either, and the authors' public names.
--   Members write and soft-delete only their own words; admins moderate (pin, flag, delete) but never rewrite.
-- 20261121000600_create_bookings:
--   Bookings and their payment schedules. Amounts are whole cents; members read only their own, admins
--   write everything. Bookings are financial records: deleting a member or an event does not erase them.
-- 20261124300001_create_travellers:
--   A member's travellers: the people they book for (themselves included), with what the company needs on
--   a trip (date of birth, dietary and medical notes, an emergency contact). Members keep their own list;
--   admins read every traveller (trip safety). booking_travellers says who travels on which booking.
--   Field rules as src/lib/rules/fields.ts and src/features/travellers/traveller-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261124500001_event_follow_toggle:
--   Following an event (spec §5: "one toggle sets both follow and favourite together"): one call sets or
--   clears the member's event_follows and favorites rows in one transaction, so the two never disagree after
--   a half-done toggle. Security invoker: the tables' own policies decide (only the caller's rows, only
--   published events); the function only bundles the two writes. docs/decisions/0023-reactions-and-follows.md
-- 20261124500002_event_reaction_counts:
--   The events page's reaction counts in one small request whatever the number of reactions (PostgREST
--   returns at most max_rows = 1000 rows, so counting raw rows in the browser would undercount). Security
--   invoker: the reactions policies decide which rows are counted (published events; an admin also drafts).
-- 20261124700001_create_event_updates:
--   Event updates (issue 9, /event-updates): news an admin posts for an event. Members read the updates of
--   the events they follow or have booked (a booking not cancelled); visitors read nothing. Each member
--   marks updates read in event_update_reads, their own rows only. Field rules as
--   src/features/admin/updates/update-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261126300001_extend_events_for_admin:
--   Issue 10, /admin/events and /admin/event-management (decision 0035): the event form's fields hold the
--   same rules as src/features/admin/events/event-rules.ts (supabase/tests/database/event-rules-agree.test.ts proves it), each
--   departure gets a slug of its own while trip_slug names its Sanity trip, the status badge and the images
--   are columns, and cancelling an event tells its followers and travellers by e-mail. Admins write through
--   the existing RLS policies (events_*_admin); the audit trigger records every change.
-- 20261126400001_admin_active_events:
--   /admin/active-events and each event's manifest (decision 0036). Both are reads that join bookings,
--   travellers and auth.users (e-mails), so each is ONE security-definer function that refuses anyone but an
--   admin (42501): a member calling them through supabase-js gets nothing. Nothing here writes.
-- 20261126600002_link_enquiries_to_departures:
--   The trip pages' waitlist and interest forms send the trip's name (event_name, the Sanity trip's title), not
--   an event id: the static page cannot know which row is the next departure. So the database links an entry
--   that arrives without an event_id to the trip's next departure still to end, by title (letter case aside):
--   the overview's counts per departure then include what visitors send, and a later offer of a freed place
--   knows which departure an entry waits for. No match (a trip with no departure on sale): it stays null.
-- 20261127200001_send_event_updates:
--   /admin/event-updates (issue 11): an admin sends an update to a segment of an event's people, in-app and by
--   e-mail, in ONE database call: the update row, its readers (the select policy follows the segment) and one
--   outbox message per address are written in one transaction, so a closed tab loses nothing and a second
--   sender never doubles a message (the outbox's claim takes each row once). Decision 0040.
-- 20261127400001_create_traveller_forms:
--   Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
--   members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
--   Answers are private to their member and admins. The fields live in the form row as a JSON array that a
--   CHECK validates (one place), and answers are validated against them by the only function that writes them.

-- ---------------------------------------------------------------- types

CREATE TYPE public.event_status AS ENUM (
    'draft',
    'published',
    'completed',
    'cancelled'
);

CREATE TYPE public.reaction_type AS ENUM (
    'heart',
    'ghost',
    'flame',
    'interested',
    'going'
);

-- ---------------------------------------------------------------- what public.events checks, and its policies ask

-- The event's images: paths in the event-images bucket, each in an uploader's folder as the storage
-- policy wants (<user id>/<milliseconds>.<ext>), at most 12, no repeats.
CREATE FUNCTION private.are_event_image_paths(paths text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select coalesce(cardinality(paths), 0) <= 12
     and array_position(paths, null) is null
     and not exists (
       select 1 from unnest(paths) p
       where p !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9]{1,16}\.(png|jpg|gif|webp)$'
     )
     and (select count(distinct p) from unnest(paths) p) = coalesce(cardinality(paths), 0)
$_$;

GRANT ALL ON FUNCTION private.are_event_image_paths(paths text[]) TO anon;
GRANT ALL ON FUNCTION private.are_event_image_paths(paths text[]) TO authenticated;
GRANT ALL ON FUNCTION private.are_event_image_paths(paths text[]) TO service_role;

-- Its description: trimmed, 1 to 10,000 characters, no controls but tab, line feed, return.
CREATE FUNCTION private.is_event_description(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 10000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_event_description(value text) TO anon;
GRANT ALL ON FUNCTION private.is_event_description(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_event_description(value text) TO service_role;

-- Its location: trimmed, 1 to 200 characters, one line (an empty location is stored as null).
CREATE FUNCTION private.is_event_location(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_event_location(value text) TO anon;
GRANT ALL ON FUNCTION private.is_event_location(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_event_location(value text) TO service_role;

-- field rules:

-- An event's title: trimmed, 1 to 200 characters, one line, no control characters.
CREATE FUNCTION private.is_event_title(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_event_title(value text) TO anon;
GRANT ALL ON FUNCTION private.is_event_title(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_event_title(value text) TO service_role;

-- ---------------------------------------------------------------- public.events

-- Columns, as the migrations explain them:
--   trip_slug: The Sanity trip (its /tours/<slug> page) this departure belongs to; null: no trip page.
--   badge: The badge shown with the event (the rule for each is the editor's help, src/features/admin/events/event-rules.ts).
CREATE TABLE public.events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slug text DEFAULT ''::text NOT NULL,
    title text NOT NULL,
    description text,
    location text,
    event_type text DEFAULT 'paranormal'::text NOT NULL,
    status public.event_status DEFAULT 'draft'::public.event_status NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    price_cents integer,
    currency text DEFAULT 'AUD'::text NOT NULL,
    max_registrations integer,
    custom_fields jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    trip_slug text,
    badge text DEFAULT 'eoi'::text NOT NULL,
    image_paths text[] DEFAULT '{}'::text[] NOT NULL,
    bookings_open_on date,
    bookings_close_on date,
    deposit_per_traveller_cents integer,
    balance_instalments smallint DEFAULT 1 NOT NULL,
    gst_treatment text DEFAULT 'taxable'::text NOT NULL,
    next_room_priority_days smallint,
    traveller_changes_close_days smallint,
    payment_plan_id uuid,
    first_sold_out_at timestamp with time zone,
    CONSTRAINT events_badge_check CHECK ((badge = ANY (ARRAY['eoi'::text, 'live'::text, 'locked-in'::text, 'confirmed'::text]))),
    CONSTRAINT events_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT events_custom_fields_check CHECK ((jsonb_typeof(custom_fields) = 'object'::text)),
    CONSTRAINT events_booking_window_in_order CHECK (((bookings_open_on IS NULL) OR (bookings_close_on IS NULL) OR (bookings_open_on <= bookings_close_on))),
    CONSTRAINT events_bookings_before_departure CHECK ((((bookings_open_on IS NULL) OR (bookings_open_on < start_date)) AND ((bookings_close_on IS NULL) OR (bookings_close_on < start_date)))),
    CONSTRAINT events_dates_in_order CHECK ((end_date >= start_date)),
    CONSTRAINT events_description_check CHECK (((description IS NULL) OR private.is_event_description(description))),
    CONSTRAINT events_event_type_check CHECK ((event_type = ANY (ARRAY['paranormal'::text, 'history'::text]))),
    CONSTRAINT events_image_paths_check CHECK (private.are_event_image_paths(image_paths)),
    CONSTRAINT events_location_check CHECK (((location IS NULL) OR private.is_event_location(location))),
    CONSTRAINT events_max_registrations_check CHECK (((max_registrations IS NULL) OR ((max_registrations >= 1) AND (max_registrations <= 10000)))),
    CONSTRAINT events_price_cents_check CHECK (((price_cents >= 0) AND (price_cents <= 100000000))),
    CONSTRAINT events_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (char_length(slug) <= 100))),
    CONSTRAINT events_title_check CHECK (private.is_event_title(title)),
    CONSTRAINT events_trip_slug_check CHECK (((trip_slug IS NULL) OR private.is_slug(trip_slug))),
    CONSTRAINT events_deposit_per_traveller_cents_check CHECK (((deposit_per_traveller_cents IS NULL) OR ((deposit_per_traveller_cents >= 0) AND (deposit_per_traveller_cents <= 100000000)))),
    CONSTRAINT events_balance_instalments_check CHECK (((balance_instalments >= 1) AND (balance_instalments <= 12))),
    CONSTRAINT events_gst_treatment_check CHECK ((gst_treatment = ANY (ARRAY['taxable'::text, 'gst-free'::text]))),
    CONSTRAINT events_next_room_priority_days_check CHECK (((next_room_priority_days IS NULL) OR ((next_room_priority_days >= 1) AND (next_room_priority_days <= 365)))),
    CONSTRAINT events_priority_needs_opening_day CHECK (((next_room_priority_days IS NULL) OR (bookings_open_on IS NOT NULL))),
    CONSTRAINT events_traveller_changes_close_days_check CHECK (((traveller_changes_close_days IS NULL) OR ((traveller_changes_close_days >= 0) AND (traveller_changes_close_days <= 365))))
);

COMMENT ON COLUMN public.events.first_sold_out_at IS 'When the departure''s bookings first took every place (stamped by the database): from then, places that free up go to its waitlist (decision 0082).';

COMMENT ON COLUMN public.events.slug IS 'The departure''s own address (/event-details/<slug>): named by events_name_slug from title and start date when not given.';

COMMENT ON COLUMN public.events.price_cents IS 'Price per person in cents of currency (null: not announced yet).';

COMMENT ON COLUMN public.events.max_registrations IS 'Capacity: places on the trip (null: not limited).';

COMMENT ON COLUMN public.events.trip_slug IS 'The Sanity trip (/tours/<slug>) this departure belongs to.';

COMMENT ON COLUMN public.events.image_paths IS 'Images in the event-images bucket, in order.';

COMMENT ON COLUMN public.events.bookings_open_on IS 'The first day (Sydney) bookings are taken (null: from publication).';

COMMENT ON COLUMN public.events.bookings_close_on IS 'The last day (Sydney) bookings are taken (null: until the day before departure).';

COMMENT ON COLUMN public.events.deposit_per_traveller_cents IS 'Deposit per traveller in cents (null: the company''s, private.booking_settings).';

COMMENT ON COLUMN public.events.balance_instalments IS 'The payment plan: how many instalments the balance after the deposit is split into.';

COMMENT ON COLUMN public.events.gst_treatment IS 'taxable (price includes 10% GST) or gst-free (e.g. an overseas tour).';

COMMENT ON COLUMN public.events.next_room_priority_days IS 'A limited event: Next Room members may book this many days before bookings_open_on (null: not limited).';

COMMENT ON COLUMN public.events.payment_plan_id IS 'The payment plan template (public.payment_plans; null: the company''s standard, balance_instalments parts spread evenly).';
COMMENT ON COLUMN public.events.traveller_changes_close_days IS 'Members may change who travels and their details until this many days before departure (null: the company''s, private.booking_settings).';

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_slug_key UNIQUE (slug);

CREATE INDEX events_created_at_idx ON public.events USING btree (created_at DESC);

CREATE INDEX events_lower_title_idx ON public.events USING btree (lower(title)) WHERE (status = 'published'::public.event_status);

CREATE INDEX events_status_start_date_idx ON public.events USING btree (status, start_date);

-- The events pages' order (start date, then id): the comments' first read embeds each event's first comments
-- and takes the first few events, which PostgreSQL does event by event, stopping early, only when it can
-- walk the events in that order (decision 0070).
CREATE INDEX events_start_date_id_idx ON public.events USING btree (start_date, id);

ALTER TABLE public.events ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.events FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY events_delete_admin ON public.events FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY events_insert_admin ON public.events FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY events_select_anon ON public.events FOR SELECT TO anon USING ((status <> 'draft'::public.event_status));

CREATE POLICY events_select_authenticated ON public.events FOR SELECT TO authenticated USING (((status <> 'draft'::public.event_status) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY events_update_admin ON public.events FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.events TO service_role;
GRANT SELECT ON TABLE public.events TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.events TO authenticated;

-- public.events: its functions and triggers

-- Everything but drafts is public: published trips, completed ones and cancellations people may look up.
-- Security definer so policies on community tables can ask without depending on the events policies.
CREATE FUNCTION private.is_public_event(event_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.events e where e.id = event_id and e.status <> 'draft')
$$;

REVOKE ALL ON FUNCTION private.is_public_event(event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_public_event(event_id uuid) TO anon;
GRANT ALL ON FUNCTION private.is_public_event(event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.is_public_event(event_id uuid) TO service_role;

-- An event's phase, as the admin area lists and picks it (decision 0063): a published event whose last day
-- has passed in Sydney (private.sydney_today(), the day src/lib/format/today.ts's hasEnded reads) is
-- completed, as members already see it on /completed-events; anything else is its status. The one place
-- this rule is written: public.admin_events shows it, and the admin lists filter and sort by it.
CREATE FUNCTION private.event_phase(status public.event_status, end_date date) RETURNS public.event_status
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when status = 'published' and end_date < private.sydney_today()
              then 'completed'::public.event_status else status end
$$;

REVOKE ALL ON FUNCTION private.event_phase(status public.event_status, end_date date) FROM PUBLIC;
GRANT ALL ON FUNCTION private.event_phase(status public.event_status, end_date date) TO authenticated;
GRANT ALL ON FUNCTION private.event_phase(status public.event_status, end_date date) TO service_role;

-- cancellation e-mail:

-- When an event becomes cancelled, everyone who follows it gets one e-mail, however many ways they are linked
-- to it; a member who holds a booking for it (not one already cancelled) gets instead the one e-mail about
-- their booking's cancellation and refund (private.settle_cancelled_departure, decision 0096). Runs in the
-- same transaction as the change, so a cancellation and its e-mail exist together.
CREATE FUNCTION private.mail_event_cancelled() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  title text := regexp_replace(new.title, '[[:cntrl:]]+', ' ', 'g');
begin
  select * into settings from private.company_settings;
  if settings is null then
    return null;
  end if;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  select distinct on (lower(u.email))
    u.email,
    settings.contact_email,
    left('Cancelled: ' || title, 300),
    array_to_string(array[
      'We are sorry: ' || title || ' (' || to_char(new.start_date, 'FMDD Mon YYYY') || ') has been cancelled.',
      '',
      'You can reply to this e-mail with any questions.',
      '',
      'Details: ' || settings.site_url || '/event-details/' || new.id,
      '-- ',
      settings.brand_name
    ], E'\n')
  from public.event_follows people
  join auth.users u on u.id = people.user_id
  where people.event_id = new.id and u.email is not null and private.is_email(u.email)
    and not exists (select 1 from public.bookings b
                    where b.event_id = new.id and b.user_id = people.user_id and b.status <> 'cancelled')
  order by lower(u.email);
  perform pg_notify('outbound_mail', '');
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.mail_event_cancelled() FROM PUBLIC;

CREATE FUNCTION private.name_event_slug() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  base text;
  candidate text;
  n integer := 1;
begin
  if new.slug is not null and new.slug <> '' then
    return new;
  end if;
  base := btrim(regexp_replace(lower(coalesce(new.title, '')), '[^a-z0-9]+', '-', 'g'), '-');
  base := btrim(left(coalesce(nullif(base, ''), 'event'), 80), '-');
  base := base || '-' || to_char(new.start_date, 'YYYY-MM-DD');
  candidate := base;
  while exists (select 1 from public.events e where e.slug = candidate) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  new.slug := candidate;
  return new;
end
$$;

CREATE TRIGGER mail_cancellation AFTER UPDATE OF status ON public.events FOR EACH ROW WHEN (((new.status = 'cancelled'::public.event_status) AND (old.status IS DISTINCT FROM 'cancelled'::public.event_status))) EXECUTE FUNCTION private.mail_event_cancelled();

CREATE TRIGGER name_slug BEFORE INSERT ON public.events FOR EACH ROW EXECUTE FUNCTION private.name_event_slug();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- public.admin_events

-- The events as the admin area lists them: the list's columns and each event's phase (private.event_phase:
-- a published event that has ended reads completed). Security invoker, so the events policies decide
-- exactly as for the table: admins see every event, members and visitors nothing they could not read
-- there (and visitors nothing at all). Read-only.
CREATE VIEW public.admin_events WITH (security_invoker='true') AS
 SELECT e.id,
    e.slug,
    e.title,
    e.location,
    e.status,
    e.badge,
    e.start_date,
    e.end_date,
    e.price_cents,
    e.currency,
    e.max_registrations,
    e.trip_slug,
    e.updated_at,
    private.event_phase(e.status, e.end_date) AS phase
   FROM public.events e;

GRANT ALL ON TABLE public.admin_events TO service_role;
GRANT SELECT ON TABLE public.admin_events TO authenticated;

-- ---------------------------------------------------------------- public.event_follows

CREATE TABLE public.event_follows (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    event_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.event_follows
    ADD CONSTRAINT event_follows_one_per_member_event UNIQUE (user_id, event_id);

ALTER TABLE ONLY public.event_follows
    ADD CONSTRAINT event_follows_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.event_follows
    ADD CONSTRAINT event_follows_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_follows
    ADD CONSTRAINT event_follows_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX event_follows_event_id_idx ON public.event_follows USING btree (event_id);

ALTER TABLE public.event_follows ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_follows FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY event_follows_delete_authenticated ON public.event_follows FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY event_follows_insert_authenticated ON public.event_follows FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.is_public_event(event_id)));

CREATE POLICY event_follows_select_authenticated ON public.event_follows FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.event_follows TO service_role;
GRANT SELECT,DELETE ON TABLE public.event_follows TO authenticated;

GRANT INSERT(user_id) ON TABLE public.event_follows TO authenticated;

GRANT INSERT(event_id) ON TABLE public.event_follows TO authenticated;

-- public.event_follows: its functions

-- Whether the caller follows the event or holds a booking for it that is not cancelled. Runs as the
-- caller: their own policies show them only their own follows and bookings.
CREATE FUNCTION private.follows_or_booked(p_event_id uuid) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.event_follows f where f.event_id = p_event_id and f.user_id = (select auth.uid())
  ) or exists (
    select 1 from public.bookings b
    where b.event_id = p_event_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
  )
$$;

GRANT ALL ON FUNCTION private.follows_or_booked(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.follows_or_booked(p_event_id uuid) TO service_role;

-- Following an event (spec §5: "one toggle sets both follow and favourite together"): one call sets or
-- clears the member's event_follows and favorites rows in one transaction, so the two never disagree after
-- a half-done toggle. Security invoker: the tables' own policies decide (only the caller's rows, only
-- published events); the function only bundles the two writes. docs/decisions/0023-reactions-and-follows.md
CREATE FUNCTION public.set_event_follow(followed_event uuid, follow boolean) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'sign in to follow events' using errcode = '42501';
  end if;
  if follow then
    insert into public.event_follows (user_id, event_id) values (me, followed_event) on conflict do nothing;
    insert into public.favorites (user_id, event_id) values (me, followed_event) on conflict do nothing;
  else
    delete from public.event_follows f where f.user_id = me and f.event_id = followed_event;
    delete from public.favorites f where f.user_id = me and f.event_id = followed_event;
  end if;
  return follow;
end;
$$;

REVOKE ALL ON FUNCTION public.set_event_follow(followed_event uuid, follow boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_event_follow(followed_event uuid, follow boolean) TO service_role;
GRANT ALL ON FUNCTION public.set_event_follow(followed_event uuid, follow boolean) TO authenticated;

-- ---------------------------------------------------------------- public.reactions

CREATE TABLE public.reactions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    event_id uuid NOT NULL,
    reaction_type public.reaction_type NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.reactions
    ADD CONSTRAINT reactions_one_per_member_event_type UNIQUE (user_id, event_id, reaction_type);

ALTER TABLE ONLY public.reactions
    ADD CONSTRAINT reactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.reactions
    ADD CONSTRAINT reactions_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reactions
    ADD CONSTRAINT reactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX reactions_event_id_idx ON public.reactions USING btree (event_id);

ALTER TABLE public.reactions ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.reactions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

-- Only one's own: a member takes a reaction back by event and type alone (user_id is not readable).
CREATE POLICY reactions_delete_authenticated ON public.reactions FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY reactions_insert_authenticated ON public.reactions FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.is_public_event(event_id)));

CREATE POLICY reactions_select_authenticated ON public.reactions FOR SELECT TO authenticated USING ((private.is_public_event(event_id) OR ( SELECT private.is_admin() AS is_admin)));

-- Who reacted is nobody else's business (decision 0058): visitors read no rows (they get counts), members
-- read rows without user_id or created_at (enough for Realtime to tell them a count changed), and each
-- member reads their own through public.my_reactions.
GRANT ALL ON TABLE public.reactions TO service_role;
GRANT DELETE ON TABLE public.reactions TO authenticated;

GRANT SELECT(id) ON TABLE public.reactions TO authenticated;

GRANT SELECT(event_id) ON TABLE public.reactions TO authenticated;

GRANT SELECT(reaction_type) ON TABLE public.reactions TO authenticated;

GRANT INSERT(user_id) ON TABLE public.reactions TO authenticated;

GRANT INSERT(event_id) ON TABLE public.reactions TO authenticated;

GRANT INSERT(reaction_type) ON TABLE public.reactions TO authenticated;

-- ---------------------------------------------------------------- public.event_reaction_counts

-- The events page's reaction counts in one small request whatever the number of reactions (PostgREST
-- returns at most max_rows = 1000 rows, so counting raw rows in the browser would undercount). The owner's
-- rights, because visitors may not read reactions themselves (decision 0058); it counts what the reactions
-- policies would show: public events, and for an admin drafts too.
CREATE VIEW public.event_reaction_counts WITH (security_invoker='false', security_barrier='true') AS
 SELECT r.event_id,
    r.reaction_type,
    (count(*))::integer AS total
   FROM public.reactions r
  WHERE (private.is_public_event(r.event_id) OR ( SELECT private.is_admin() AS is_admin))
  GROUP BY r.event_id, r.reaction_type;

GRANT ALL ON TABLE public.event_reaction_counts TO service_role;
GRANT SELECT ON TABLE public.event_reaction_counts TO anon;
GRANT SELECT ON TABLE public.event_reaction_counts TO authenticated;

-- ---------------------------------------------------------------- public.my_reactions

-- The caller's own reactions (the events page shows them pressed), embedded under events through
-- event_id. The owner's rights, because members cannot read reactions.user_id to filter by it; the view
-- shows the caller's rows and nobody else's. Read-only: it is never granted a write.
CREATE VIEW public.my_reactions WITH (security_invoker='false', security_barrier='true') AS
 SELECT r.id,
    r.event_id,
    r.reaction_type
   FROM public.reactions r
  WHERE (r.user_id = ( SELECT auth.uid() AS uid));

COMMENT ON VIEW public.my_reactions IS 'The caller''s own reactions to events.';

GRANT ALL ON TABLE public.my_reactions TO service_role;
GRANT SELECT ON TABLE public.my_reactions TO authenticated;

-- ---------------------------------------------------------------- public.favorites

CREATE TABLE public.favorites (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    event_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_one_per_member_event UNIQUE (user_id, event_id);

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX favorites_event_id_idx ON public.favorites USING btree (event_id);

ALTER TABLE public.favorites ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.favorites FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY favorites_delete_authenticated ON public.favorites FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY favorites_insert_authenticated ON public.favorites FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.is_public_event(event_id)));

CREATE POLICY favorites_select_authenticated ON public.favorites FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.favorites TO service_role;
GRANT SELECT,DELETE ON TABLE public.favorites TO authenticated;

GRANT INSERT(user_id) ON TABLE public.favorites TO authenticated;

GRANT INSERT(event_id) ON TABLE public.favorites TO authenticated;

-- ---------------------------------------------------------------- functions

-- Places sold on an event: travellers on its bookings that are not cancelled (as the overview counts).
-- Travellers named: the people linked to those bookings, who appear on the manifest. Called only from the
-- security-definer functions below, so it runs with their rights and nobody else may call it.
CREATE FUNCTION private.event_places(p_event_id uuid, OUT places_sold integer, OUT travellers_named integer) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select
    coalesce((select sum(b.travellers) from public.bookings b
              where b.event_id = p_event_id and b.status <> 'cancelled'), 0)::integer,
    (select count(*) from public.booking_travellers bt
       join public.bookings b on b.id = bt.booking_id
     where b.event_id = p_event_id and b.status <> 'cancelled')::integer
$$;

REVOKE ALL ON FUNCTION private.event_places(p_event_id uuid, OUT places_sold integer, OUT travellers_named integer) FROM PUBLIC;

-- Whether the caller's account address is on the event's waitlist. Security definer: members cannot read
-- waitlist entries, and this answers only about their own address.
CREATE FUNCTION private.on_waitlist(p_event_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.waitlist_submissions w join auth.users u on lower(u.email) = lower(w.email)
    where w.event_id = p_event_id and u.id = (select auth.uid())
  )
$$;

REVOKE ALL ON FUNCTION private.on_waitlist(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.on_waitlist(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION private.on_waitlist(p_event_id uuid) TO service_role;
