-- Expiring holds and waitlist offers (issue 23, decision 0082): the job that releases a pending booking's
-- expired hold and tells its member, and the offers that give places freed on a departure to the people on
-- its waitlist in the order they joined, each for a while (48 hours by default), then to the next.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- ---------------------------------------------------------------- the setting

-- How long a waitlist offer holds its places, beside the company's other booking rules (one row).
ALTER TABLE private.booking_settings ADD COLUMN waitlist_offer_hours smallint DEFAULT 48 NOT NULL;

ALTER TABLE private.booking_settings
    ADD CONSTRAINT booking_settings_waitlist_offer_hours_check CHECK (((waitlist_offer_hours >= 1) AND (waitlist_offer_hours <= 336)));

-- ---------------------------------------------------------------- public.waitlist_offers

-- One row per offer of places on a departure to a waitlist entry. While 'offered' and before expires_at its
-- places count as taken (private.places_taken_at), so nobody else books them; 'taken' when the person booked
-- with it (book_departure with the token), 'expired' when the job saw it run out, 'withdrawn' by an admin.
-- The link's token is never stored: only its SHA-256, so a leaked table or backup books nothing.
CREATE TABLE public.waitlist_offers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    entry_id uuid NOT NULL,
    event_id uuid NOT NULL,
    email text NOT NULL,
    places smallint DEFAULT 1 NOT NULL,
    token_hash text NOT NULL,
    state text DEFAULT 'offered'::text NOT NULL,
    offered_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    offered_by uuid,
    closed_at timestamp with time zone,
    booking_id uuid,
    CONSTRAINT waitlist_offers_email_check CHECK (private.is_email(email)),
    CONSTRAINT waitlist_offers_places_check CHECK (((places >= 1) AND (places <= 50))),
    CONSTRAINT waitlist_offers_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT waitlist_offers_state_check CHECK ((state = ANY (ARRAY['offered'::text, 'taken'::text, 'expired'::text, 'withdrawn'::text]))),
    CONSTRAINT waitlist_offers_expires_after_offered CHECK ((expires_at > offered_at)),
    CONSTRAINT waitlist_offers_closed_unless_open CHECK (((state = 'offered'::text) = (closed_at IS NULL))),
    CONSTRAINT waitlist_offers_booking_only_when_taken CHECK (((booking_id IS NULL) OR (state = 'taken'::text)))
);

COMMENT ON TABLE public.waitlist_offers IS 'Places on a departure offered to a waitlist entry until expires_at (decision 0082); admins read them, functions write them.';

COMMENT ON COLUMN public.waitlist_offers.email IS 'The address the offer was sent to (the entry''s, lower case): only the member with that address can book with it.';

COMMENT ON COLUMN public.waitlist_offers.token_hash IS 'SHA-256 (hex) of the secret in the offer''s link; the secret itself is only in the e-mail.';

COMMENT ON COLUMN public.waitlist_offers.offered_by IS 'The admin who offered by hand; null: the waitlist job offered it.';

