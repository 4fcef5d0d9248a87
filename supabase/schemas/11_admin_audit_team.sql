-- The audit log (and the triggers that write it on every audited table), the admin team, and the checks every paged admin list shares.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261126000001_create_audit_log:
--   The audit log: one row for every change an admin makes to customers, roles, events and enquiries, written
--   by triggers in the same transaction as the change, so no client can make a change without its row or
--   write a row without a change. Admins read it; nobody edits or deletes it (not even the service role).
-- 20261126100001_admin_team:
--   The team screen (/admin/management): who the admins are, granting and removing the role, and reading the
--   audit log. docs/decisions/0033-admin-team-and-audit-log.md says why it is built this way.
-- 20261126200001_create_customer_admin:
--   /admin/customers (decision 0034): members and enquirers in one list, one customer's whole record, and
--   staff notes. The list and the record are each ONE security-definer call that checks private.is_admin():
--   e-mail addresses live in auth.users, which no API role reads, and one call keeps the screen at one
--   request however many tables it draws on. Members are keyed by their profile id, enquirers (e-mails in
--   waitlist, interest or contact with no account) by their lower-cased e-mail address.
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
-- 20261128200001_page_moderation_queue:
--   The moderation queue as a server-paged list (decision 0044): search, a filter, sort, a page and the total in
--   one answer, like admin_customers(). Replaces the unpaged admin_moderation_queue() of 20261127100001.
--     filter: 'open'   posts with at least one open report (the queue proper; the default)
--             'hidden' hidden posts (is_deleted: hidden by a moderator or deleted by their author)
--             'all'    every comment and reply, so a post nobody reported can be found and hidden too
--     sort:   last_report | posted | reports | author | event;  dir: asc | desc
--   Each row is as before (kind, target, event, author, text, hidden, pinned, reports as JSON, suspension).
-- 20261128300003_traveller_form_reminders:
--   A history of a traveller form's reminders (decision 0045): when, by whom and how many people, written
--   only by remind_traveller_form and read by admins on the form's screen.
-- 20261128700001_paged_lists_share_checks:
--   One rule, one place (decision 0044): the paged admin lists written before private.check_list_arguments
--   (migration 20261128200001) checked their arguments by hand, each in its own words, or not at all (the
--   enquiry lists clamped a bad page instead). Each is recreated here, same arguments, same rows, its checks
--   now the shared ones: unknown sort, direction asc|desc, a page of 1 to 1,000 rows from an offset of 0 or
--   more, a search of at most 200 characters, each refused with 22023 and the same words everywhere.

-- ---------------------------------------------------------------- what public.audit_log checks, and its policies ask

-- writing:

-- TG_ARGV[0]: the column that labels the row (title, full_name …); TG_ARGV[1]: the noun. A trigger without
-- a noun still logs, with the table's name in words (waitlist_submissions → 'waitlist submissions').
CREATE FUNCTION private.audit_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  actor uuid := (select auth.uid());
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  label_column text := tg_argv[0];
  noun text := coalesce(nullif(btrim(tg_argv[1]), ''), replace(tg_table_name, '_', ' '));
  changed_before jsonb;
  changed_after jsonb;
  who record;
begin
  if actor is null or not private.is_admin() then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
    into changed_before, changed_after
    from jsonb_each(old_row) o
    where o.key <> 'updated_at' and o.value is distinct from new_row -> o.key;
    if changed_after is null then
      return null; -- nothing changed
    end if;
  else
    changed_before := old_row - 'updated_at';
    changed_after := new_row - 'updated_at';
  end if;
  select p.full_name, u.email into who
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = actor;
  insert into public.audit_log (actor_id, actor_name, actor_email, entity, entity_id, entity_label,
                                entity_noun, action, before, after)
  values (
    actor, who.full_name, who.email, tg_table_name,
    coalesce(new_row ->> 'id', old_row ->> 'id', tg_table_name), -- a one-row table has no id
    case when label_column is not null then coalesce(new_row ->> label_column, old_row ->> label_column) end,
    noun, lower(tg_op), changed_before, changed_after
  );
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.audit_change() FROM PUBLIC;

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.booking_installments FOR EACH ROW EXECUTE FUNCTION private.audit_change('due_date', 'instalment');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION private.audit_change('invoice_number', 'booking');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER DELETE ON public.comment_flags FOR EACH ROW EXECUTE FUNCTION private.audit_change('reason', 'report');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER DELETE OR UPDATE ON public.comment_replies FOR EACH ROW EXECUTE FUNCTION private.audit_change('content', 'reply');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.comment_suspensions FOR EACH ROW EXECUTE FUNCTION private.audit_change('user_id', 'suspension');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER DELETE OR UPDATE ON public.comments FOR EACH ROW EXECUTE FUNCTION private.audit_change('content', 'comment');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.audit_change('full_name', 'contact message');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.event_updates FOR EACH ROW EXECUTE FUNCTION private.audit_change('title', 'event update');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.events FOR EACH ROW EXECUTE FUNCTION private.audit_change('title', 'event');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.audit_change('full_name', 'interest registration');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.audit_change('reference', 'payment');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.polls FOR EACH ROW EXECUTE FUNCTION private.audit_change('question', 'poll');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER DELETE OR UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.audit_change('full_name', 'member');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.traveller_form_reminders FOR EACH ROW EXECUTE FUNCTION private.audit_change('summary', 'traveller form reminder');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.traveller_forms FOR EACH ROW EXECUTE FUNCTION private.audit_change('title', 'traveller form');

