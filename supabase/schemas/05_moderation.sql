-- Moderation: flags, removals, suspensions and the admins’ moderation queue.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261125200002_create_comment_flags:
--   Members report (flag) someone else's comment or reply for moderation, once each, with an optional reason.
--   A member reads only their own flags; admins read all of them and dismiss (delete) them. Nobody edits one.
--   A flag does not set comments.is_flagged: that column stays the admin's verdict (any visitor can read it,
--   so setting it would tell everyone a comment was reported, and the update would mark the comment edited).
-- 20261125400001_create_comment_removals:
--   Live deletions (decision 0029). A member soft-deletes a comment or reply with an UPDATE that sets
--   is_deleted; under row-level security nobody else may read the new row, so Realtime (hosted, and the local
--   stack as hosted) does not deliver that UPDATE to them, and their pages would keep showing it. Each removal
--   therefore also writes a row of ids here, which members may read for public events, and which Realtime
--   delivers; their pages then read the comments again. Ids only: nothing here that the comment did not show.
-- 20261127100001_comment_moderation:
--   The moderation queue (issue 11, decision 0039): admins read the flagged comments and replies with their
--   reports, hide, restore, pin, unpin and dismiss the reports, and suspend a member from commenting until a
--   time. Hiding is the existing soft delete (is_deleted), so a hidden comment reaches every member's page
--   through the comment_removals live path (decision 0029). Every admin change lands in the audit log.
-- 20261128200001_page_moderation_queue:
--   The moderation queue as a server-paged list (decision 0044): search, a filter, sort, a page and the total in
--   one answer, like admin_customers(). Replaces the unpaged admin_moderation_queue() of 20261127100001.
--     filter: 'open'   posts with at least one open report (the queue proper; the default)
--             'hidden' hidden posts (is_deleted: hidden by a moderator or deleted by their author)
--             'all'    every comment and reply, so a post nobody reported can be found and hidden too
--     sort:   last_report | posted | reports | author | event;  dir: asc | desc
--   Each row is as before (kind, target, event, author, text, hidden, pinned, reports as JSON, suspension).

-- ---------------------------------------------------------------- public.comment_flags

CREATE TABLE public.comment_flags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    comment_id uuid,
    reply_id uuid,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT comment_flags_one_target CHECK ((num_nonnulls(comment_id, reply_id) = 1)),
    CONSTRAINT comment_flags_reason_check CHECK (((reason ~ '[^[:space:]]'::text) AND (char_length(reason) <= 500)))
);

COMMENT ON TABLE public.comment_flags IS 'Members'' reports of comments and replies, for the moderation queue.';

ALTER TABLE ONLY public.comment_flags
    ADD CONSTRAINT comment_flags_once_per_comment UNIQUE (user_id, comment_id);

ALTER TABLE ONLY public.comment_flags
    ADD CONSTRAINT comment_flags_once_per_reply UNIQUE (user_id, reply_id);

ALTER TABLE ONLY public.comment_flags
    ADD CONSTRAINT comment_flags_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_flags
    ADD CONSTRAINT comment_flags_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_flags
    ADD CONSTRAINT comment_flags_reply_id_fkey FOREIGN KEY (reply_id) REFERENCES public.comment_replies(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_flags
    ADD CONSTRAINT comment_flags_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX comment_flags_comment_id_idx ON public.comment_flags USING btree (comment_id);

CREATE INDEX comment_flags_created_at_idx ON public.comment_flags USING btree (created_at);

CREATE INDEX comment_flags_reply_id_idx ON public.comment_flags USING btree (reply_id);

ALTER TABLE public.comment_flags ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_flags FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY comment_flags_delete_admin ON public.comment_flags FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

-- Only a live comment or reply the caller can see (the subqueries run under their tables' policies), and
-- never the caller's own words.
CREATE POLICY comment_flags_insert_authenticated ON public.comment_flags FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND ((EXISTS ( SELECT 1
   FROM public.comments c
  WHERE ((c.id = comment_flags.comment_id) AND (NOT c.is_deleted) AND (c.user_id <> ( SELECT auth.uid() AS uid))))) OR (EXISTS ( SELECT 1
   FROM public.comment_replies r
  WHERE ((r.id = comment_flags.reply_id) AND (NOT r.is_deleted) AND (r.user_id <> ( SELECT auth.uid() AS uid))))))));

