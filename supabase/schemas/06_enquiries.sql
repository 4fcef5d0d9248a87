-- Waitlist, interest and contact enquiries, and the admins’ lists and replies.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261121000500_create_enquiries:
--   What visitors send the company: waitlist entries, interest registrations and contact messages.
--   Anyone may send one; only admins read, update or delete them.
-- 20261123100001_limit_waitlist_probes:
--   'Already on waitlist' tells whoever asks that an address is on a trip's waitlist. The product asks for
--   that answer, so it stays, but one client gets only a few of them per hour: enough for a person who forgot
--   they signed up, too few to test a list of addresses. The answer now comes only from
--   public.join_waitlist(); visitors may no longer insert rows themselves, because the unique index's 409
--   would give the same answer with no limit at all.
-- 20261124100001_marketing_consent:
--   Spam Act 2003: marketing e-mail goes only to people who ticked a box for it, we can show when they did,
--   and every such e-mail can be unsubscribed from. Consent lives on the member's profile and on each waitlist
--   entry and interest registration (a visitor without an account consents there). Its time is stamped here,
--   never sent by a client. See docs/decisions/0018-forms-outbox-and-consent.md.
-- 20261126200001_create_customer_admin:
--   /admin/customers (decision 0034): members and enquirers in one list, one customer's whole record, and
--   staff notes. The list and the record are each ONE security-definer call that checks private.is_admin():
--   e-mail addresses live in auth.users, which no API role reads, and one call keeps the screen at one
--   request however many tables it draws on. Members are keyed by their profile id, enquirers (e-mails in
--   waitlist, interest or contact with no account) by their lower-cased e-mail address.
-- 20261126500001_admin_enquiries:
--   The admin's enquiries screen (/admin/waitlist, decision 0037): waitlist entries, interest registrations
--   and contact messages, each marked done when someone has answered, read a page at a time by RPC, and
--   answered by e-mail from the screen. Admins change rows through the tables' existing RLS policies (the
--   audit_change triggers record each change); reading and replying go through the functions below, which
--   refuse anyone but an admin with 42501.
-- 20261126600001_create_admin_overview:
--   /admin's overview in one request (decision 0038): every figure the screen shows, as one json object, read
--   as the table owner after checking the caller is an admin (a member gets 42501, a visitor cannot call it).
--   "Today", "this month" and "a week" are the company's, in Sydney; weeks start on Monday.
-- 20261126600002_link_enquiries_to_departures:
--   The trip pages' waitlist and interest forms send the trip's name (event_name, the Sanity trip's title), not
--   an event id: the static page cannot know which row is the next departure. So the database links an entry
--   that arrives without an event_id to the trip's next departure still to end, by title (letter case aside):
--   the overview's counts per departure then include what visitors send, and a later offer of a freed place
--   knows which departure an entry waits for. No match (a trip with no departure on sale): it stays null.
-- 20261128700001_paged_lists_share_checks:
--   One rule, one place (decision 0044): the paged admin lists written before private.check_list_arguments
--   (migration 20261128200001) checked their arguments by hand, each in its own words, or not at all (the
--   enquiry lists clamped a bad page instead). Each is recreated here, same arguments, same rows, its checks
--   now the shared ones: unknown sort, direction asc|desc, a page of 1 to 1,000 rows from an offset of 0 or
--   more, a search of at most 200 characters, each refused with 22023 and the same words everywhere.
-- 20261129920001_register_interest_once:
--   Interest is registered once per trip and address, as the waitlist is (decision 0061): a unique index on
--   the trip and the lower-cased address, public.register_interest() answering 'registered' or 'already'
--   (counted with the waitlist's 'already' answers), no direct inserts by visitors. Earlier duplicates were
--   deleted, the earliest of each kept.

-- ---------------------------------------------------------------- private.enquiry_limits

-- How many enquiries (contact messages, interest registrations and waitlist joins together) one client may
-- send in an hour. Each one e-mails the company with a Reply-To of the sender's choosing, so a script must
-- not turn the forms into a mail cannon (issue 19). Test stacks raise it, as they raise the auth limits.
CREATE TABLE private.enquiry_limits (
    only_row boolean DEFAULT true NOT NULL,
    per_hour integer NOT NULL,
    CONSTRAINT enquiry_limits_only_row_check CHECK (only_row),
    CONSTRAINT enquiry_limits_per_hour_check CHECK (((per_hour >= 1) AND (per_hour <= 1000000)))
);

COMMENT ON TABLE private.enquiry_limits IS 'How many enquiries across the contact, interest and waitlist forms one client may send in an hour (one row; operators only).';

ALTER TABLE ONLY private.enquiry_limits
    ADD CONSTRAINT enquiry_limits_pkey PRIMARY KEY (only_row);

ALTER TABLE private.enquiry_limits ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.enquiry_limits TO service_role;

-- The one row: 10 enquiries an hour from one address (a family or an office sends a few, a script hundreds).
INSERT INTO private.enquiry_limits (only_row, per_hour) VALUES (true, 10);

-- ---------------------------------------------------------------- private.enquiry_attempts

-- One row per enquiry an end user sent, by client address, kept for an hour: what the limit counts.
CREATE TABLE private.enquiry_attempts (
    id bigint NOT NULL,
    client text NOT NULL,
    attempted_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT enquiry_attempts_client_check CHECK ((char_length(client) <= 200))
);

COMMENT ON TABLE private.enquiry_attempts IS 'One row per enquiry from an end user, by client address, for the last hour only: the hourly limit counts them.';

ALTER TABLE private.enquiry_attempts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.enquiry_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.enquiry_attempts
    ADD CONSTRAINT enquiry_attempts_pkey PRIMARY KEY (id);

CREATE INDEX enquiry_attempts_client_attempted_at_idx ON private.enquiry_attempts USING btree (client, attempted_at);

CREATE INDEX enquiry_attempts_attempted_at_idx ON private.enquiry_attempts USING btree (attempted_at);

ALTER TABLE private.enquiry_attempts ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.enquiry_attempts TO service_role;

-- private.enquiry_attempts: its function, the trigger on each enquiry table

-- Counts an end user's enquiry against their client address, refusing it past the hourly limit with SQLSTATE
-- PT429 (PostgREST answers HTTP 429). The role is the request's (SET ROLE), which join_waitlist's security
-- definer does not change, so waitlist joins count too; operators, the seed and the service role do not.
-- Attempts older than an hour are deleted as it goes: client addresses are kept no longer than needed.
CREATE FUNCTION private.limit_enquiry_rate() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller_address text := private.request_client();
  allowed integer;
  recent integer;
begin
  if current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  -- One client's enquiries one at a time, so two at once cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('enquiry_rate:' || caller_address));
  delete from private.enquiry_attempts a where a.attempted_at <= now() - interval '1 hour';
  select l.per_hour into allowed from private.enquiry_limits l;
  select count(*) into recent from private.enquiry_attempts a where a.client = caller_address;
  if recent >= allowed then
    raise exception 'Too many messages from this address: at most % an hour', allowed
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  insert into private.enquiry_attempts (client) values (caller_address);
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.limit_enquiry_rate() FROM PUBLIC;

-- ---------------------------------------------------------------- public.contact_messages

CREATE TABLE public.contact_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    full_name text NOT NULL,
    email text NOT NULL,
    phone text,
    message text NOT NULL,
    handled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contact_messages_email_check CHECK (private.is_email(email)),
    CONSTRAINT contact_messages_full_name_check CHECK (private.is_person_name(full_name)),
    CONSTRAINT contact_messages_message_check CHECK (private.is_message(message)),
    CONSTRAINT contact_messages_phone_check CHECK (((phone IS NULL) OR private.is_phone(phone)))
);

COMMENT ON COLUMN public.contact_messages.handled_at IS 'Set by an admin once the message has been answered.';

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages USING btree (created_at DESC);

CREATE INDEX contact_messages_lower_email_idx ON public.contact_messages USING btree (lower(email), created_at);

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.contact_messages FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY contact_messages_delete_admin ON public.contact_messages FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY contact_messages_insert_anyone ON public.contact_messages FOR INSERT TO anon, authenticated WITH CHECK (true);

-- Contact messages concern no event: the constraints above are the whole rule for senders.
CREATE POLICY contact_messages_select_admin ON public.contact_messages FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY contact_messages_update_admin ON public.contact_messages FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.contact_messages TO service_role;
GRANT SELECT ON TABLE public.contact_messages TO anon;
GRANT SELECT,DELETE,UPDATE ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(full_name) ON TABLE public.contact_messages TO anon;
GRANT INSERT(full_name) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(email) ON TABLE public.contact_messages TO anon;
GRANT INSERT(email) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(phone) ON TABLE public.contact_messages TO anon;
GRANT INSERT(phone) ON TABLE public.contact_messages TO authenticated;

GRANT INSERT(message) ON TABLE public.contact_messages TO anon;
GRANT INSERT(message) ON TABLE public.contact_messages TO authenticated;

-- public.contact_messages: its functions and triggers

CREATE FUNCTION private.stamp_enquiry_handled_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.handled_at is not null then
    new.handled_at := coalesce(old.handled_at, now());
  end if;
  return new;
end
$$;

-- Answers one enquiry by e-mail: the message goes to the address the enquirer gave (never one the caller
-- names), with the company's contact address to reply to, and the enquiry is marked answered (contacted or
-- handled; the audit trigger records that). kind: 'waitlist', 'interest' or 'contact'. Returns the address.
CREATE FUNCTION public.reply_to_enquiry(kind text, enquiry_id uuid, subject text, body text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  recipient text;
begin
  perform private.require_admin('reply to an enquiry');
  if subject is null or not private.is_reply_subject(subject) then
    raise exception 'Please enter a subject of up to 200 characters on one line.' using errcode = '22023';
  end if;
  if body is null or not private.is_reply_body(body) then
    raise exception 'Please enter a message of up to 5000 characters.' using errcode = '22023';
  end if;
  if kind = 'waitlist' then
    update public.waitlist_submissions set contacted_at = now() where id = enquiry_id returning email
      into recipient;
  elsif kind = 'interest' then
    update public.interest_registrations set handled_at = now() where id = enquiry_id returning email
      into recipient;
  elsif kind = 'contact' then
    update public.contact_messages set handled_at = now() where id = enquiry_id returning email
      into recipient;
  else
    raise exception 'Unknown kind of enquiry: %', kind using errcode = '22023';
  end if;
  if recipient is null then
    raise exception 'This enquiry no longer exists.' using errcode = 'P0002';
  end if;
  select * into settings from private.company_settings;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (
    recipient,
    settings.contact_email,
    subject,
    body || E'\n\n-- \n' || coalesce(settings.brand_name, 'The team')
  );
  perform pg_notify('outbound_mail', '');
  return recipient;
end
$$;

REVOKE ALL ON FUNCTION public.reply_to_enquiry(kind text, enquiry_id uuid, subject text, body text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reply_to_enquiry(kind text, enquiry_id uuid, subject text, body text) TO service_role;
GRANT ALL ON FUNCTION public.reply_to_enquiry(kind text, enquiry_id uuid, subject text, body text) TO authenticated;

CREATE TRIGGER stamp_handled_at BEFORE UPDATE OF handled_at ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.stamp_enquiry_handled_at();

CREATE TRIGGER limit_enquiry_rate BEFORE INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.limit_enquiry_rate();

-- ---------------------------------------------------------------- public.interest_registrations

CREATE TABLE public.interest_registrations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_name text NOT NULL,
    event_id uuid,
    full_name text NOT NULL,
    email text NOT NULL,
    phone text,
    message text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    marketing_consent boolean DEFAULT false NOT NULL,
    marketing_consent_at timestamp with time zone,
    handled_at timestamp with time zone,
    CONSTRAINT interest_registrations_email_check CHECK (private.is_email(email)),
    CONSTRAINT interest_registrations_event_name_check CHECK (((btrim(event_name) <> ''::text) AND (char_length(event_name) <= 200))),
    CONSTRAINT interest_registrations_full_name_check CHECK (private.is_person_name(full_name)),
    CONSTRAINT interest_registrations_message_check CHECK (((message IS NULL) OR private.is_message(message))),
    CONSTRAINT interest_registrations_phone_check CHECK (((phone IS NULL) OR private.is_phone(phone)))
);

COMMENT ON COLUMN public.interest_registrations.handled_at IS 'When an admin marked the registration handled (stamped by the database); null while open.';

ALTER TABLE ONLY public.interest_registrations
    ADD CONSTRAINT interest_registrations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.interest_registrations
    ADD CONSTRAINT interest_registrations_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE SET NULL;

CREATE INDEX interest_registrations_created_at_idx ON public.interest_registrations USING btree (created_at DESC);

-- One registration per e-mail and trip whatever the letter case, even when two submissions race
-- (decision 0061): a second one would only e-mail the company again.
CREATE UNIQUE INDEX interest_registrations_event_email_key ON public.interest_registrations USING btree (event_name, lower(email));

CREATE INDEX interest_registrations_event_id_idx ON public.interest_registrations USING btree (event_id);

CREATE INDEX interest_registrations_lower_email_idx ON public.interest_registrations USING btree (lower(email), created_at);

ALTER TABLE public.interest_registrations ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.interest_registrations FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY interest_registrations_delete_admin ON public.interest_registrations FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY interest_registrations_select_admin ON public.interest_registrations FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY interest_registrations_update_admin ON public.interest_registrations FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.interest_registrations TO service_role;
GRANT SELECT ON TABLE public.interest_registrations TO anon;
GRANT SELECT,DELETE,UPDATE ON TABLE public.interest_registrations TO authenticated;

-- public.interest_registrations: its functions and triggers

-- The trip pages' waitlist and interest forms send the trip's name (event_name, the Sanity trip's title), not
-- an event id: the static page cannot know which row is the next departure. So the database links an entry
-- that arrives without an event_id to the trip's next departure still to end, by title (letter case aside):
-- the overview's counts per departure then include what visitors send, and a later offer of a freed place
-- knows which departure an entry waits for. No match (a trip with no departure on sale): it stays null.
CREATE FUNCTION private.link_enquiry_to_departure() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.event_id is null then
    select e.id into new.event_id
    from public.events e
    where e.status = 'published'
      and lower(e.title) = lower(btrim(new.event_name))
      and e.end_date >= private.sydney_today()
    order by e.start_date, e.id
    limit 1;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.link_enquiry_to_departure() FROM PUBLIC;

-- registering:

-- Registers the caller's interest in a trip: 'registered', or 'already' when the address has registered
-- for it (any letter case), which saves nothing and so e-mails nobody. 'already' tells whoever asks that an
-- address registered, so it counts against the same hourly limit as the waitlist's answer (10 to one client
-- across both forms, private.waitlist_probes); past it, HTTP 429 (SQLSTATE PT429). Security definer, so it
-- can record probes and insert although visitors hold no INSERT privilege: a direct insert's 409 would
-- answer 'already' with no limit. The old insert policy's rule (no registrations for draft trips) is
-- checked here, with the same error. The hourly limit on enquiries (limit_enquiry_rate) still applies.
CREATE FUNCTION public.register_interest(event_name text, full_name text, email text, phone text DEFAULT NULL::text, message text DEFAULT NULL::text, event_id uuid DEFAULT NULL::uuid, marketing_consent boolean DEFAULT false) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  inserted integer;
begin
  if register_interest.event_id is not null and not private.is_public_event(register_interest.event_id) then
    raise exception 'new row violates row-level security policy for table "interest_registrations"'
      using errcode = '42501';
  end if;
  insert into public.interest_registrations
    (event_name, event_id, full_name, email, phone, message, marketing_consent)
  values (register_interest.event_name, register_interest.event_id, register_interest.full_name,
          register_interest.email, register_interest.phone, register_interest.message,
          coalesce(register_interest.marketing_consent, false))
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 1 then
    return 'registered';
  end if;
  perform private.count_already_answer();
  return 'already';
end
$$;

REVOKE ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) TO service_role;
GRANT ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) TO anon;
GRANT ALL ON FUNCTION public.register_interest(event_name text, full_name text, email text, phone text, message text, event_id uuid, marketing_consent boolean) TO authenticated;

