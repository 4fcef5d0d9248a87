-- Comments, replies and their reactions: who may post, read and react, and the posting limit.
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
-- 20261124300001_create_travellers:
--   A member's travellers: the people they book for (themselves included), with what the company needs on
--   a trip (date of birth, dietary and medical notes, an emergency contact). Members keep their own list;
--   admins read every traveller (trip safety). booking_travellers says who travels on which booking.
--   Field rules as src/lib/rules/fields.ts and src/features/travellers/traveller-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261125100001_comment_heart_counts:
--   Hearts per comment and per reply in one small row each, whatever the number of hearts, so the events
--   page's comments request embeds them under every comment (through comment_id) and reply (through
--   reply_id) instead of carrying every heart. PostgREST is never asked to aggregate (hosted projects keep
--   its aggregates switched off). Security invoker: comment_reactions' policies decide which hearts count.
-- 20261125200001_limit_comment_rate:
--   A member may post at most a few comments and replies together in any minute: enough for a conversation,
--   too few for a script to flood an event's page. The number is a setting in the database
--   (private.posting_limits, 5 unless an operator changes it in the SQL editor); test stacks raise it, as they
--   raise [auth.rate_limit], because their suites post dozens of comments as one member. A refusal is
--   SQLSTATE PT429 (PostgREST answers HTTP 429), which the comments area turns into a clear message.
--   Operators and the seed (not anon or authenticated) are not limited; deleted posts still count.
-- 20261125300002_reply_attachment_in_own_folder:
--   Replies gained image columns (20261125100002) beside the rule that keeps a comment's image its author's
--   own upload (20261125300001). One function now states that rule, and comments and replies both check it:
--   no image and no name, or a public URL in the event-images bucket under the author's folder, named
--   `{timestamp}.{ext}` as the page uploads it, with a non-blank name. coalesce: a CHECK that answers null
--   passes, and a null URL with a name must not.
-- 20261127400001_create_traveller_forms:
--   Traveller forms (decision 0042): an admin builds a form for an event from typed fields with a due date;
--   members booked on the event (a booking that is not cancelled) fill it once, and may change their answers.
--   Answers are private to their member and admins. The fields live in the form row as a JSON array that a
--   CHECK validates (one place), and answers are validated against them by the only function that writes them.
-- 20261130300001_show_comment_threads:
--   The events page's comments in compact rows (issue 25, decision 0070): thread_replies and comment_threads,
--   a live comment with its reply count and first three replies. Security invoker: RLS decides.

-- ---------------------------------------------------------------- types

CREATE TYPE public.comment_reaction_type AS ENUM (
    'heart'
);

-- ---------------------------------------------------------------- what public.comments checks, and its policies ask

CREATE FUNCTION private.is_authors_event_image(url text, name text, author uuid) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select (url is null and name is null)
    or coalesce(
      url ~ (
        '^https?://[^/?#@[:space:]]+/storage/v1/object/public/event-images/'
        || author::text
        || '/[0-9]{1,16}\.(png|jpg|gif|webp)$'
      )
      and name ~ '[^[:space:]]',
      false
    )
$_$;

COMMENT ON FUNCTION private.is_authors_event_image(url text, name text, author uuid) IS 'Whether a post''s attachment is none, or its author''s own upload to event-images with a name.';

-- ---------------------------------------------------------------- public.comments

CREATE TABLE public.comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    content text NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    is_pinned boolean DEFAULT false NOT NULL,
    is_flagged boolean DEFAULT false NOT NULL,
    attachment_url text,
    attachment_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT comments_attachment_is_authors_image CHECK (private.is_authors_event_image(attachment_url, attachment_name, user_id)),
    CONSTRAINT comments_attachment_name_check CHECK ((char_length(attachment_name) <= 255)),
    CONSTRAINT comments_attachment_url_check CHECK (((attachment_url ~ '^https?://'::text) AND (char_length(attachment_url) <= 2048))),
    CONSTRAINT comments_content_check CHECK (((content ~ '[^[:space:]]'::text) AND (char_length(content) <= 2000)))
);

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX comments_event_id_created_at_idx ON public.comments USING btree (event_id, created_at);

