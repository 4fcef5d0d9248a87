-- The private schema and the small helpers every domain uses: who is an admin, what a valid e-mail, name, phone or date is.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261121000100_create_profiles:
--   Member profiles, the admin helper and the shared trigger functions.
--   Every table gets explicit grants: new public tables are not exposed to the API roles by default, and on
--   older projects where they are, the `revoke all` first makes the grants below the whole truth.
-- 20261121000500_create_enquiries:
--   What visitors send the company: waitlist entries, interest registrations and contact messages.
--   Anyone may send one; only admins read, update or delete them.
-- 20261123100001_limit_waitlist_probes:
--   'Already on waitlist' tells whoever asks that an address is on a trip's waitlist. The product asks for
--   that answer, so it stays, but one client gets only a few of them per hour: enough for a person who forgot
--   they signed up, too few to test a list of addresses. The answer now comes only from
--   public.join_waitlist(); visitors may no longer insert rows themselves, because the unique index's 409
--   would give the same answer with no limit at all.
-- 20261123300001_align_field_rules:
--   One rule per field: the same names, e-mail addresses, phone numbers and messages the forms accept
--   (src/lib/rules/fields.ts), and nothing they refuse. supabase/local/test/db/field-rules-agree.test.ts runs
--   every boundary value through both. Values are stored as the forms save them: trimmed, with empty optional
--   fields as null. Lengths are in characters (char_length), as the forms count them.
-- 20261124300001_create_travellers:
--   A member's travellers: the people they book for (themselves included), with what the company needs on
--   a trip (date of birth, dietary and medical notes, an emergency contact). Members keep their own list;
--   admins read every traveller (trip safety). booking_travellers says who travels on which booking.
--   Field rules as src/lib/rules/fields.ts and src/features/travellers/traveller-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261126000002_create_admin_helpers:
--   What every admin function shares, defined once: the refusal for anyone but an admin, the search box's
--   text as an ILIKE pattern, and the company's day.
-- 20261126300001_extend_events_for_admin:
--   Issue 10, /admin/events and /admin/event-management (decision 0035): the event form's fields hold the
--   same rules as src/features/admin/events/event-rules.ts (supabase/tests/database/event-rules-agree.test.ts proves it), each
--   departure gets a slug of its own while trip_slug names its Sanity trip, the status badge and the images
--   are columns, and cancelling an event tells its followers and travellers by e-mail. Admins write through
--   the existing RLS policies (events_*_admin); the audit trigger records every change.
-- 20261127400001_create_traveller_forms:
--   Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
--   members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
--   Answers are private to their member and admins. The fields live in the form row as a JSON array that a
--   CHECK validates (one place), and answers are validated against them by the only function that writes them.
-- 20261128100001_rich_event_updates:
--   Event updates in rich text (issue 11, decision 0043). The editor's document (Tiptap's JSON) is stored as
--   it is in `body_doc`; the database is its rule (only the nodes and marks below, links https: or mailto:,
--   the plain text 1 to 5000 characters) and its one renderer: from the document it derives the plain text
--   (`body`: search, CSV, the e-mail's text part) and the HTML (`body_html`: escaped, a fixed set of tags),
--   which /event-updates and the e-mail both show. Updates written before this have no document: their HTML
--   is their text as paragraphs. The field rules in TypeScript are src/features/admin/updates/update-rules.ts.

-- ---------------------------------------------------------------- schema

CREATE SCHEMA private;

GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO service_role;

-- ---------------------------------------------------------------- functions

-- Sign-up must not fail on a profile check (hosted Auth would answer 500), so the name from the sign-up
-- metadata is made to fit the rule: controls removed, trimmed, cut to 120 characters, empty as null.
CREATE FUNCTION private.fit_person_name(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  with ws(chars) as (
    select '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]'
  )
  select nullif(regexp_replace(left(regexp_replace(
           regexp_replace(value, '[\u0001-\u001F\u007F-\u009F]', '', 'g'),
           '^' || chars || '+|' || chars || '+$', '', 'g'), 120), chars || '+$', ''), '')
  from ws
$_$;

-- ---------------------------------------------------------------- small rules

-- Text for HTML: element content and double-quoted attribute values.
CREATE FUNCTION private.html_escape(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    '"', '&quot;'), '''', '&#39;')
$$;

GRANT ALL ON FUNCTION private.html_escape(value text) TO authenticated;
GRANT ALL ON FUNCTION private.html_escape(value text) TO service_role;

-- ---------------------------------------------------------------- helpers

-- Admin is profiles.is_admin; security definer so policies can ask without seeing other profiles.
CREATE FUNCTION private.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select p.is_admin from public.profiles p where p.id = (select auth.uid())), false)
$$;

REVOKE ALL ON FUNCTION private.is_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.is_admin() TO anon;
GRANT ALL ON FUNCTION private.is_admin() TO authenticated;
GRANT ALL ON FUNCTION private.is_admin() TO service_role;

-- A date of birth: from 1900-01-01 to today. A member east of UTC may already be a day ahead of the
-- database's UTC date, so one day more is allowed here (the form refuses it by the member's own calendar).
CREATE FUNCTION private.is_birth_date(value date) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select value between date '1900-01-01' and (now() at time zone 'utc')::date + 1
$$;

GRANT ALL ON FUNCTION private.is_birth_date(value date) TO authenticated;
GRANT ALL ON FUNCTION private.is_birth_date(value date) TO service_role;

-- The address shape Supabase Auth accepts at sign-up, with a dot in the domain; at most 254 characters.
CREATE FUNCTION private.is_email(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select char_length(value) <= 254
     and value ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
$_$;

GRANT ALL ON FUNCTION private.is_email(value text) TO anon;
GRANT ALL ON FUNCTION private.is_email(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_email(value text) TO service_role;

-- True for the API's end-user roles; service_role, migrations and the auth service act with full rights.
CREATE FUNCTION private.is_end_user() RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select current_user in ('anon', 'authenticated')
$$;

GRANT ALL ON FUNCTION private.is_end_user() TO anon;
GRANT ALL ON FUNCTION private.is_end_user() TO authenticated;
GRANT ALL ON FUNCTION private.is_end_user() TO service_role;

-- An image's alt text: trimmed, 1 to 200 characters, one line, no control characters.
CREATE FUNCTION private.is_image_alt(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_image_alt(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_image_alt(value text) TO service_role;

-- A calendar date written YYYY-MM-DD that exists (2026-02-30 does not).
CREATE FUNCTION private.is_iso_date(value text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
begin
  return value ~ '^\d{4}-\d{2}-\d{2}$' and to_char(value::date, 'YYYY-MM-DD') = value;
exception when others then
  return false;
end
$_$;

-- Free text over several lines: trimmed, 1 to 2000 characters, no controls but tab, line feed, return.
CREATE FUNCTION private.is_message(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 2000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_message(value text) TO anon;
GRANT ALL ON FUNCTION private.is_message(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_message(value text) TO service_role;

-- A person's name: trimmed, 1 to 120 characters, no control characters (C0, DEL, C1).
CREATE FUNCTION private.is_person_name(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 120
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_person_name(value text) TO anon;
GRANT ALL ON FUNCTION private.is_person_name(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_person_name(value text) TO service_role;

-- Digits with spaces, brackets, dots and hyphens and an optional leading +; 6 to 30 characters, 6 digits.
CREATE FUNCTION private.is_phone(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select private.is_trimmed(value) and char_length(value) between 6 and 30
     and value ~ '^\+?[0-9 ().-]+$'
     and char_length(regexp_replace(value, '[^0-9]', '', 'g')) >= 6
$_$;

GRANT ALL ON FUNCTION private.is_phone(value text) TO anon;
GRANT ALL ON FUNCTION private.is_phone(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_phone(value text) TO service_role;

-- A slug (an event's own, or its Sanity trip's): lower-case words joined by single hyphens, ≤ 100.
CREATE FUNCTION private.is_slug(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select value ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(value) <= 100
$_$;

GRANT ALL ON FUNCTION private.is_slug(value text) TO anon;
GRANT ALL ON FUNCTION private.is_slug(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_slug(value text) TO service_role;

-- Starts or ends with whitespace, as JavaScript's String.prototype.trim() understands whitespace.
CREATE FUNCTION private.is_trimmed(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select value !~ '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]'
     and value !~ '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]$'
$_$;

GRANT ALL ON FUNCTION private.is_trimmed(value text) TO anon;
GRANT ALL ON FUNCTION private.is_trimmed(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_trimmed(value text) TO service_role;

-- ---------------------------------------------------------------- who is asking

-- The caller's address as the API gateway reports it: the first X-Forwarded-For entry, which PostgREST
-- shows to SQL in request.headers. Hosted, the gateway sets it; the local stack sets it from the socket
-- (so locally every request comes from 127.0.0.1). Outside the API (psql, Studio) it is 'unknown'.
CREATE FUNCTION private.request_client() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(
    nullif(
      left(btrim(split_part(
        coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'x-forwarded-for',
        ',', 1)), 200),
      ''),
    'unknown')
$$;

REVOKE ALL ON FUNCTION private.request_client() FROM PUBLIC;
GRANT ALL ON FUNCTION private.request_client() TO anon;
GRANT ALL ON FUNCTION private.request_client() TO authenticated;
GRANT ALL ON FUNCTION private.request_client() TO service_role;

-- Whether the caller's access token still speaks for someone: true for visitors and operators (no user in
-- the token); for a member, their auth.users row exists and is not deleted (delete_my_account anonymises
-- or deletes it) and, when the token names a session (GoTrue's always do), that session still exists in
-- auth.sessions (signing out everywhere, a new password or deleting the account ends it). An access token
-- stays signed until it expires; this is how the database stops its writes sooner (decision 0058).
-- Two primary-key lookups; security definer because members cannot read auth.*.
CREATE FUNCTION private.caller_is_live() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  member uuid := auth.uid();
  session text := nullif(auth.jwt() ->> 'session_id', '');
begin
  if member is null then
    return true;
  end if;
  if not exists (select 1 from auth.users u where u.id = member and u.deleted_at is null) then
    return false;
  end if;
  if session is null then
    return true;
  end if;
  -- A session id that is not a UUID names no session (and must not fail the cast below).
  if session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return exists (select 1 from auth.sessions s where s.id = session::uuid and s.user_id = member);
end
$_$;

REVOKE ALL ON FUNCTION private.caller_is_live() FROM PUBLIC;
GRANT ALL ON FUNCTION private.caller_is_live() TO anon;
GRANT ALL ON FUNCTION private.caller_is_live() TO authenticated;
GRANT ALL ON FUNCTION private.caller_is_live() TO service_role;

-- Refuses a caller whose account or session has ended (private.caller_is_live()), with the code row-level
-- security uses (42501, HTTP 403). Security-definer functions that write for a member call it first.
CREATE FUNCTION private.require_live_caller() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not private.caller_is_live() then
    raise exception 'your session has ended' using errcode = '42501', hint = 'Log in again.';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.require_live_caller() FROM PUBLIC;
GRANT ALL ON FUNCTION private.require_live_caller() TO anon;
GRANT ALL ON FUNCTION private.require_live_caller() TO authenticated;
GRANT ALL ON FUNCTION private.require_live_caller() TO service_role;

-- Before each statement that writes a table through the API: the caller must be live (above). Once per
-- statement, however many rows; operators, the auth service and security-definer functions (which run as
-- their owner and check for themselves) pass.
CREATE FUNCTION private.refuse_ended_session() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if private.is_end_user() then
    perform private.require_live_caller();
  end if;
  return null;
end
$$;

-- Refuses everyone but a signed-in admin whose session is live, with the code row-level security uses
-- (42501). Security-definer admin functions call it first, so a member calling them directly through the
-- API gets nothing.
CREATE FUNCTION private.require_admin(what text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  perform private.require_live_caller();
  if not private.is_admin() then
    raise exception 'only an admin can %', what using errcode = '42501';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.require_admin(what text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.require_admin(what text) TO authenticated;
GRANT ALL ON FUNCTION private.require_admin(what text) TO service_role;

-- A search box's text as an ILIKE pattern that matches it anywhere: trimmed, and \ % _ taken literally
-- (an admin searching for "50%" finds "50%", not everything). Null when there is nothing to search for.
CREATE FUNCTION private.search_pattern(search text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '%' || replace(replace(replace(nullif(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

GRANT ALL ON FUNCTION private.search_pattern(search text) TO authenticated;
GRANT ALL ON FUNCTION private.search_pattern(search text) TO service_role;

CREATE FUNCTION private.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- The company's day (Sydney), as src/lib/format/today.ts reads it in the browser.
CREATE FUNCTION private.sydney_today() RETURNS date
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select (now() at time zone 'Australia/Sydney')::date
$$;

GRANT ALL ON FUNCTION private.sydney_today() TO authenticated;
GRANT ALL ON FUNCTION private.sydney_today() TO service_role;

-- ---------------------------------------------------------------- the renderer

-- Leading and trailing white space off (the set private.is_trimmed refuses).
CREATE FUNCTION private.trim_space(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select regexp_replace(regexp_replace(value,
    '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+', ''),
    '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+$', '')
$_$;

GRANT ALL ON FUNCTION private.trim_space(value text) TO authenticated;
GRANT ALL ON FUNCTION private.trim_space(value text) TO service_role;