-- Admin changes to updates land in the audit log (sends included: they insert the row).
CREATE TRIGGER audit_change AFTER INSERT OR DELETE OR UPDATE ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.audit_change('full_name', 'waitlist entry');

-- ---------------------------------------------------------------- public.audit_log

-- Columns, as the migrations explain them:
--   actor_id: Who: the admin's id and, as they were at the time, their name and e-mail. No foreign key: the record outlives the account.
--   entity: What: the table, the row, a readable label of the row (an event's title, a person's name) and the verb.
--   before: Before and after: the columns that changed (update), or the whole row (insert: after; delete: before).
CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_id uuid NOT NULL,
    actor_name text,
    actor_email text,
    entity text NOT NULL,
    entity_id text NOT NULL,
    entity_label text,
    action text NOT NULL,
    before jsonb,
    after jsonb,
    entity_noun text,
    CONSTRAINT audit_log_action_check CHECK ((action = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text])))
);

COMMENT ON TABLE public.audit_log IS 'Admin changes, written by private.audit_change() triggers. Append-only: admins read, nobody edits.';

COMMENT ON COLUMN public.audit_log.entity_noun IS 'What the row is, in words (''staff note''): the audit trigger''s second argument, else the table''s name.';

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

CREATE INDEX audit_log_actor_idx ON public.audit_log USING btree (actor_id, at DESC);

CREATE INDEX audit_log_at_idx ON public.audit_log USING btree (at DESC);

CREATE INDEX audit_log_entity_idx ON public.audit_log USING btree (entity, entity_id, at DESC);

ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;

CREATE POLICY audit_log_select_admin ON public.audit_log FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT SELECT ON TABLE public.audit_log TO authenticated;
-- The default privileges gave service_role everything on the new table: it may only read.
REVOKE ALL ON TABLE public.audit_log FROM service_role;
GRANT SELECT ON TABLE public.audit_log TO service_role;

GRANT ALL ON SEQUENCE public.audit_log_id_seq TO service_role;

-- public.audit_log: its functions and triggers

-- Append-only for everyone, the table's owner included: corrections are new rows, never edits.
CREATE FUNCTION private.refuse_audit_change() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'the audit log cannot be changed or deleted'
    using errcode = '42501', hint = 'Audit rows are written by the database and kept.';
end
$$;

-- the admins:

-- Admins with their e-mail (in auth.users, which the API cannot read) and since when: the latest grant in
-- the audit log; null when the role was given outside the admin area (the seed, an operator).
CREATE FUNCTION public.admin_team() RETURNS TABLE(id uuid, full_name text, email text, admin_since timestamp with time zone, last_sign_in_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('list the team');
  return query
  select p.id, p.full_name, u.email::text,
         (select max(l.at) from public.audit_log l
          where l.entity = 'profiles' and l.entity_id = p.id::text and l.after ->> 'is_admin' = 'true'),
         u.last_sign_in_at
  from public.profiles p
  join auth.users u on u.id = p.id
  where p.is_admin
  order by lower(coalesce(p.full_name, u.email)), u.email;
end
$$;

REVOKE ALL ON FUNCTION public.admin_team() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_team() TO service_role;
GRANT ALL ON FUNCTION public.admin_team() TO authenticated;

CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION private.refuse_audit_change();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_audit_change();

-- ---------------------------------------------------------------- functions

-- what is audited, read from the triggers:

-- Each table an audit trigger watches, with its noun: the audit screen's "What changed" choices. Read from
-- the catalogue, so a table audited by a later migration appears without a change here or on the screen.
CREATE FUNCTION private.audited_tables() RETURNS TABLE(entity text, noun text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select c.relname::text,
         coalesce(nullif(btrim(split_part(encode(t.tgargs, 'escape'), '\000', 2)), ''),
                  replace(c.relname::text, '_', ' '))
  from pg_catalog.pg_trigger t
  join pg_catalog.pg_class c on c.oid = t.tgrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and not t.tgisinternal
    and t.tgfoid = 'private.audit_change()'::regprocedure
$$;

REVOKE ALL ON FUNCTION private.audited_tables() FROM PUBLIC;

-- The whole check: the sort key first (with a hint naming the keys), then the rest. Same words as before.
CREATE FUNCTION private.check_list_arguments(what text, sort text, sorts text[], dir text, page_size integer, page_offset integer, search text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if sort is null or not (sort = any (sorts)) then
    raise exception 'The % cannot be sorted by "%".', what, sort using errcode = '22023',
      hint = format('Sort by %s or %s.', array_to_string(sorts[1:cardinality(sorts) - 1], ', '),
                    sorts[cardinality(sorts)]);
  end if;
  perform private.check_page_arguments(dir, page_size, page_offset, search);
end
$$;

REVOKE ALL ON FUNCTION private.check_list_arguments(what text, sort text, sorts text[], dir text, page_size integer, page_offset integer, search text) FROM PUBLIC;

-- The direction, page and search half of the check, for the lists whose unknown sort key falls back to
-- their default order instead of being refused (active events, the enquiries: the sort is in the address,
-- which the admin may edit). Called by security-definer functions only, so nobody else may execute it.
CREATE FUNCTION private.check_page_arguments(dir text, page_size integer, page_offset integer, search text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if dir is null or dir not in ('asc', 'desc') then
    raise exception 'The sort direction must be asc or desc.' using errcode = '22023';
  end if;
  if page_size is null or page_size not between 1 and 1000 or page_offset is null or page_offset < 0 then
    raise exception 'A page holds 1 to 1,000 rows from an offset of 0 or more.' using errcode = '22023';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'A search is at most 200 characters.' using errcode = '22023';
  end if;
end
$$;

REVOKE ALL ON FUNCTION private.check_page_arguments(dir text, page_size integer, page_offset integer, search text) FROM PUBLIC;

-- the role's two rules:

-- On profiles themselves, so a direct PATCH, an RPC, the service role and a cascade from auth.users all
-- obey them: nobody changes their own is_admin (an admin cannot demote themselves, a member cannot promote
-- themselves), and the last admin is never removed, by an update or a delete, whoever asks. The own-row rule
-- is also what keeps the screen from ever reaching the last admin: the one admin left is the one signed in.
CREATE FUNCTION private.guard_admin_role() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'UPDATE' and new.is_admin is not distinct from old.is_admin then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.id = (select auth.uid()) then
    raise exception 'You cannot change your own admin role.'
      using errcode = '42501', hint = 'Another admin can change it.';
  end if;
  if old.is_admin then
    -- One removal at a time, so two admins removing each other cannot both succeed; the check below runs
    -- after the lock with a fresh snapshot (read committed: each statement sees what is committed).
    perform pg_advisory_xact_lock(hashtext('public.profiles.is_admin'));
    if not exists (select 1 from public.profiles p where p.is_admin and p.id <> old.id) then
      raise exception 'The last admin cannot be removed.'
        using errcode = '42501', hint = 'Make another member an admin first.';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

REVOKE ALL ON FUNCTION private.guard_admin_role() FROM PUBLIC;

CREATE TRIGGER guard_admin_role BEFORE DELETE OR UPDATE OF is_admin ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.guard_admin_role();

-- The audited tables for the screen's filter, ordered by noun.
CREATE FUNCTION public.admin_audit_entities() RETURNS TABLE(entity text, noun text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read the audit log');
  return query select a.entity, a.noun from private.audited_tables() a order by a.noun, a.entity;
end
$$;

REVOKE ALL ON FUNCTION public.admin_audit_entities() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_audit_entities() TO service_role;
GRANT ALL ON FUNCTION public.admin_audit_entities() TO authenticated;

-- Makes the member with this e-mail an admin. `changed` is false when they already were one.
CREATE FUNCTION public.grant_admin(p_email text) RETURNS TABLE(id uuid, full_name text, email text, changed boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  wanted text := lower(btrim(coalesce(p_email, '')));
  member record;
begin
  perform private.require_admin('grant the admin role');
  if wanted = '' then
    raise exception 'Enter the member''s e-mail address.' using errcode = '22023';
  end if;
  if not private.is_email(wanted) then
    raise exception 'Enter a valid e-mail address, like name@example.com.' using errcode = '22023';
  end if;
  select p.id, p.full_name, u.email::text as email, p.is_admin into member
  from auth.users u join public.profiles p on p.id = u.id
  where lower(u.email) = wanted and u.deleted_at is null;
  if not found then
    raise exception 'No member has this e-mail address.' using errcode = 'P0002';
  end if;
  if not member.is_admin then
    update public.profiles set is_admin = true where profiles.id = member.id;
  end if;
  return query select member.id, member.full_name, member.email, not member.is_admin;
end
$$;

REVOKE ALL ON FUNCTION public.grant_admin(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.grant_admin(p_email text) TO service_role;
GRANT ALL ON FUNCTION public.grant_admin(p_email text) TO authenticated;

-- Removes the admin role; the trigger refuses one's own row and the last admin. `changed` is false when
-- the member was no longer an admin (another admin got there first).
CREATE FUNCTION public.revoke_admin(p_member_id uuid) RETURNS TABLE(id uuid, full_name text, email text, changed boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  member record;
begin
  perform private.require_admin('remove the admin role');
  select p.id, p.full_name, u.email::text as email, p.is_admin into member
  from public.profiles p join auth.users u on u.id = p.id
  where p.id = p_member_id;
  if not found then
    raise exception 'No member has this id.' using errcode = 'P0002';
  end if;
  if member.is_admin then
    update public.profiles set is_admin = false where profiles.id = member.id;
  end if;
  return query select member.id, member.full_name, member.email, member.is_admin;
end
$$;

REVOKE ALL ON FUNCTION public.revoke_admin(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.revoke_admin(p_member_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.revoke_admin(p_member_id uuid) TO authenticated;

-- ---------------------------------------------------------------- the audit log

create function public.admin_audit_log(
  search text default '',
  filter text default '',
  from_date date default null,
  to_date date default null,
  sort text default 'at',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
)
returns table (
  id bigint, at timestamptz, actor_id uuid, actor_name text, actor_email text, entity text, entity_id text,
  entity_label text, entity_noun text, action text, before jsonb, after jsonb, total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  term text := nullif(btrim(coalesce(search, '')), '');
  pattern text;
  ascending boolean := lower(coalesce(direction, 'desc')) = 'asc';
  starts timestamptz := from_date::timestamp at time zone 'Australia/Sydney';
  ends timestamptz := (to_date + 1)::timestamp at time zone 'Australia/Sydney';
begin
  perform private.require_admin('read the audit log');
  -- As before: no sort is the time, no direction is desc, the direction's case does not matter, and the
  -- search is trimmed. filter: one audited table (events, profiles …); '' every table.
  perform private.check_list_arguments('log', coalesce(sort, 'at'), array['at', 'actor', 'entity', 'action'],
                                       lower(coalesce(direction, 'desc')), page_size, page_offset, term);
  if from_date is not null and to_date is not null and from_date > to_date then
    raise exception 'The "from" date is after the "to" date.' using errcode = '22023';
  end if;
  -- The search is text, never a pattern: \ % and _ match themselves.
  pattern := private.search_pattern(term);

  return query
  select l.id, l.at, l.actor_id, l.actor_name, l.actor_email, l.entity, l.entity_id, l.entity_label,
         coalesce(l.entity_noun, replace(l.entity, '_', ' ')), l.action, l.before, l.after,
         (count(*) over ())::integer
  from public.audit_log l
  where (filter is null or filter = '' or l.entity = filter)
    and (starts is null or l.at >= starts)
    and (ends is null or l.at < ends)
    and (term is null
         or l.actor_name ilike pattern or l.actor_email ilike pattern
         or l.entity ilike pattern or l.entity_noun ilike pattern or l.entity_label ilike pattern
         or l.action ilike pattern
         -- A column's exact name (is_admin, title): a key lookup, cheaper than matching every key.
         or coalesce(l.after, l.before) ? lower(term))
  order by
    case when sort = 'actor' and ascending then lower(coalesce(l.actor_name, l.actor_email)) end asc,
    case when sort = 'actor' and not ascending then lower(coalesce(l.actor_name, l.actor_email)) end desc,
    case when sort = 'entity' and ascending then l.entity end asc,
    case when sort = 'entity' and not ascending then l.entity end desc,
    case when sort = 'action' and ascending then l.action end asc,
    case when sort = 'action' and not ascending then l.action end desc,
    case when sort = 'at' and ascending then l.at end asc,
    l.at desc,
    l.id desc
  limit page_size offset page_offset;
end
$$;
revoke all on function public.admin_audit_log(text, text, date, date, text, text, integer, integer)
  from public, anon;
grant execute on function public.admin_audit_log(text, text, date, date, text, text, integer, integer)
  to authenticated;