-- An event's live comments in the thread's order (pinned first, then oldest): the events page's first three
-- and its later pages walk it and stop, instead of building every comment's row of comment_threads to sort
-- them (49 ms → 3.5 ms for an event of 2,000 comments; issue 25, decision 0070).
CREATE INDEX comments_thread_order_idx ON public.comments USING btree (event_id, is_pinned DESC, created_at, id) WHERE (NOT is_deleted);

-- Counting a member's recent posts reads these indexes.
CREATE INDEX comments_user_id_created_at_idx ON public.comments USING btree (user_id, created_at);

CREATE INDEX comments_user_id_idx ON public.comments USING btree (user_id);

ALTER TABLE public.comments ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comments FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY comments_delete_admin ON public.comments FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY comments_insert_authenticated ON public.comments FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.is_public_event(event_id)));

-- Authors still see their own soft-deleted rows (an update that returns the row must be able to read it);
-- the app filters is_deleted = false when it lists comments.
CREATE POLICY comments_select_anon ON public.comments FOR SELECT TO anon USING (((NOT is_deleted) AND private.is_public_event(event_id)));

CREATE POLICY comments_select_authenticated ON public.comments FOR SELECT TO authenticated USING ((((NOT is_deleted) AND private.is_public_event(event_id)) OR (user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY comments_update_authenticated ON public.comments FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.comments TO service_role;
GRANT SELECT ON TABLE public.comments TO anon;
GRANT SELECT,DELETE ON TABLE public.comments TO authenticated;

GRANT INSERT(event_id) ON TABLE public.comments TO authenticated;

GRANT INSERT(user_id) ON TABLE public.comments TO authenticated;

GRANT INSERT(content),UPDATE(content) ON TABLE public.comments TO authenticated;

GRANT UPDATE(is_deleted) ON TABLE public.comments TO authenticated;

GRANT UPDATE(is_pinned) ON TABLE public.comments TO authenticated;

GRANT UPDATE(is_flagged) ON TABLE public.comments TO authenticated;

GRANT INSERT(attachment_url) ON TABLE public.comments TO authenticated;

GRANT INSERT(attachment_name) ON TABLE public.comments TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.comments TO authenticated;

-- public.comments: its functions and triggers

-- rules no policy can express:

-- What a member may change on a comment or reply: their own text and deletion flag, and nothing once a
-- comment is deleted (so a moderated comment stays down). Admins may pin, flag and delete anything.
CREATE FUNCTION private.guard_comment_update() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  is_owner boolean := coalesce(old.user_id = (select auth.uid()), false);
  caller_is_admin boolean := private.is_admin();
  moderation_changed boolean := false;
begin
  if not private.is_end_user() then
    return new;
  end if;
  if tg_table_name = 'comments' then
    moderation_changed := new.is_pinned is distinct from old.is_pinned or new.is_flagged is distinct from old.is_flagged;
  end if;
  if moderation_changed and not caller_is_admin then
    raise exception 'only an admin can pin or flag comments' using errcode = '42501';
  end if;
  if new.content is distinct from old.content and not is_owner then
    raise exception 'only the author can edit a comment' using errcode = '42501';
  end if;
  if old.is_deleted and not caller_is_admin and (new.is_deleted is distinct from old.is_deleted or new.content is distinct from old.content) then
    raise exception 'a deleted comment cannot be changed' using errcode = '42501';
  end if;
  return new;
end
$$;

-- Runs with the caller's rights (a definer would never be an end user); members see all their own rows,
-- deleted or not, so the count is complete.
CREATE FUNCTION private.limit_comment_rate() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  allowed integer;
  recent integer;
begin
  if not private.is_end_user() then
    return new;
  end if;
  -- One member's posts one at a time, so two at once cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('comment_rate:' || new.user_id::text));
  allowed := private.posts_per_minute();
  select (select count(*) from public.comments c
           where c.user_id = new.user_id and c.created_at > now() - interval '1 minute')
       + (select count(*) from public.comment_replies r
           where r.user_id = new.user_id and r.created_at > now() - interval '1 minute')
    into recent;
  if recent >= allowed then
    raise exception 'too many comments: at most % comments and replies a minute', allowed
      using errcode = 'PT429', hint = 'Wait a minute, then post again.';
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.limit_comment_rate() FROM PUBLIC;

CREATE TRIGGER guard_comment_update BEFORE UPDATE ON public.comments FOR EACH ROW EXECUTE FUNCTION private.guard_comment_update();

CREATE TRIGGER limit_comment_rate BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION private.limit_comment_rate();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.comments FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- public.comment_replies

-- (20261125100002, added columns)
-- A reply may carry an image as a comment does (issue 9): the same two columns with the same rules, and the
-- author sets them when posting (no update grant: an attachment is not edited, as on comments).
CREATE TABLE public.comment_replies (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid NOT NULL,
    parent_comment_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    content text NOT NULL,
    is_deleted boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    attachment_url text,
    attachment_name text,
    CONSTRAINT comment_replies_attachment_is_authors_image CHECK (private.is_authors_event_image(attachment_url, attachment_name, user_id)),
    CONSTRAINT comment_replies_attachment_name_check CHECK ((char_length(attachment_name) <= 255)),
    CONSTRAINT comment_replies_attachment_url_check CHECK (((attachment_url ~ '^https?://'::text) AND (char_length(attachment_url) <= 2048))),
    CONSTRAINT comment_replies_content_check CHECK (((content ~ '[^[:space:]]'::text) AND (char_length(content) <= 2000)))
);

ALTER TABLE ONLY public.comment_replies
    ADD CONSTRAINT comment_replies_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_replies
    ADD CONSTRAINT comment_replies_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_replies
    ADD CONSTRAINT comment_replies_parent_comment_id_fkey FOREIGN KEY (parent_comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_replies
    ADD CONSTRAINT comment_replies_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX comment_replies_event_id_created_at_idx ON public.comment_replies USING btree (event_id, created_at);

CREATE INDEX comment_replies_parent_comment_id_idx ON public.comment_replies USING btree (parent_comment_id);

CREATE INDEX comment_replies_user_id_created_at_idx ON public.comment_replies USING btree (user_id, created_at);

CREATE INDEX comment_replies_user_id_idx ON public.comment_replies USING btree (user_id);

ALTER TABLE public.comment_replies ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_replies FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY comment_replies_delete_admin ON public.comment_replies FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

-- The parent must be a live comment the member can see (the subquery runs under comments' policies).
CREATE POLICY comment_replies_insert_authenticated ON public.comment_replies FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND private.is_public_event(event_id) AND (EXISTS ( SELECT 1
   FROM public.comments c
  WHERE ((c.id = comment_replies.parent_comment_id) AND (NOT c.is_deleted))))));

CREATE POLICY comment_replies_select_anon ON public.comment_replies FOR SELECT TO anon USING (((NOT is_deleted) AND private.is_public_event(event_id)));

CREATE POLICY comment_replies_select_authenticated ON public.comment_replies FOR SELECT TO authenticated USING ((((NOT is_deleted) AND private.is_public_event(event_id)) OR (user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE POLICY comment_replies_update_authenticated ON public.comment_replies FOR UPDATE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.comment_replies TO service_role;
GRANT SELECT ON TABLE public.comment_replies TO anon;
GRANT SELECT,DELETE ON TABLE public.comment_replies TO authenticated;

GRANT INSERT(event_id) ON TABLE public.comment_replies TO authenticated;

GRANT INSERT(parent_comment_id) ON TABLE public.comment_replies TO authenticated;

GRANT INSERT(user_id) ON TABLE public.comment_replies TO authenticated;

GRANT INSERT(content),UPDATE(content) ON TABLE public.comment_replies TO authenticated;

GRANT UPDATE(is_deleted) ON TABLE public.comment_replies TO authenticated;

GRANT UPDATE(updated_at) ON TABLE public.comment_replies TO authenticated;

GRANT INSERT(attachment_url) ON TABLE public.comment_replies TO authenticated;

GRANT INSERT(attachment_name) ON TABLE public.comment_replies TO authenticated;

-- public.comment_replies: its functions and triggers

-- A reply belongs to its parent comment's event.
CREATE FUNCTION private.check_reply_event() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.event_id is distinct from (select c.event_id from public.comments c where c.id = new.parent_comment_id) then
    raise exception 'a reply must belong to the event of its comment' using errcode = '23514';
  end if;
  return new;
end
$$;

CREATE TRIGGER check_reply_event BEFORE INSERT OR UPDATE OF event_id, parent_comment_id ON public.comment_replies FOR EACH ROW EXECUTE FUNCTION private.check_reply_event();

CREATE TRIGGER guard_comment_update BEFORE UPDATE ON public.comment_replies FOR EACH ROW EXECUTE FUNCTION private.guard_comment_update();

CREATE TRIGGER limit_comment_rate BEFORE INSERT ON public.comment_replies FOR EACH ROW EXECUTE FUNCTION private.limit_comment_rate();

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.comment_replies FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- ---------------------------------------------------------------- private.posting_limits

CREATE TABLE private.posting_limits (
    only_row boolean DEFAULT true NOT NULL,
    posts_per_minute integer NOT NULL,
    CONSTRAINT posting_limits_only_row_check CHECK (only_row),
    CONSTRAINT posting_limits_posts_per_minute_check CHECK (((posts_per_minute >= 1) AND (posts_per_minute <= 1000000)))
);

COMMENT ON TABLE private.posting_limits IS 'How many comments and replies together one member may post in a minute (one row; operators only).';

ALTER TABLE ONLY private.posting_limits
    ADD CONSTRAINT posting_limits_pkey PRIMARY KEY (only_row);

ALTER TABLE private.posting_limits ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.posting_limits TO service_role;

-- The one row of the posting limit: 5 comments and replies together a minute (test stacks raise it).
INSERT INTO private.posting_limits (only_row, posts_per_minute) VALUES (true, 5);

-- private.posting_limits: its functions

-- The setting, for the trigger below (members cannot read the table itself).
CREATE FUNCTION private.posts_per_minute() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select posts_per_minute from private.posting_limits), 5)
$$;

REVOKE ALL ON FUNCTION private.posts_per_minute() FROM PUBLIC;
GRANT ALL ON FUNCTION private.posts_per_minute() TO authenticated;
GRANT ALL ON FUNCTION private.posts_per_minute() TO service_role;

-- ---------------------------------------------------------------- public.comment_reactions

CREATE TABLE public.comment_reactions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    comment_id uuid,
    reply_id uuid,
    reaction_type public.comment_reaction_type DEFAULT 'heart'::public.comment_reaction_type NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT comment_reactions_one_target CHECK ((num_nonnulls(comment_id, reply_id) = 1))
);

ALTER TABLE ONLY public.comment_reactions
    ADD CONSTRAINT comment_reactions_one_per_comment UNIQUE (user_id, comment_id, reaction_type);

ALTER TABLE ONLY public.comment_reactions
    ADD CONSTRAINT comment_reactions_one_per_reply UNIQUE (user_id, reply_id, reaction_type);

ALTER TABLE ONLY public.comment_reactions
    ADD CONSTRAINT comment_reactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_reactions
    ADD CONSTRAINT comment_reactions_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_reactions
    ADD CONSTRAINT comment_reactions_reply_id_fkey FOREIGN KEY (reply_id) REFERENCES public.comment_replies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_reactions
    ADD CONSTRAINT comment_reactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX comment_reactions_comment_id_idx ON public.comment_reactions USING btree (comment_id);

CREATE INDEX comment_reactions_reply_id_idx ON public.comment_reactions USING btree (reply_id);

ALTER TABLE public.comment_reactions ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_reactions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

-- Only one's own: a member takes a heart back by its comment or reply alone (user_id is not readable).
CREATE POLICY comment_reactions_delete_authenticated ON public.comment_reactions FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY comment_reactions_insert_authenticated ON public.comment_reactions FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND ((EXISTS ( SELECT 1
   FROM public.comments c
  WHERE ((c.id = comment_reactions.comment_id) AND (NOT c.is_deleted)))) OR (EXISTS ( SELECT 1
   FROM public.comment_replies r
  WHERE ((r.id = comment_reactions.reply_id) AND (NOT r.is_deleted)))))));

-- A heart is visible to a member (without its user_id), and may be given, exactly when its comment or
-- reply is visible to the caller.
CREATE POLICY comment_reactions_select_authenticated ON public.comment_reactions FOR SELECT TO authenticated USING (((EXISTS ( SELECT 1
   FROM public.comments c
  WHERE (c.id = comment_reactions.comment_id))) OR (EXISTS ( SELECT 1
   FROM public.comment_replies r
  WHERE (r.id = comment_reactions.reply_id)))));

-- Who gave a heart is nobody else's business (decision 0058): visitors read no rows (they get counts),
-- members read rows without user_id or created_at (enough for Realtime to tell them a count changed), and
-- each member reads their own through public.my_comment_hearts.
GRANT ALL ON TABLE public.comment_reactions TO service_role;
GRANT DELETE ON TABLE public.comment_reactions TO authenticated;

GRANT SELECT(id) ON TABLE public.comment_reactions TO authenticated;

GRANT SELECT(comment_id) ON TABLE public.comment_reactions TO authenticated;

GRANT SELECT(reply_id) ON TABLE public.comment_reactions TO authenticated;

GRANT SELECT(reaction_type) ON TABLE public.comment_reactions TO authenticated;

GRANT INSERT(user_id) ON TABLE public.comment_reactions TO authenticated;

GRANT INSERT(comment_id) ON TABLE public.comment_reactions TO authenticated;

GRANT INSERT(reply_id) ON TABLE public.comment_reactions TO authenticated;

GRANT INSERT(reaction_type) ON TABLE public.comment_reactions TO authenticated;

-- ---------------------------------------------------------------- public.comment_heart_counts

-- Hearts per comment and per reply in one small row each, whatever the number of hearts, so the events
-- page's comments request embeds them under every comment (through comment_id) and reply (through
-- reply_id) instead of carrying every heart. PostgREST is never asked to aggregate (hosted projects keep
-- its aggregates switched off). The owner's rights, because visitors may not read hearts themselves
-- (decision 0058): it counts hearts on live comments and replies of public events, and for an admin all.
CREATE VIEW public.comment_heart_counts WITH (security_invoker='false', security_barrier='true') AS
 SELECT h.comment_id,
    h.reply_id,
    (count(*))::integer AS total
   FROM public.comment_reactions h
  WHERE ((EXISTS ( SELECT 1
           FROM public.comments c
          WHERE ((c.id = h.comment_id) AND (NOT c.is_deleted) AND private.is_public_event(c.event_id)))) OR (EXISTS ( SELECT 1
           FROM public.comment_replies r
          WHERE ((r.id = h.reply_id) AND (NOT r.is_deleted) AND private.is_public_event(r.event_id)))) OR ( SELECT private.is_admin() AS is_admin))
  GROUP BY h.comment_id, h.reply_id;