ALTER TABLE ONLY public.waitlist_offers
    ADD CONSTRAINT waitlist_offers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.waitlist_offers
    ADD CONSTRAINT waitlist_offers_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY public.waitlist_offers
    ADD CONSTRAINT waitlist_offers_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES public.waitlist_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.waitlist_offers
    ADD CONSTRAINT waitlist_offers_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.waitlist_offers
    ADD CONSTRAINT waitlist_offers_offered_by_fkey FOREIGN KEY (offered_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.waitlist_offers
    ADD CONSTRAINT waitlist_offers_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

-- One open offer per entry, however many jobs and admins offer at once.
CREATE UNIQUE INDEX waitlist_offers_one_open_per_entry ON public.waitlist_offers USING btree (entry_id) WHERE (state = 'offered'::text);

-- private.places_taken_at sums a departure's open offers.
CREATE INDEX waitlist_offers_open_event_idx ON public.waitlist_offers USING btree (event_id) WHERE (state = 'offered'::text);

CREATE INDEX waitlist_offers_booking_id_idx ON public.waitlist_offers USING btree (booking_id);

CREATE INDEX waitlist_offers_offered_by_idx ON public.waitlist_offers USING btree (offered_by);

ALTER TABLE public.waitlist_offers ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.waitlist_offers FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

-- An admin's offer or withdrawal is in the audit log; the job's and the member's are not (no admin acts).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.waitlist_offers FOR EACH ROW EXECUTE FUNCTION private.audit_change('email', 'waitlist offer');

CREATE POLICY waitlist_offers_select_admin ON public.waitlist_offers FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.waitlist_offers TO service_role;
GRANT SELECT ON TABLE public.waitlist_offers TO authenticated;

-- ---------------------------------------------------------------- public.bookings: a departure sells out

-- Stamps events.first_sold_out_at the first time a departure's bookings take every place. Only a departure
-- that has sold out has a waitlist in earnest: its places that free up later (a cancellation, an expired
-- hold, more places) are offered to the people waiting. On a departure that never filled, whoever is on its
-- waitlist can simply book, and no place is held away from other buyers (an admin may still offer by hand).
CREATE FUNCTION private.stamp_first_sold_out() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.events e set first_sold_out_at = now()
  where e.id = new.event_id and e.first_sold_out_at is null and e.max_registrations is not null
    and private.places_taken(e.id) >= e.max_registrations;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.stamp_first_sold_out() FROM PUBLIC;

CREATE TRIGGER stamp_first_sold_out AFTER INSERT OR UPDATE OF status, travellers, event_id ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.stamp_first_sold_out();

-- ---------------------------------------------------------------- the e-mails

-- A departure as the e-mails name it: 'Tasmania Paranormal Getaway, 5 March 2027 to 8 March 2027'.
CREATE FUNCTION private.mail_trip(p_event_id uuid) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select e.title || ', ' || private.mail_date(e.start_date)
         || case when e.end_date is null or e.end_date = e.start_date then ''
                 else ' to ' || private.mail_date(e.end_date) end
  from public.events e where e.id = p_event_id
$$;

REVOKE ALL ON FUNCTION private.mail_trip(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_trip(p_event_id uuid) TO service_role;

-- A moment as the e-mails write it, in Sydney time: 'Friday 4 December 2026 at 5:30 pm'.
CREATE FUNCTION private.mail_moment(p_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select to_char(p_at at time zone 'Australia/Sydney', 'FMDay FMDD FMMonth YYYY "at" FMHH12:MI am')
$$;

REVOKE ALL ON FUNCTION private.mail_moment(p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_moment(p_at timestamp with time zone) TO service_role;

-- Tells a member that their booking's hold ran out before the deposit arrived and its places were released.
-- Once per booking: the job calls it for the bookings it has just stamped hold_released_at.
CREATE FUNCTION private.queue_hold_released_mail(p_booking_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  b public.bookings;
  recipient text;
  greeting text;
  trip text;
begin
  select * into settings from private.company_settings;
  select * into b from public.bookings where id = p_booking_id;
  select who.email, who.greeting into recipient, greeting from private.mail_recipient(b.user_id) who;
  if settings is null or b.id is null or recipient is null then
    return;
  end if;
  trip := private.mail_trip(b.event_id);
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (recipient, settings.contact_email,
          left(regexp_replace('Places released: ' || trip || ' (' || b.invoice_number || ')', '[[:cntrl:]]+', ' ', 'g'), 300),
          'Hello ' || greeting || E',\n\n'
          || 'We held your places on ' || trip || ' until ' || private.mail_moment(b.hold_expires_at)
          || ' (Sydney time), but your deposit had not reached us by then, so we have released them for others '
          || 'to book. Booking reference: ' || b.bank_reference || ', invoice ' || b.invoice_number || '.'
          || E'\n\nIf you have already paid, or still want to travel, reply to this e-mail and we will sort it out. '
          || 'If places are still free, you can also book again: ' || settings.site_url || '/book?event=' || b.event_id
          || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you booked a trip with us.');
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_hold_released_mail(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_hold_released_mail(p_booking_id uuid) TO service_role;

-- The offer's e-mail to the person on the waitlist: which departure, how many places, until when, and the
-- link (with the secret token, which exists only here and in the e-mail).
CREATE FUNCTION private.queue_waitlist_offer_mail(p_offer_id uuid, p_token text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  o public.waitlist_offers;
  greeting text;
  trip text;
  link text;
begin
  select * into settings from private.company_settings;
  select * into o from public.waitlist_offers where id = p_offer_id;
  if settings is null or o.id is null then
    return;
  end if;
  select private.mail_greeting(w.full_name) into greeting
  from public.waitlist_submissions w where w.id = o.entry_id;
  trip := private.mail_trip(o.event_id);
  link := settings.site_url || '/book?offer=' || p_token;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (o.email, settings.contact_email,
          left(regexp_replace('A place has come up: ' || trip, '[[:cntrl:]]+', ' ', 'g'), 300),
          'Hello ' || coalesce(greeting, 'there') || E',\n\n'
          || case when o.places = 1 then 'A place has come up on ' else o.places || ' places have come up on ' end
          || trip || ', and you are next on the waitlist. We are holding '
          || case when o.places = 1 then 'it' else 'them' end || ' for you until '
          || private.mail_moment(o.expires_at) || ' (Sydney time).'
          || E'\n\nTo book, open this link: ' || link
          || E'\n\nIf you do not have an account with us yet, you can create one from that page with this e-mail '
          || 'address; the places stay held for you while you do.'
          || E'\n\nIf you have not booked by then, we will offer the places to the next person on the waitlist.'
          || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you joined the waitlist for '
          || trip || '. Questions? Reply to this e-mail.');
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_waitlist_offer_mail(p_offer_id uuid, p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_waitlist_offer_mail(p_offer_id uuid, p_token text) TO service_role;

-- Tells the person whose offer ran out that the places went to the next in line, once (the job calls it for
-- the offers it has just closed).
CREATE FUNCTION private.queue_offer_expired_mail(p_offer_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.company_settings;
  o public.waitlist_offers;
  greeting text;
  trip text;
begin
  select * into settings from private.company_settings;
  select * into o from public.waitlist_offers where id = p_offer_id;
  if settings is null or o.id is null then
    return;
  end if;
  select private.mail_greeting(w.full_name) into greeting
  from public.waitlist_submissions w where w.id = o.entry_id;
  trip := private.mail_trip(o.event_id);
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (o.email, settings.contact_email,
          left(regexp_replace('Your offer has ended: ' || trip, '[[:cntrl:]]+', ' ', 'g'), 300),
          'Hello ' || coalesce(greeting, 'there') || E',\n\n'
          || 'We held ' || case when o.places = 1 then 'a place' else o.places || ' places' end || ' on ' || trip
          || ' for you until ' || private.mail_moment(o.expires_at) || ' (Sydney time). As '
          || case when o.places = 1 then 'it was' else 'they were' end || ' not booked by then, we have offered '
          || case when o.places = 1 then 'it' else 'them' end || ' to the next person on the waitlist.'
          || E'\n\nIf you still want to travel, reply to this e-mail and we will let you know if a place comes up.'
          || E'\n\n-- \n' || settings.brand_name || E'\nYou receive this because you joined the waitlist for '
          || trip || '.');
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.queue_offer_expired_mail(p_offer_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.queue_offer_expired_mail(p_offer_id uuid) TO service_role;

-- ---------------------------------------------------------------- offering

-- The SHA-256 (hex) of an offer's token: what the table keeps and what a link is looked up by.
CREATE FUNCTION private.offer_token_hash(p_token text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;

REVOKE ALL ON FUNCTION private.offer_token_hash(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.offer_token_hash(p_token text) TO service_role;

-- Offers p_places on the departure to the waitlist entry from p_now for the company's offer hours, and sends
-- the e-mail. The token is 64 hex characters from two random UUIDs (244 random bits, as the unsubscribe
-- tokens). Callers check the places and lock the departure's row first (the job, admin_offer_waitlist_place).
CREATE FUNCTION private.create_waitlist_offer(p_entry_id uuid, p_event_id uuid, p_places integer, p_offered_by uuid, p_now timestamp with time zone) RETURNS public.waitlist_offers
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  offer public.waitlist_offers;
begin
  insert into public.waitlist_offers (entry_id, event_id, email, places, token_hash, offered_at, expires_at, offered_by)
  select w.id, p_event_id, lower(w.email), p_places, private.offer_token_hash(token), p_now,
         p_now + make_interval(hours => s.waitlist_offer_hours), p_offered_by
  from public.waitlist_submissions w cross join private.booking_settings s
  where w.id = p_entry_id
  returning * into offer;
  perform private.queue_waitlist_offer_mail(offer.id, token);
  return offer;
end
$$;

REVOKE ALL ON FUNCTION private.create_waitlist_offer(p_entry_id uuid, p_event_id uuid, p_places integer, p_offered_by uuid, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.create_waitlist_offer(p_entry_id uuid, p_event_id uuid, p_places integer, p_offered_by uuid, p_now timestamp with time zone) TO service_role;

-- Whether a departure can be booked at p_now (published, not started, within its booking window, a price):
-- only then are its freed places offered. The Next Room window is left out: an offer goes to whoever waits.
CREATE FUNCTION private.departure_on_sale(e public.events, p_now timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select e.status = 'published' and e.price_cents is not null
     and e.start_date > (p_now at time zone 'Australia/Sydney')::date
     and (e.bookings_close_on is null or e.bookings_close_on >= (p_now at time zone 'Australia/Sydney')::date)
     and (e.bookings_open_on is null or e.bookings_open_on <= (p_now at time zone 'Australia/Sydney')::date)
$$;

REVOKE ALL ON FUNCTION private.departure_on_sale(e public.events, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.departure_on_sale(e public.events, p_now timestamp with time zone) TO service_role;

-- ---------------------------------------------------------------- the job

-- Releases every pending booking whose hold ran out by p_now and has not been released yet: stamps
-- hold_released_at and e-mails its member, once. The places were free from hold_expires_at already (the
-- count ignores an expired hold); the booking stays 'pending', shown as 'expired', so a deposit that arrives
-- late can still confirm it while places are free (record_payment, decision 0071). Returns how many.
CREATE FUNCTION private.release_expired_holds(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  released uuid[];
begin
  with due as (
    update public.bookings b set hold_released_at = p_now
    where b.status = 'pending' and b.hold_expires_at <= p_now and b.hold_released_at is null
    returning b.id
  )
  select coalesce(array_agg(due.id), '{}') into released from due;
  perform private.queue_hold_released_mail(id) from unnest(released) id;
  return cardinality(released);
end
$$;

REVOKE ALL ON FUNCTION private.release_expired_holds(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.release_expired_holds(p_now timestamp with time zone) TO service_role;

-- Whether a waitlist entry waits for this departure: the one it was linked to when it joined, or, for an
-- entry that joined when its trip had no departure on sale (no link), any departure of the trip by title.
CREATE FUNCTION private.waits_for(w public.waitlist_submissions, e public.events) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(w.event_id = e.id, lower(btrim(w.event_name)) = lower(e.title))
$$;

REVOKE ALL ON FUNCTION private.waits_for(w public.waitlist_submissions, e public.events) FROM PUBLIC;
GRANT ALL ON FUNCTION private.waits_for(w public.waitlist_submissions, e public.events) TO service_role;

-- Closes the offers that ran out by p_now and offers the free places of each departure that has sold out
-- (first_sold_out_at) to its waitlist, in the order people joined: one place to each of the first entries
-- that never had an offer for that departure, have no open offer and no live booking on it, as many
-- entries as places are free. Each
-- departure's row is locked first (the queue book_departure takes too), so two runs at once, or a run and a
-- booking, count what the other committed and never offer a place twice. Returns the offers made.
CREATE FUNCTION private.offer_freed_places(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  e public.events;
  free integer;
  entry uuid;
  expired uuid[];
  made integer := 0;
begin
  for e in
    select ev.* from public.events ev
    where exists (select from public.waitlist_offers o
                  where o.event_id = ev.id and o.state = 'offered' and o.expires_at <= p_now)
       or (ev.max_registrations is not null and ev.first_sold_out_at is not null
           and private.departure_on_sale(ev, p_now)
           and exists (select from public.waitlist_submissions w where private.waits_for(w, ev)))
    order by ev.id
    for update
  loop
    with ran_out as (
      update public.waitlist_offers o set state = 'expired', closed_at = p_now
      where o.event_id = e.id and o.state = 'offered' and o.expires_at <= p_now
      returning o.id
    )
    select coalesce(array_agg(ran_out.id), '{}') into expired from ran_out;
    perform private.queue_offer_expired_mail(id) from unnest(expired) id;
    continue when e.max_registrations is null or e.first_sold_out_at is null
                  or not private.departure_on_sale(e, p_now);
    free := e.max_registrations - private.places_taken_at(e.id, p_now);
    continue when free <= 0;
    for entry in
      select w.id from public.waitlist_submissions w
      where private.waits_for(w, e)
        and not exists (select from public.waitlist_offers o
                        where o.entry_id = w.id and (o.event_id = e.id or o.state = 'offered'))
        and not exists (select from public.bookings b join auth.users u on u.id = b.user_id
                        where b.event_id = e.id and b.status <> 'cancelled' and lower(u.email) = lower(w.email))
      order by w.created_at, w.id
      limit free
    loop
      perform private.create_waitlist_offer(entry, e.id, 1, null, p_now);
      made := made + 1;
    end loop;
  end loop;
  return made;
end
$$;

REVOKE ALL ON FUNCTION private.offer_freed_places(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.offer_freed_places(p_now timestamp with time zone) TO service_role;

-- The scheduled job 'waitlist-offers' (every 5 minutes, migration 20261203200002): holds first, so the
-- places they free are offered in the same run.
CREATE FUNCTION private.run_waitlist_offers(p_now timestamp with time zone DEFAULT now()) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  perform private.release_expired_holds(p_now);
  perform private.offer_freed_places(p_now);
end
$$;

REVOKE ALL ON FUNCTION private.run_waitlist_offers(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.run_waitlist_offers(p_now timestamp with time zone) TO service_role;

-- ---------------------------------------------------------------- the link

-- What an offer's link shows before booking (the booking flow, /book?offer=<token>): the departure, the
-- places, until when, its state ('offered', or 'taken', 'expired', 'withdrawn'; an offer past its time is
-- 'expired' before the job closes it) and the address it was sent to, for the register form. No row for a
-- token that is no offer. Anyone may ask: the token is the secret, and it came in that address's e-mail.
CREATE FUNCTION public.waitlist_offer(p_token text) RETURNS TABLE(event_id uuid, event_title text, places integer, expires_at timestamp with time zone, state text, email text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select o.event_id, e.title, o.places::integer, o.expires_at,
         case when o.state = 'offered' and o.expires_at <= now() then 'expired' else o.state end,
         o.email
  from public.waitlist_offers o join public.events e on e.id = o.event_id
  where p_token ~ '^[0-9a-f]{64}$' and o.token_hash = private.offer_token_hash(p_token)
$$;

REVOKE ALL ON FUNCTION public.waitlist_offer(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.waitlist_offer(p_token text) TO anon;
GRANT ALL ON FUNCTION public.waitlist_offer(p_token text) TO authenticated;
GRANT ALL ON FUNCTION public.waitlist_offer(p_token text) TO service_role;

-- book_departure's part of an offer: the open offer of this token, for this departure, sent to the member's
-- own address, is marked taken (the booking's id follows). The departure's row is locked first, in the order
-- the job takes them (departure, then offer). Each refusal says why, as 22023 for the booking flow to show.
CREATE FUNCTION private.take_waitlist_offer(p_token text, p_event_id uuid, p_member uuid) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  o public.waitlist_offers;
begin
  perform 1 from public.events where id = p_event_id for update;
  select * into o from public.waitlist_offers
  where token_hash = private.offer_token_hash(coalesce(p_token, '')) and event_id = p_event_id
  for update;
  if not found then
    raise exception 'this link is not an offer of places on this departure' using errcode = '22023';
  end if;
  if o.state = 'taken' then
    raise exception 'this offer has already been used to book' using errcode = '22023';
  end if;
  if o.state = 'withdrawn' then
    raise exception 'this offer has been withdrawn' using errcode = '22023',
      hint = 'Reply to the offer''s e-mail if you still want to travel.';
  end if;
  if o.state = 'expired' or o.expires_at <= now() then
    raise exception 'this offer expired on % (Sydney time)', private.mail_moment(o.expires_at) using errcode = '22023',
      hint = 'Reply to the offer''s e-mail if you still want to travel: we will tell you if places are free.';
  end if;
  if not exists (select from auth.users u where u.id = p_member and lower(u.email) = o.email) then
    raise exception 'this offer was sent to another e-mail address' using errcode = '22023',
      hint = 'Sign in with the account for the address the offer was sent to.';
  end if;
  update public.waitlist_offers set state = 'taken', closed_at = now() where id = o.id;
  return o.id;
end
$$;

REVOKE ALL ON FUNCTION private.take_waitlist_offer(p_token text, p_event_id uuid, p_member uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_waitlist_offer(p_token text, p_event_id uuid, p_member uuid) TO service_role;

-- ---------------------------------------------------------------- the admin's offers

-- An admin offers places by hand to a waitlist entry (/admin/waitlist's 'Offer a place'): on p_event_id, else
-- the entry's departure, else (an entry not linked to one) the trip's next departure on sale.
-- Refused: no such entry, no departure, a departure not on sale or without a limit, an open offer already,
-- fewer places free than offered (the offer would hold places someone else booked). The e-mail goes at once.
CREATE FUNCTION public.admin_offer_waitlist_place(p_entry_id uuid, p_places integer DEFAULT 1, p_event_id uuid DEFAULT NULL::uuid) RETURNS public.waitlist_offers
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  w public.waitlist_submissions;
  e public.events;
  free integer;
begin
  perform private.require_admin('offer a waitlist place');
  select * into w from public.waitlist_submissions where id = p_entry_id;
  if not found then
    raise exception 'no such waitlist entry' using errcode = 'P0002';
  end if;
  if p_places is null or p_places < 1 or p_places > 50 then
    raise exception 'offer between 1 and 50 places' using errcode = '22023';
  end if;
  select * into e from public.events
  where id = coalesce(p_event_id, w.event_id,
                      (select ev.id from public.events ev
                       where private.waits_for(w, ev) and private.departure_on_sale(ev, now())
                       order by ev.start_date, ev.id limit 1))
  for update;
  if not found then
    raise exception 'choose the departure to offer a place on' using errcode = '22023',
      hint = 'This entry is not linked to a departure yet.';
  end if;
  if not private.departure_on_sale(e, now()) then
    raise exception '% is not open for booking' , e.title using errcode = '22023';
  end if;
  if exists (select from public.waitlist_offers o where o.entry_id = w.id and o.state = 'offered' and o.expires_at > now()) then
    raise exception '% already has an open offer', w.full_name using errcode = '22023';
  end if;
  -- An open offer past its time that the job has not closed yet is closed here, so the new one can open.
  update public.waitlist_offers set state = 'expired', closed_at = now() where entry_id = w.id and state = 'offered';
  if e.max_registrations is not null then
    free := e.max_registrations - private.places_taken(e.id);
    if free < p_places then
      raise exception '%', case when free <= 0 then 'no places are free on this departure'
                                when free = 1 then 'only 1 place is free on this departure'
                                else 'only ' || free || ' places are free on this departure' end
        using errcode = '22023', hint = 'Add places to the departure first, or offer fewer.';
    end if;
  end if;
  return private.create_waitlist_offer(w.id, e.id, p_places, auth.uid(), now());
end
$$;

REVOKE ALL ON FUNCTION public.admin_offer_waitlist_place(p_entry_id uuid, p_places integer, p_event_id uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.admin_offer_waitlist_place(p_entry_id uuid, p_places integer, p_event_id uuid) FROM anon;
GRANT ALL ON FUNCTION public.admin_offer_waitlist_place(p_entry_id uuid, p_places integer, p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_offer_waitlist_place(p_entry_id uuid, p_places integer, p_event_id uuid) TO service_role;

-- An admin withdraws an open offer: its places are free at once and the next run of the job offers them on.
CREATE FUNCTION public.admin_withdraw_waitlist_offer(p_offer_id uuid) RETURNS public.waitlist_offers
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  offer public.waitlist_offers;
begin
  perform private.require_admin('withdraw a waitlist offer');
  update public.waitlist_offers set state = 'withdrawn', closed_at = now()
  where id = p_offer_id and state = 'offered'
  returning * into offer;
  if not found then
    raise exception 'this offer is no longer open' using errcode = '22023';
  end if;
  return offer;
end
$$;

REVOKE ALL ON FUNCTION public.admin_withdraw_waitlist_offer(p_offer_id uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.admin_withdraw_waitlist_offer(p_offer_id uuid) FROM anon;
GRANT ALL ON FUNCTION public.admin_withdraw_waitlist_offer(p_offer_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.admin_withdraw_waitlist_offer(p_offer_id uuid) TO service_role;

-- ---------------------------------------------------------------- the member's data (15_member_data.sql)

-- The offers sent to the member's address are theirs to download (without the link's hash) and go with the
-- account; the offers an admin made keep the offer and lose the admin's id, as the other staff parts do.
insert into private.member_data_parts (part, position, member_columns) values
  ('waitlist_offers', 12, array['public.waitlist_offers.email']),
  ('waitlist_offers_made', 125, array['public.waitlist_offers.offered_by']);

create function private.export_waitlist_offers(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(o) - 'token_hash' - 'offered_by' order by o.offered_at, o.id), '[]'::jsonb)
  from public.waitlist_offers o where o.email = lower(private.member_email(member))
$$;
create function private.forget_waitlist_offers(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.waitlist_offers where email = lower(private.member_email(member)) $$;

create function private.export_waitlist_offers_made(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', o.id, 'event_id', o.event_id, 'places', o.places,
                                               'offered_at', o.offered_at) order by o.offered_at, o.id), '[]'::jsonb)
  from public.waitlist_offers o where o.offered_by = member
$$;
create function private.forget_waitlist_offers_made(member uuid) returns void
language sql volatile set search_path = ''
as $$ update public.waitlist_offers set offered_by = null where offered_by = member $$;

revoke all on function
  private.export_waitlist_offers(uuid), private.forget_waitlist_offers(uuid),
  private.export_waitlist_offers_made(uuid), private.forget_waitlist_offers_made(uuid)
  from public, anon, authenticated;
grant execute on function
  private.export_waitlist_offers(uuid), private.forget_waitlist_offers(uuid),
  private.export_waitlist_offers_made(uuid), private.forget_waitlist_offers_made(uuid)
  to service_role;
