-- Members: profiles, what happens when an account is made or confirmed, the session summary, and account self-service (export and delete).
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
-- 20261121000400_create_comments:
--   Comments on events, replies to them, hearts on either, and the authors' public names.
--   Members write and soft-delete only their own words; admins moderate (pin, flag, delete) but never rewrite.
-- 20261121000600_create_bookings:
--   Bookings and their payment schedules. Amounts are whole cents; members read only their own, admins
--   write everything. Bookings are financial records: deleting a member or an event does not erase them.
-- 20261123200001_confirmation_clears_unproven_password:
--   Anyone can sign up with someone else's address and a password of their own. GoTrue keeps the first
--   sign-up's password when the address is confirmed later (a second sign-up changes nothing), so the owner
--   following the confirmation link would share the account with whoever signed up first. Confirming an
--   address therefore clears any password set before it was proven; the link signs the owner in, and the
--   site asks them to choose a password (public.account_needs_password()). Decision 0003 has the flow.
--   Triggers on auth.users are allowed on hosted Supabase, so the rule holds there too.
-- 20261123300001_align_field_rules:
--   One rule per field: the same names, e-mail addresses, phone numbers and messages the forms accept
--   (src/lib/rules/fields.ts), and nothing they refuse. supabase/local/test/db/field-rules-agree.test.ts runs
--   every boundary value through both. Values are stored as the forms save them: trimmed, with empty optional
--   fields as null. Lengths are in characters (char_length), as the forms count them.
-- 20261124100001_marketing_consent:
--   Spam Act 2003: marketing e-mail goes only to people who ticked a box for it, we can show when they did,
--   and every such e-mail can be unsubscribed from. Consent lives on the member's profile and on each waitlist
--   entry and interest registration (a visitor without an account consents there). Its time is stamped here,
--   never sent by a client. See docs/decisions/0018-forms-outbox-and-consent.md.
-- 20261124300001_create_travellers:
--   A member's travellers: the people they book for (themselves included), with what the company needs on
--   a trip (date of birth, dietary and medical notes, an emergency contact). Members keep their own list;
--   admins read every traveller (trip safety). booking_travellers says who travels on which booking.
--   Field rules as src/lib/rules/fields.ts and src/features/travellers/traveller-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261124400001_account_self_service:
--   A member's own account: download everything we hold about them, delete the account, and the public
--   profile other members see. docs/decisions/0021-account-deletion-and-public-profiles.md says why.
-- 20261125200003_export_includes_flags:
--   A member's data download (export_my_data, 20261124400001_account_self_service.sql) includes the reports
--   (comment_flags) they sent. The function is the same but for the comment_flags entry.
-- 20261126600001_create_admin_overview:
--   /admin's overview in one request (decision 0038): every figure the screen shows, as one json object, read
--   as the table owner after checking the caller is an admin (a member gets 42501, a visitor cannot call it).
--   "Today", "this month" and "a week" are the company's, in Sydney; weeks start on Monday.
-- 20261127400001_create_traveller_forms:
--   Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
--   members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
--   Answers are private to their member and admins. The fields live in the form row as a JSON array that a
--   CHECK validates (one place), and answers are validated against them by the only function that writes them.
-- 20261128600001_my_session:
--   A signed-in page's session read in one request (src/stores/session.ts): the member's own profile and
--   whether they must choose a password before anything else (decision 0016), which were two requests on
--   every member page and every admin screen. Security definer only to read auth.users, as
--   account_needs_password() does; it answers about the caller alone.

-- The download and the deletion of a member's data: 15_member_data.sql.

-- ---------------------------------------------------------------- types

CREATE TYPE public.membership_tier AS ENUM (
    'vip',
    'next_room'
);

-- ---------------------------------------------------------------- public.profiles

-- Columns, as the migrations explain them:
--   phone: Digits with the usual separators and an optional leading +, as the forms accept: (03) 9000-0000.
CREATE TABLE public.profiles (
    id uuid NOT NULL,
    full_name text,
    is_admin boolean DEFAULT false NOT NULL,
    membership_tier public.membership_tier DEFAULT 'vip'::public.membership_tier NOT NULL,
    phone text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    marketing_consent boolean DEFAULT false NOT NULL,
    marketing_consent_at timestamp with time zone,
    CONSTRAINT profiles_full_name_check CHECK (((full_name IS NULL) OR private.is_person_name(full_name))),
    CONSTRAINT profiles_phone_check CHECK (((phone IS NULL) OR private.is_phone(phone)))
);

COMMENT ON TABLE public.profiles IS 'One row per auth user, created by the on_auth_user_created trigger.';

COMMENT ON COLUMN public.profiles.marketing_consent IS 'Trip news by e-mail (Spam Act): opt-in, unticked by default.';