COMMENT ON VIEW public.comment_heart_counts IS 'Hearts per live comment or reply on a public event (an admin: all).';

GRANT ALL ON TABLE public.comment_heart_counts TO service_role;
GRANT SELECT ON TABLE public.comment_heart_counts TO anon;
GRANT SELECT ON TABLE public.comment_heart_counts TO authenticated;

-- ---------------------------------------------------------------- public.my_comment_hearts

-- The caller's own hearts (the page shows them pressed), embedded under comments through comment_id and
-- under replies through reply_id. The owner's rights, because members cannot read
-- comment_reactions.user_id to filter by it; the view shows the caller's rows and nobody else's.
-- Read-only: it is never granted a write.
CREATE VIEW public.my_comment_hearts WITH (security_invoker='false', security_barrier='true') AS
 SELECT h.id,
    h.comment_id,
    h.reply_id
   FROM public.comment_reactions h
  WHERE (h.user_id = ( SELECT auth.uid() AS uid));

COMMENT ON VIEW public.my_comment_hearts IS 'The caller''s own hearts on comments and replies.';

GRANT ALL ON TABLE public.my_comment_hearts TO service_role;
GRANT SELECT ON TABLE public.my_comment_hearts TO authenticated;

-- ---------------------------------------------------------------- public.public_profiles