CREATE POLICY comment_flags_select_authenticated ON public.comment_flags FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.comment_flags TO service_role;
GRANT SELECT,DELETE ON TABLE public.comment_flags TO authenticated;

GRANT INSERT(comment_id) ON TABLE public.comment_flags TO authenticated;

GRANT INSERT(reply_id) ON TABLE public.comment_flags TO authenticated;

GRANT INSERT(reason) ON TABLE public.comment_flags TO authenticated;

-- public.comment_flags: its functions

-- the queue and its actions:

-- hide | restore | pin | unpin | dismiss (removes the reports, so the item leaves the queue).
CREATE FUNCTION public.moderate_comment(kind text, target_id uuid, action text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changed integer;
begin
  perform private.require_admin('moderate comments');
  if kind not in ('comment', 'reply') then
    raise exception 'Unknown kind: %.', kind using errcode = '22023';
  end if;
  if action not in ('hide', 'restore', 'pin', 'unpin', 'dismiss') then
    raise exception 'Unknown action: %.', action using errcode = '22023';
  end if;
  if kind = 'reply' and action in ('pin', 'unpin') then
    raise exception 'Only comments can be pinned.' using errcode = '22023';
  end if;
  if action = 'dismiss' then
    if kind = 'comment' then
      delete from public.comment_flags f where f.comment_id = target_id;
    else
      delete from public.comment_flags f where f.reply_id = target_id;
    end if;
    return;
  end if;
  if kind = 'comment' then
    update public.comments c
    set is_deleted = case action when 'hide' then true when 'restore' then false else c.is_deleted end,
        is_pinned = case action when 'pin' then true when 'unpin' then false else c.is_pinned end
    where c.id = target_id;
  else
    update public.comment_replies r
    set is_deleted = (action = 'hide')
    where r.id = target_id;
  end if;
  get diagnostics changed = row_count;
  if changed = 0 then
    raise exception 'No such %.', kind using errcode = '22023';
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.moderate_comment(kind text, target_id uuid, action text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.moderate_comment(kind text, target_id uuid, action text) TO service_role;
GRANT ALL ON FUNCTION public.moderate_comment(kind text, target_id uuid, action text) TO authenticated;

-- ---------------------------------------------------------------- public.comment_removals

CREATE TABLE public.comment_removals (
    id bigint NOT NULL,
    event_id uuid NOT NULL,
    comment_id uuid,
    reply_id uuid,
    removed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT comment_removals_one_target CHECK ((num_nonnulls(comment_id, reply_id) = 1))
);

ALTER TABLE public.comment_removals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.comment_removals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.comment_removals
    ADD CONSTRAINT comment_removals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_removals
    ADD CONSTRAINT comment_removals_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_removals
    ADD CONSTRAINT comment_removals_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_removals
    ADD CONSTRAINT comment_removals_reply_id_fkey FOREIGN KEY (reply_id) REFERENCES public.comment_replies(id) ON DELETE CASCADE;

CREATE INDEX comment_removals_comment_id_idx ON public.comment_removals USING btree (comment_id);

CREATE INDEX comment_removals_event_id_idx ON public.comment_removals USING btree (event_id);

CREATE INDEX comment_removals_reply_id_idx ON public.comment_removals USING btree (reply_id);

ALTER TABLE public.comment_removals ENABLE ROW LEVEL SECURITY;

CREATE POLICY comment_removals_select_authenticated ON public.comment_removals FOR SELECT TO authenticated USING ((private.is_public_event(event_id) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.comment_removals TO service_role;
GRANT SELECT ON TABLE public.comment_removals TO authenticated;

GRANT ALL ON SEQUENCE public.comment_removals_id_seq TO service_role;

-- public.comment_removals: its functions

-- Security definer: the member deleting their comment has no right to insert here, and must not need one.
CREATE FUNCTION private.record_comment_removal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_table_name = 'comments' then
    insert into public.comment_removals (event_id, comment_id) values (new.event_id, new.id);
  else
    insert into public.comment_removals (event_id, reply_id) values (new.event_id, new.id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.record_comment_removal() FROM PUBLIC;

CREATE TRIGGER record_comment_removal AFTER UPDATE OF is_deleted ON public.comment_replies FOR EACH ROW WHEN ((new.is_deleted AND (NOT old.is_deleted))) EXECUTE FUNCTION private.record_comment_removal();

CREATE TRIGGER record_comment_removal AFTER UPDATE OF is_deleted ON public.comments FOR EACH ROW WHEN ((new.is_deleted AND (NOT old.is_deleted))) EXECUTE FUNCTION private.record_comment_removal();

-- ---------------------------------------------------------------- public.comment_suspensions

CREATE TABLE public.comment_suspensions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    suspended_until timestamp with time zone NOT NULL,
    reason text,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT comment_suspensions_reason_check CHECK (((reason ~ '[^[:space:]]'::text) AND (char_length(reason) <= 500)))
);

COMMENT ON TABLE public.comment_suspensions IS 'Members barred from commenting until a time (admins set them).';

ALTER TABLE ONLY public.comment_suspensions
    ADD CONSTRAINT comment_suspensions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_suspensions
    ADD CONSTRAINT comment_suspensions_user_id_key UNIQUE (user_id);

ALTER TABLE ONLY public.comment_suspensions
    ADD CONSTRAINT comment_suspensions_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.comment_suspensions
    ADD CONSTRAINT comment_suspensions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE public.comment_suspensions ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_suspensions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY comment_suspensions_delete_admin ON public.comment_suspensions FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY comment_suspensions_select_authenticated ON public.comment_suspensions FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.comment_suspensions TO service_role;
GRANT SELECT,DELETE ON TABLE public.comment_suspensions TO authenticated;

-- public.comment_suspensions: its functions

-- The database refuses a suspended member's comments and replies, saying until when (Sydney time).
CREATE FUNCTION private.refuse_suspended_commenter() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  until_at timestamptz;
begin
  select s.suspended_until into until_at
  from public.comment_suspensions s
  where s.user_id = new.user_id and s.suspended_until > now();
  if until_at is not null then
    raise exception 'You are suspended from commenting until %.',
      to_char(until_at at time zone 'Australia/Sydney', 'FMDD Mon YYYY, FMHH12:MI am') || ' (Sydney time)'
      using errcode = 'PT403';
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION private.refuse_suspended_commenter() FROM PUBLIC;

CREATE TRIGGER refuse_suspended_commenter BEFORE INSERT ON public.comment_replies FOR EACH ROW EXECUTE FUNCTION private.refuse_suspended_commenter();

CREATE TRIGGER refuse_suspended_commenter BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION private.refuse_suspended_commenter();

-- Suspends (or changes the suspension of) a member; the time must be in the future, within a year.
CREATE FUNCTION public.suspend_commenter(member_id uuid, until timestamp with time zone, reason text DEFAULT NULL::text) RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('suspend a member');
  if until is null or until <= now() then
    raise exception 'The suspension must end in the future.' using errcode = '22023';
  end if;
  if until > now() + interval '1 year' then
    raise exception 'A suspension can last at most a year.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.id = member_id) then
    raise exception 'No such member.' using errcode = '22023';
  end if;
  insert into public.comment_suspensions (user_id, suspended_until, reason)
  values (member_id, until, nullif(btrim(reason), ''))
  on conflict (user_id) do update
    set suspended_until = excluded.suspended_until, reason = excluded.reason,
        created_by = auth.uid(), created_at = now();
  return until;
end
$$;

REVOKE ALL ON FUNCTION public.suspend_commenter(member_id uuid, until timestamp with time zone, reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.suspend_commenter(member_id uuid, until timestamp with time zone, reason text) TO service_role;
GRANT ALL ON FUNCTION public.suspend_commenter(member_id uuid, until timestamp with time zone, reason text) TO authenticated;

-- ---------------------------------------------------------------- the moderation queue

-- One report of a post, as the queue shows it: who reported it ('Former member' once they are gone), why,
-- and when. A composite type, so the generated types describe the queue's nested reports.
create type public.moderation_report as (reporter text, reason text, at timestamptz);

-- A post's reports, oldest first.
create function private.moderation_reports(kind text, target_id uuid)
returns public.moderation_report[]
language sql stable set search_path = ''
as $$
  select coalesce(array_agg(row(coalesce(r.full_name, 'Former member'), f.reason, f.created_at)::public.moderation_report
                            order by f.created_at), '{}')
  from public.comment_flags f left join public.profiles r on r.id = f.user_id
  where (kind = 'comment' and f.comment_id = target_id) or (kind = 'reply' and f.reply_id = target_id)
$$;
revoke all on function private.moderation_reports(text, uuid) from public;

-- filter: 'open' posts with at least one open report (the default) | 'hidden' hidden posts | 'all' every post.
create function public.admin_moderation_queue(
  search text default '',
  filter text default 'open',
  sort text default 'last_report',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  kind text,
  target_id uuid,
  event_id uuid,
  event_title text,
  author_id uuid,
  author_name text,
  content text,
  hidden boolean,
  pinned boolean,
  posted_at timestamptz,
  flag_count integer,
  last_flagged_at timestamptz,
  flags public.moderation_report[],
  suspended_until timestamptz,
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('read the moderation queue');
  perform private.check_list_arguments('queue', sort, array['last_report', 'posted', 'reports', 'author', 'event'],
                                       direction, page_size, page_offset, search);
  if filter is null or filter not in ('open', 'hidden', 'all') then
    raise exception 'Show open reports, hidden posts or all posts.' using errcode = '22023';
  end if;

  -- The sort expression is chosen from the names checked above; only %1$s and %2$s are formatted in.
  return query execute format(
    $sql$
      with targets as (
        select 'comment'::text as kind, c.id, c.event_id, c.user_id, c.content, c.is_deleted, c.is_pinned, c.created_at
        from public.comments c
        where $2 <> 'open' or exists (select 1 from public.comment_flags f where f.comment_id = c.id)
        union all
        select 'reply', r.id, r.event_id, r.user_id, r.content, r.is_deleted, false, r.created_at
        from public.comment_replies r
        where $2 <> 'open' or exists (select 1 from public.comment_flags f where f.reply_id = r.id)
      ),
      matching as (
        select t.kind, t.id as target_id, t.event_id, e.title as event_title, t.user_id as author_id,
               coalesce(a.full_name, 'Former member') as author_name, t.content, t.is_deleted as hidden,
               t.is_pinned as pinned, t.created_at as posted_at
        from targets t
        join public.events e on e.id = t.event_id
        left join public.profiles a on a.id = t.user_id
        where ($2 <> 'hidden' or t.is_deleted)
          and ($1::text is null or t.content ilike $1 or a.full_name ilike $1 or e.title ilike $1)
      ),
      counted as (
        select m.*, fl.n as flag_count, fl.last_at as last_flagged_at, count(*) over () as total
        from matching m
        cross join lateral (
          select count(*)::int as n, max(f.created_at) as last_at from public.comment_flags f
          where (m.kind = 'comment' and f.comment_id = m.target_id) or (m.kind = 'reply' and f.reply_id = m.target_id)
        ) fl
      ),
      page as (
        select c.* from counted c
        order by %1$s %2$s nulls last, c.posted_at desc, c.target_id
        limit $3 offset $4
      )
      select p.kind, p.target_id, p.event_id, p.event_title, p.author_id, p.author_name, p.content, p.hidden,
             p.pinned, p.posted_at, p.flag_count, p.last_flagged_at,
             private.moderation_reports(p.kind, p.target_id),
             (select s.suspended_until from public.comment_suspensions s
              where s.user_id = p.author_id and s.suspended_until > now()),
             p.total::integer
      from page p
      order by %1$s %2$s nulls last, p.posted_at desc, p.target_id
    $sql$,
    case sort
      when 'last_report' then 'last_flagged_at'
      when 'posted' then 'posted_at'
      when 'reports' then 'flag_count'
      when 'author' then 'lower(author_name)'
      else 'lower(event_title)'
    end,
    direction
  ) using private.search_pattern(search), filter, page_size, page_offset;
end
$$;
revoke all on function public.admin_moderation_queue(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_moderation_queue(text, text, text, text, integer, integer)
  to authenticated, service_role;