-- The trips that have waitlist entries (kind 'waitlist') or interest registrations ('interest'), for the
-- screen's trip filter: each with its number of entries and how many are still open.
CREATE FUNCTION public.admin_enquiry_events(kind text) RETURNS TABLE(event_name text, entries bigint, open_entries bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('list the trips with enquiries');
  if kind = 'waitlist' then
    return query
    select w.event_name, count(*), count(*) filter (where w.contacted_at is null)
    from public.waitlist_submissions w group by w.event_name order by lower(w.event_name);
  elsif kind = 'interest' then
    return query
    select r.event_name, count(*), count(*) filter (where r.handled_at is null)
    from public.interest_registrations r group by r.event_name order by lower(r.event_name);
  else
    raise exception 'Unknown kind of enquiry: %', kind using errcode = '22023';
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.admin_enquiry_events(kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_enquiry_events(kind text) TO service_role;
GRANT ALL ON FUNCTION public.admin_enquiry_events(kind text) TO authenticated;

CREATE TRIGGER link_to_departure BEFORE INSERT ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.link_enquiry_to_departure();

CREATE TRIGGER limit_enquiry_rate BEFORE INSERT ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.limit_enquiry_rate();

CREATE TRIGGER stamp_handled_at BEFORE UPDATE OF handled_at ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.stamp_enquiry_handled_at();

CREATE TRIGGER stamp_marketing_consent BEFORE INSERT OR UPDATE ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.stamp_marketing_consent();

-- ---------------------------------------------------------------- public.waitlist_submissions

-- (20261126500001, added columns)
-- A waitlist entry's position is its order of joining within its trip (created_at, then id), derived when
-- read and never stored, so it stays right when an entry before it is removed. contacted_at is what a later
-- "offer a freed place" needs besides: who was already asked.
CREATE TABLE public.waitlist_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_name text NOT NULL,
    event_id uuid,
    full_name text NOT NULL,
    email text NOT NULL,
    phone text,
    notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    marketing_consent boolean DEFAULT false NOT NULL,
    marketing_consent_at timestamp with time zone,
    contacted_at timestamp with time zone,
    CONSTRAINT waitlist_submissions_email_check CHECK (private.is_email(email)),
    CONSTRAINT waitlist_submissions_event_name_check CHECK (((btrim(event_name) <> ''::text) AND (char_length(event_name) <= 200))),
    CONSTRAINT waitlist_submissions_full_name_check CHECK (private.is_person_name(full_name)),
    CONSTRAINT waitlist_submissions_notes_check CHECK (((notes IS NULL) OR private.is_message(notes))),
    CONSTRAINT waitlist_submissions_phone_check CHECK (((phone IS NULL) OR private.is_phone(phone)))
);

COMMENT ON COLUMN public.waitlist_submissions.contacted_at IS 'When an admin marked the person contacted (stamped by the database); null while nobody has.';

ALTER TABLE ONLY public.waitlist_submissions
    ADD CONSTRAINT waitlist_submissions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.waitlist_submissions
    ADD CONSTRAINT waitlist_submissions_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE SET NULL;

-- One entry per e-mail and event whatever the letter case, even when two submissions race.
CREATE UNIQUE INDEX waitlist_submissions_event_email_key ON public.waitlist_submissions USING btree (event_name, lower(email));

CREATE INDEX waitlist_submissions_event_id_idx ON public.waitlist_submissions USING btree (event_id);

CREATE INDEX waitlist_submissions_event_name_created_idx ON public.waitlist_submissions USING btree (event_name, created_at, id);

-- An enquirer's record and "last activity" join the enquiry tables by lower(email).
CREATE INDEX waitlist_submissions_lower_email_idx ON public.waitlist_submissions USING btree (lower(email), created_at);

ALTER TABLE public.waitlist_submissions ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.waitlist_submissions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY waitlist_submissions_delete_admin ON public.waitlist_submissions FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY waitlist_submissions_select_admin ON public.waitlist_submissions FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY waitlist_submissions_update_admin ON public.waitlist_submissions FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.waitlist_submissions TO service_role;
GRANT SELECT ON TABLE public.waitlist_submissions TO anon;
GRANT SELECT,DELETE,UPDATE ON TABLE public.waitlist_submissions TO authenticated;

-- public.waitlist_submissions: its functions and triggers

-- The time is the database's: marking sets now() whatever the client sent, marking again keeps the first
-- time, and clearing (null) reopens the enquiry. So nobody can backdate or postdate an answer.
CREATE FUNCTION private.stamp_enquiry_contacted_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.contacted_at is not null then
    new.contacted_at := coalesce(old.contacted_at, now());
  end if;
  return new;
end
$$;

CREATE TRIGGER link_to_departure BEFORE INSERT ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.link_enquiry_to_departure();

CREATE TRIGGER limit_enquiry_rate BEFORE INSERT ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.limit_enquiry_rate();

CREATE TRIGGER stamp_contacted_at BEFORE UPDATE OF contacted_at ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.stamp_enquiry_contacted_at();

CREATE TRIGGER stamp_marketing_consent BEFORE INSERT OR UPDATE ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.stamp_marketing_consent();

-- ---------------------------------------------------------------- private.waitlist_probes

CREATE TABLE private.waitlist_probes (
    id bigint NOT NULL,
    client text NOT NULL,
    probed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT waitlist_probes_client_check CHECK ((char_length(client) <= 200))
);

COMMENT ON TABLE private.waitlist_probes IS 'One row per "already" answer of the waitlist or interest form, by client address: the hourly limit counts them.';

ALTER TABLE private.waitlist_probes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.waitlist_probes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.waitlist_probes
    ADD CONSTRAINT waitlist_probes_pkey PRIMARY KEY (id);

CREATE INDEX waitlist_probes_client_probed_at_idx ON private.waitlist_probes USING btree (client, probed_at);

ALTER TABLE private.waitlist_probes ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.waitlist_probes TO service_role;

-- private.waitlist_probes: its functions

-- An 'already' answer of the waitlist or the interest form tells whoever asks that an address is on the list,
-- so both count against one limit: 10 to one client (address) an hour, then HTTP 429 (SQLSTATE PT429), so
-- nobody can test addresses one after another. The forms' security-definer functions call it.
CREATE FUNCTION private.count_already_answer() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller_address text := private.request_client();
  recent_probes integer;
begin
  perform pg_advisory_xact_lock(hashtext('waitlist_probes:' || caller_address));
  select count(*) into recent_probes
  from private.waitlist_probes p
  where p.client = caller_address and p.probed_at > now() - interval '1 hour';
  if recent_probes >= 10 then
    raise exception 'Too many checks from this address'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  insert into private.waitlist_probes (client) values (caller_address);
end
$$;

REVOKE ALL ON FUNCTION private.count_already_answer() FROM PUBLIC;

-- joining:

-- Adds the caller to a trip's waitlist: 'joined', or 'already' when the address is on it (any letter case).
-- Past 10 'already' answers to one client within an hour it refuses with HTTP 429 (SQLSTATE PT429) instead.
-- Security definer, so it can record probes and insert although visitors hold no INSERT privilege; the
-- insert policy's rule (no entries for draft trips) is therefore checked here, with the same error.
CREATE FUNCTION public.join_waitlist(event_name text, full_name text, email text, phone text DEFAULT NULL::text, notes text DEFAULT NULL::text, event_id uuid DEFAULT NULL::uuid, marketing_consent boolean DEFAULT false) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  inserted integer;
begin
  if join_waitlist.event_id is not null and not private.is_public_event(join_waitlist.event_id) then
    raise exception 'new row violates row-level security policy for table "waitlist_submissions"'
      using errcode = '42501';
  end if;
  insert into public.waitlist_submissions
    (event_name, event_id, full_name, email, phone, notes, marketing_consent)
  values (join_waitlist.event_name, join_waitlist.event_id, join_waitlist.full_name, join_waitlist.email,
          join_waitlist.phone, join_waitlist.notes, coalesce(join_waitlist.marketing_consent, false))
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 1 then
    return 'joined';
  end if;
  perform private.count_already_answer();
  return 'already';
end
$$;

REVOKE ALL ON FUNCTION public.join_waitlist(event_name text, full_name text, email text, phone text, notes text, event_id uuid, marketing_consent boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.join_waitlist(event_name text, full_name text, email text, phone text, notes text, event_id uuid, marketing_consent boolean) TO service_role;
GRANT ALL ON FUNCTION public.join_waitlist(event_name text, full_name text, email text, phone text, notes text, event_id uuid, marketing_consent boolean) TO anon;
GRANT ALL ON FUNCTION public.join_waitlist(event_name text, full_name text, email text, phone text, notes text, event_id uuid, marketing_consent boolean) TO authenticated;

-- ---------------------------------------------------------------- functions

-- A reply's text: several lines, trimmed, 1 to 5000 characters, no controls but tab and line breaks.
CREATE FUNCTION private.is_reply_body(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 5000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_reply_body(value text) TO authenticated;

-- replying:

-- A reply's subject: one line, trimmed, 1 to 200 characters (src/features/admin/enquiries/reply-rules.ts).
CREATE FUNCTION private.is_reply_subject(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_reply_subject(value text) TO authenticated;

-- ---------------------------------------------------------------- shared parts

-- The enquiry lists' open/handled filter: '' (or null) everything, 'open' the entries nobody answered yet,
-- any other value the answered ones (the app sends 'done').
create function private.enquiry_shown(filter text, answered_at timestamptz) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(filter, '') = '' or (filter = 'open') = (answered_at is null)
$$;
revoke all on function private.enquiry_shown(text, timestamptz) from public;

-- ---------------------------------------------------------------- the enquiries

-- Each: filter '' | 'open' | 'done' (private.enquiry_shown), event: one trip's name ('' every trip), sort ''
-- for the list's own order (an unknown key falls back to it too: the sort is in the address).

create function public.admin_interest_registrations(
  search text default '',
  filter text default '',
  event text default '',
  sort text default '',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  id uuid,
  event_name text,
  event_id uuid,
  full_name text,
  email text,
  phone text,
  message text,
  marketing_consent boolean,
  created_at timestamptz,
  handled_at timestamptz,
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text := coalesce(private.search_pattern(search), '%');
  descending boolean := coalesce(direction, 'desc') = 'desc';
  trip text := nullif(event, '');
  -- No sort key is the newest first.
  sort_key text := coalesce(nullif(sort, ''), 'created_at');
begin
  perform private.require_admin('read interest registrations');
  perform private.check_page_arguments(coalesce(direction, 'desc'), page_size, page_offset, search);
  return query
  select r.id, r.event_name, r.event_id, r.full_name, r.email, r.phone, r.message, r.marketing_consent,
         r.created_at, r.handled_at, (count(*) over ())::integer
  from public.interest_registrations r
  where (trip is null or r.event_name = trip)
    and (r.full_name ilike pattern or r.email ilike pattern or coalesce(r.phone, '') ilike pattern
         or coalesce(r.message, '') ilike pattern)
    and private.enquiry_shown(filter, r.handled_at)
  order by
    case when not descending then
      case sort_key when 'full_name' then lower(r.full_name) when 'email' then lower(r.email)
                    when 'event_name' then lower(r.event_name) end end asc,
    case when descending then
      case sort_key when 'full_name' then lower(r.full_name) when 'email' then lower(r.email)
                    when 'event_name' then lower(r.event_name) end end desc,
    case when sort_key = 'handled_at' and not descending then r.handled_at end asc nulls first,
    case when sort_key = 'handled_at' and descending then r.handled_at end desc nulls last,
    case when sort_key = 'created_at' and not descending then r.created_at end asc,
    r.created_at desc, r.id
  limit page_size offset page_offset;
end
$$;

create function public.admin_contact_messages(
  search text default '',
  filter text default '',
  sort text default '',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  id uuid,
  full_name text,
  email text,
  phone text,
  message text,
  created_at timestamptz,
  handled_at timestamptz,
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text := coalesce(private.search_pattern(search), '%');
  descending boolean := coalesce(direction, 'desc') = 'desc';
  -- No sort key: open messages first, then the newest.
  sort_key text := nullif(sort, '');
begin
  perform private.require_admin('read contact messages');
  perform private.check_page_arguments(coalesce(direction, 'desc'), page_size, page_offset, search);
  return query
  select m.id, m.full_name, m.email, m.phone, m.message, m.created_at, m.handled_at,
         (count(*) over ())::integer
  from public.contact_messages m
  where (m.full_name ilike pattern or m.email ilike pattern or coalesce(m.phone, '') ilike pattern
         or m.message ilike pattern)
    and private.enquiry_shown(filter, m.handled_at)
  order by
    case when not descending then
      case sort_key when 'full_name' then lower(m.full_name) when 'email' then lower(m.email) end end asc,
    case when descending then
      case sort_key when 'full_name' then lower(m.full_name) when 'email' then lower(m.email) end end desc,
    case when sort_key = 'handled_at' and not descending then m.handled_at end asc nulls first,
    case when sort_key = 'handled_at' and descending then m.handled_at end desc nulls last,
    case when sort_key = 'created_at' and not descending then m.created_at end asc,
    case when sort_key is null then m.handled_at is not null end,
    m.created_at desc, m.id
  limit page_size offset page_offset;
end
$$;

create function public.admin_waitlist_entries(
  search text default '',
  filter text default '',
  event text default '',
  sort text default '',
  direction text default 'asc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  id uuid,
  "position" bigint,
  event_name text,
  event_id uuid,
  full_name text,
  email text,
  phone text,
  notes text,
  marketing_consent boolean,
  created_at timestamptz,
  contacted_at timestamptz,
  offer_id uuid,
  offer_state text,
  offer_places integer,
  offer_expires_at timestamptz,
  offer_event_title text,
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text := coalesce(private.search_pattern(search), '%');
  descending boolean := direction = 'desc';
  trip text := nullif(event, '');
begin
  perform private.require_admin('read the waitlist');
  perform private.check_page_arguments(coalesce(direction, 'asc'), page_size, page_offset, search);
  return query
  with ranked as (
    select w.*, row_number() over (partition by w.event_name order by w.created_at, w.id) as place
    from public.waitlist_submissions w
    where trip is null or w.event_name = trip
  ), matching as (
    select r.* from ranked r
    where (r.full_name ilike pattern or r.email ilike pattern or coalesce(r.phone, '') ilike pattern
           or coalesce(r.notes, '') ilike pattern)
      and private.enquiry_shown(filter, r.contacted_at)
  )
  -- Each entry's latest offer (decision 0082); an open one past its time reads 'expired' before the job runs.
  select m.id, m.place, m.event_name, m.event_id, m.full_name, m.email, m.phone, m.notes,
         m.marketing_consent, m.created_at, m.contacted_at, o.id,
         case when o.state = 'offered' and o.expires_at <= now() then 'expired' else o.state end,
         o.places::integer, o.expires_at, o.title, (count(*) over ())::integer
  from matching m
  left join lateral (
    select wo.id, wo.state, wo.places, wo.expires_at, ev.title
    from public.waitlist_offers wo join public.events ev on ev.id = wo.event_id
    where wo.entry_id = m.id
    order by wo.offered_at desc, wo.id
    limit 1
  ) o on true
  order by
    case when not descending then
      case sort when 'full_name' then lower(m.full_name) when 'email' then lower(m.email)
                when 'event_name' then lower(m.event_name) end end asc,
    case when descending then
      case sort when 'full_name' then lower(m.full_name) when 'email' then lower(m.email)
                when 'event_name' then lower(m.event_name) end end desc,
    case when sort = 'contacted_at' and not descending then m.contacted_at end asc nulls first,
    case when sort = 'contacted_at' and descending then m.contacted_at end desc nulls last,
    case when sort = 'created_at' and not descending then m.created_at end asc,
    case when sort = 'created_at' and descending then m.created_at end desc,
    m.event_name, m.place
  limit page_size offset page_offset;
end
$$;

revoke all on function
  public.admin_waitlist_entries(text, text, text, text, text, integer, integer),
  public.admin_interest_registrations(text, text, text, text, text, integer, integer),
  public.admin_contact_messages(text, text, text, text, integer, integer)
  from public, anon;
grant execute on function
  public.admin_waitlist_entries(text, text, text, text, text, integer, integer),
  public.admin_interest_registrations(text, text, text, text, text, integer, integer),
  public.admin_contact_messages(text, text, text, text, integer, integer)
  to authenticated;