-- Visitors and members may read the name of anyone who wrote something they can see, and nothing else
-- of a profile (profiles itself shows a member only their own row). The view runs with its owner's
-- rights on purpose, and limits itself to authors of live comments and replies on public events.
CREATE VIEW public.public_profiles WITH (security_invoker='false', security_barrier='true') AS
 SELECT p.id,
    p.full_name
   FROM public.profiles p
  WHERE ((EXISTS ( SELECT 1
           FROM public.comments c
          WHERE ((c.user_id = p.id) AND (NOT c.is_deleted) AND private.is_public_event(c.event_id)))) OR (EXISTS ( SELECT 1
           FROM public.comment_replies r
          WHERE ((r.user_id = p.id) AND (NOT r.is_deleted) AND private.is_public_event(r.event_id)))) OR (p.id = ( SELECT auth.uid() AS uid)));

COMMENT ON VIEW public.public_profiles IS 'Names of the authors of visible community posts (and the caller).';

GRANT ALL ON TABLE public.public_profiles TO service_role;
GRANT SELECT ON TABLE public.public_profiles TO anon;
GRANT SELECT ON TABLE public.public_profiles TO authenticated;

-- ---------------------------------------------------------------- public.thread_replies

-- Each live reply as the events page shows it, in one compact row: its author's public name, its heart
-- count, whether the caller gave one, and whether it was edited (the set_updated_at trigger stamps every
-- update). The caller's rights (security invoker): comment_replies' policies decide what a member reads;
-- the three views it asks run with their owner's, as they do when embedded. Members only: visitors see
-- no comments on the page, and my_comment_hearts is theirs alone. Decision 0070.
CREATE VIEW public.thread_replies WITH (security_invoker='true') AS
 SELECT r.id,
    r.event_id,
    r.parent_comment_id,
    r.user_id,
    ( SELECT p.full_name
           FROM public.public_profiles p
          WHERE (p.id = r.user_id)) AS author,
    r.content,
    r.created_at,
    (r.updated_at > r.created_at) AS edited,
    COALESCE(( SELECT h.total
           FROM public.comment_heart_counts h
          WHERE (h.reply_id = r.id)), 0) AS hearts,
    (EXISTS ( SELECT 1
           FROM public.my_comment_hearts m
          WHERE (m.reply_id = r.id))) AS hearted,
    r.attachment_url,
    r.attachment_name
   FROM public.comment_replies r
  WHERE (NOT r.is_deleted);