COMMENT ON COLUMN public.profiles.marketing_consent_at IS 'When marketing_consent last changed (given or withdrawn); null when it was never given. Set by trigger.';

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- The weekly series read recent rows by date.
CREATE INDEX profiles_created_at_idx ON public.profiles USING btree (created_at);

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY profiles_select_authenticated ON public.profiles FOR SELECT TO authenticated USING (((id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY profiles_update_authenticated ON public.profiles FOR UPDATE TO authenticated USING (((id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin))) WITH CHECK (((id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.profiles TO service_role;
GRANT SELECT ON TABLE public.profiles TO authenticated;

GRANT UPDATE(full_name) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(is_admin) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(membership_tier) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(phone) ON TABLE public.profiles TO authenticated;

GRANT UPDATE(marketing_consent) ON TABLE public.profiles TO authenticated;

-- public.profiles: its functions and triggers

-- Whatever columns a member sends, only an admin changes is_admin or membership_tier.
CREATE FUNCTION private.guard_profile_privileges() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if private.is_end_user() and not private.is_admin()
     and (new.is_admin is distinct from old.is_admin or new.membership_tier is distinct from old.membership_tier) then
    raise exception 'only an admin can change is_admin or membership_tier'
      using errcode = '42501', hint = 'Send only full_name and phone.';
  end if;
  return new;
end
$$;

-- Sign-up copies the box from the metadata { full_name, marketing_consent }: only JSON true is consent, so
-- anything else (missing, "yes", a string) leaves it off.
CREATE FUNCTION private.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.profiles (id, full_name, marketing_consent)
  values (
    new.id,
    private.fit_person_name(new.raw_user_meta_data ->> 'full_name'),
    coalesce(new.raw_user_meta_data -> 'marketing_consent' = 'true'::jsonb, false)
  );
  return new;
end
$$;

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.handle_new_user();

-- The time of the last change of consent: now() whenever it changes, null while it was never given.
-- Whatever a caller sends for marketing_consent_at is overwritten, so the record cannot be backdated.
CREATE FUNCTION private.stamp_marketing_consent() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    new.marketing_consent_at := case when new.marketing_consent then now() end;
  elsif new.marketing_consent is distinct from old.marketing_consent then
    new.marketing_consent_at := now();
  else
    new.marketing_consent_at := old.marketing_consent_at;
  end if;
  return new;
end
$$;

-- public profile:

-- What /customer/{id} shows of a member to other signed-in members: name, member since, tier. Only of a
-- member the community has seen, as public_profiles lists them (an author of a live comment or reply on
-- a public event), or of the caller; anyone else, and a deleted account, is not found (decision 0058).
-- Nothing else of the profile (phone, admin flag, consent) leaves through here.
CREATE FUNCTION public.member_public_profile(member_id uuid) RETURNS TABLE(id uuid, full_name text, member_since timestamp with time zone, membership_tier public.membership_tier)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p.id, p.full_name, p.created_at, p.membership_tier
  from public.profiles p
  join auth.users u on u.id = p.id
  join public.public_profiles seen on seen.id = p.id
  where p.id = member_id and u.deleted_at is null
$$;

REVOKE ALL ON FUNCTION public.member_public_profile(member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.member_public_profile(member_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.member_public_profile(member_id uuid) TO authenticated;

CREATE TRIGGER guard_profile_privileges BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.guard_profile_privileges();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER stamp_marketing_consent BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.stamp_marketing_consent();

-- ---------------------------------------------------------------- functions

-- True while the signed-in member has no password (just confirmed, or invited): the site then asks for one.
CREATE FUNCTION public.account_needs_password() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(u.encrypted_password, '') = '' from auth.users u where u.id = auth.uid();
$$;

REVOKE ALL ON FUNCTION public.account_needs_password() FROM PUBLIC;
GRANT ALL ON FUNCTION public.account_needs_password() TO service_role;
GRANT ALL ON FUNCTION public.account_needs_password() TO authenticated;

-- Runs as whoever confirms (GoTrue's role): it only edits the row being written.
CREATE FUNCTION public.clear_unproven_password() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  -- A password set in the confirming statement itself (an admin creating a confirmed account) stays.
  if new.encrypted_password is not distinct from old.encrypted_password then
    new.encrypted_password := null;
  end if;
  return new;
end;
$$;

REVOKE ALL ON FUNCTION public.clear_unproven_password() FROM PUBLIC;
GRANT ALL ON FUNCTION public.clear_unproven_password() TO service_role;

CREATE TRIGGER on_auth_user_confirmed_clear_password BEFORE UPDATE OF email_confirmed_at ON auth.users FOR EACH ROW WHEN (((old.email_confirmed_at IS NULL) AND (new.email_confirmed_at IS NOT NULL))) EXECUTE FUNCTION public.clear_unproven_password();

-- ---------------------------------------------------------------- the session read

-- A signed-in page's session read in one request (src/stores/session.ts): the member's own profile and
-- whether they must choose a password before anything else (decision 0016), which were two requests on
-- every member page and every admin screen. Security definer only to read auth.users, as
-- account_needs_password() does; it answers about the caller alone. A typed row (not jsonb), so the
-- generated types describe it; here, after the table, because it holds a profiles row.
CREATE TYPE public.member_session AS (
    profile public.profiles,
    needs_password boolean
);

CREATE FUNCTION public.my_session() RETURNS public.member_session
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select
    (select p from public.profiles p where p.id = (select auth.uid())),
    coalesce(public.account_needs_password(), false)
$$;

COMMENT ON FUNCTION public.my_session() IS 'The caller''s profile (null if none) and whether their account has no password yet.';

REVOKE ALL ON FUNCTION public.my_session() FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_session() TO service_role;
GRANT ALL ON FUNCTION public.my_session() TO authenticated;