COMMENT ON VIEW public.thread_replies IS 'Live replies as the events page shows them: author, hearts, the caller''s heart, edited.';

GRANT ALL ON TABLE public.thread_replies TO service_role;
GRANT SELECT ON TABLE public.thread_replies TO authenticated;

-- ---------------------------------------------------------------- public.comment_threads

-- Each live comment as the events page shows it, the same compact row as a reply's plus its pin, how many
-- live replies it has and the first three of them (oldest first, as thread_replies rows), so an event's
-- first comments cost one bounded read whatever the number of replies; the rest of a thread's replies come
-- from thread_replies on demand. Embedded under events through event_id. The caller's rights, as
-- thread_replies. Decision 0070.
CREATE VIEW public.comment_threads WITH (security_invoker='true') AS
 SELECT c.id,
    c.event_id,
    c.user_id,
    ( SELECT p.full_name
           FROM public.public_profiles p
          WHERE (p.id = c.user_id)) AS author,
    c.content,
    c.created_at,
    (c.updated_at > c.created_at) AS edited,
    COALESCE(( SELECT h.total
           FROM public.comment_heart_counts h
          WHERE (h.comment_id = c.id)), 0) AS hearts,
    (EXISTS ( SELECT 1
           FROM public.my_comment_hearts m
          WHERE (m.comment_id = c.id))) AS hearted,
    c.attachment_url,
    c.attachment_name,
    c.is_pinned,
    ( SELECT (count(*))::integer AS count
           FROM public.comment_replies r
          WHERE ((r.parent_comment_id = c.id) AND (NOT r.is_deleted))) AS reply_count,
    COALESCE(( SELECT jsonb_agg(((to_jsonb(t.*) - 'event_id'::text) - 'parent_comment_id'::text) ORDER BY t.created_at, t.id) AS jsonb_agg
           FROM ( SELECT r.id,
                    r.event_id,
                    r.parent_comment_id,
                    r.user_id,
                    r.author,
                    r.content,
                    r.created_at,
                    r.edited,
                    r.hearts,
                    r.hearted,
                    r.attachment_url,
                    r.attachment_name
                   FROM public.thread_replies r
                  WHERE (r.parent_comment_id = c.id)
                  ORDER BY r.created_at, r.id
                 LIMIT 3) t), '[]'::jsonb) AS replies
   FROM public.comments c
  WHERE (NOT c.is_deleted);

COMMENT ON VIEW public.comment_threads IS 'Live comments as the events page shows them, with their reply count and first three replies.';

GRANT ALL ON TABLE public.comment_threads TO service_role;
GRANT SELECT ON TABLE public.comment_threads TO authenticated;

-- ---------------------------------------------------------------- public.event_comment_counts

-- How many live comments each event has, kept by the triggers below, so the events page's first read takes
-- an event's total from one row (embedded under events through event_id) instead of counting every comment
-- through comment_threads: 420 ms for an event with 2,000 comments (issue 25, decision 0070). An event with
-- no row has none. Each change adds or takes one in a single statement on the event's row, whose row lock
-- queues concurrent writers to the end of their transactions, so the count stays exact. Written only by the
-- triggers (owner's rights); read like the comments it counts: members for public events, admins all.
CREATE TABLE public.event_comment_counts (
    event_id uuid NOT NULL,
    comments integer DEFAULT 0 NOT NULL,
    CONSTRAINT event_comment_counts_comments_check CHECK ((comments >= 0))
);

COMMENT ON TABLE public.event_comment_counts IS 'Live comments per event, kept by triggers on public.comments (the events page''s totals).';

ALTER TABLE ONLY public.event_comment_counts
    ADD CONSTRAINT event_comment_counts_pkey PRIMARY KEY (event_id);

ALTER TABLE ONLY public.event_comment_counts
    ADD CONSTRAINT event_comment_counts_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE public.event_comment_counts ENABLE ROW LEVEL SECURITY;

CREATE POLICY event_comment_counts_select_authenticated ON public.event_comment_counts FOR SELECT TO authenticated USING ((private.is_public_event(event_id) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.event_comment_counts TO service_role;
GRANT SELECT ON TABLE public.event_comment_counts TO authenticated;

-- public.event_comment_counts: its functions and triggers

-- A comment that stops being live (soft-deleted, deleted, moved) takes one from its event; one that becomes
-- live (posted, restored, moved) adds one, creating the event's row if it has none. A delete cascading from
-- its event finds the event's row gone and changes nothing. Security definer: the member posting or deleting
-- has no right to write the counts.
CREATE FUNCTION private.count_event_comments() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op in ('UPDATE', 'DELETE') and not old.is_deleted then
    update public.event_comment_counts n set comments = n.comments - 1 where n.event_id = old.event_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not new.is_deleted then
    insert into public.event_comment_counts as n (event_id, comments) values (new.event_id, 1)
    on conflict (event_id) do update set comments = n.comments + 1;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.count_event_comments() FROM PUBLIC;

CREATE TRIGGER count_event_comments AFTER INSERT OR DELETE ON public.comments FOR EACH ROW EXECUTE FUNCTION private.count_event_comments();

CREATE TRIGGER count_event_comments_changed AFTER UPDATE OF is_deleted, event_id ON public.comments FOR EACH ROW WHEN (((old.is_deleted IS DISTINCT FROM new.is_deleted) OR (old.event_id IS DISTINCT FROM new.event_id))) EXECUTE FUNCTION private.count_event_comments();
