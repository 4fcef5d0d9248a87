-- The audit log names what changed in the database's words: each audit trigger passes a noun ('staff
-- note', 'traveller form') after its label column, stored on every row as entity_noun, and the audit
-- screen's "What changed" list is read from the triggers themselves. Before this the screen kept its own
-- list of tables and nouns, which every new audited table had to remember to extend.
-- docs/decisions/0046-audit-nouns-ports-and-toasts.md says why it is built this way.

alter table public.audit_log add column entity_noun text;
comment on column public.audit_log.entity_noun is
  'What the row is, in words (''staff note''): the audit trigger''s second argument, else the table''s name.';

-- ---------------------------------------------------------------- writing

-- TG_ARGV[0]: the column that labels the row (title, full_name …); TG_ARGV[1]: the noun. A trigger without
-- a noun still logs, with the table's name in words (waitlist_submissions → 'waitlist submissions').
create or replace function private.audit_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
    coalesce(new_row ->> 'id', old_row ->> 'id'),
    case when label_column is not null then coalesce(new_row ->> label_column, old_row ->> label_column) end,
    noun, lower(tg_op), changed_before, changed_after
  );
  return null;
end
$$;
revoke all on function private.audit_change() from public;

-- ---------------------------------------------------------------- every audit trigger, with its noun

drop trigger audit_change on public.profiles;
create trigger audit_change after update or delete on public.profiles
  for each row execute function private.audit_change('full_name', 'member');
drop trigger audit_change on public.events;
create trigger audit_change after insert or update or delete on public.events
  for each row execute function private.audit_change('title', 'event');
drop trigger audit_change on public.waitlist_submissions;
create trigger audit_change after insert or update or delete on public.waitlist_submissions
  for each row execute function private.audit_change('full_name', 'waitlist entry');
drop trigger audit_change on public.interest_registrations;
create trigger audit_change after insert or update or delete on public.interest_registrations
  for each row execute function private.audit_change('full_name', 'interest registration');
drop trigger audit_change on public.contact_messages;
create trigger audit_change after insert or update or delete on public.contact_messages
  for each row execute function private.audit_change('full_name', 'contact message');
drop trigger audit_change on public.customer_notes;
create trigger audit_change after insert or update or delete on public.customer_notes
  for each row execute function private.audit_change('body', 'staff note');
drop trigger audit_change on public.comments;
create trigger audit_change after update or delete on public.comments
  for each row execute function private.audit_change('content', 'comment');
drop trigger audit_change on public.comment_replies;
create trigger audit_change after update or delete on public.comment_replies
  for each row execute function private.audit_change('content', 'reply');
drop trigger audit_change on public.comment_flags;
create trigger audit_change after delete on public.comment_flags
  for each row execute function private.audit_change('reason', 'report');
drop trigger audit_change on public.comment_suspensions;
create trigger audit_change after insert or update or delete on public.comment_suspensions
  for each row execute function private.audit_change('user_id', 'suspension');
drop trigger audit_change on public.event_updates;
create trigger audit_change after insert or update or delete on public.event_updates
  for each row execute function private.audit_change('title', 'event update');
drop trigger audit_change on public.polls;
create trigger audit_change after insert or update or delete on public.polls
  for each row execute function private.audit_change('question', 'poll');
drop trigger audit_change on public.traveller_forms;
create trigger audit_change after insert or update or delete on public.traveller_forms
  for each row execute function private.audit_change('title', 'traveller form');

-- ---------------------------------------------------------------- what is audited, read from the triggers

-- Each table an audit trigger watches, with its noun: the audit screen's "What changed" choices. Read from
-- the catalogue, so a table audited by a later migration appears without a change here or on the screen.
create function private.audited_tables()
returns table (entity text, noun text)
language sql stable security definer set search_path = ''
as $$
  select c.relname::text,
         coalesce(nullif(btrim(split_part(encode(t.tgargs, 'escape'), '\000', 2)), ''),
                  replace(c.relname::text, '_', ' '))
  from pg_catalog.pg_trigger t
  join pg_catalog.pg_class c on c.oid = t.tgrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and not t.tgisinternal
    and t.tgfoid = 'private.audit_change()'::regprocedure
$$;
revoke all on function private.audited_tables() from public, anon, authenticated;

-- Old rows get the nouns their tables' triggers now pass. The log refuses edits, its owner's included, so
-- its guard steps aside for this one statement of the migration.
alter table public.audit_log disable trigger audit_log_append_only;
update public.audit_log l
set entity_noun = coalesce((select a.noun from private.audited_tables() a where a.entity = l.entity),
                           replace(l.entity, '_', ' '))
where l.entity_noun is null;
alter table public.audit_log enable trigger audit_log_append_only;

-- The audited tables for the screen's filter, ordered by noun.
create function public.admin_audit_entities()
returns table (entity text, noun text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('read the audit log');
  return query select a.entity, a.noun from private.audited_tables() a order by a.noun, a.entity;
end
$$;
revoke all on function public.admin_audit_entities() from public, anon;
grant execute on function public.admin_audit_entities() to authenticated;

-- ---------------------------------------------------------------- the audit log's page, with the noun

-- As before (migration 20261126100001), plus entity_noun on each row and in the search ('staff note').
drop function public.admin_audit_log(text, text, date, date, text, text, integer, integer);
create function public.admin_audit_log(
  p_search text default null,
  p_entity text default null,
  p_from date default null,
  p_to date default null,
  p_sort text default 'at',
  p_dir text default 'desc',
  p_limit integer default 25,
  p_offset integer default 0
)
returns table (
  id bigint, at timestamptz, actor_id uuid, actor_name text, actor_email text, entity text, entity_id text,
  entity_label text, entity_noun text, action text, before jsonb, after jsonb, total_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  term text := nullif(btrim(coalesce(p_search, '')), '');
  pattern text;
  ascending boolean := lower(coalesce(p_dir, 'desc')) = 'asc';
  starts timestamptz := p_from::timestamp at time zone 'Australia/Sydney';
  ends timestamptz := (p_to + 1)::timestamp at time zone 'Australia/Sydney';
begin
  perform private.require_admin('read the audit log');
  if coalesce(p_sort, 'at') not in ('at', 'actor', 'entity', 'action') then
    raise exception 'The log cannot be sorted by %.', p_sort using errcode = '22023';
  end if;
  if lower(coalesce(p_dir, 'desc')) not in ('asc', 'desc') then
    raise exception 'Sort ascending (asc) or descending (desc).' using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 or p_offset is null or p_offset < 0 then
    raise exception 'Ask for 1 to 1,000 rows from offset 0 or more.' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The "from" date is after the "to" date.' using errcode = '22023';
  end if;
  if char_length(term) > 200 then
    raise exception 'Search with 200 characters or fewer.' using errcode = '22023';
  end if;
  -- The search is text, never a pattern: \ % and _ match themselves.
  pattern := private.search_pattern(term);

  return query
  select l.id, l.at, l.actor_id, l.actor_name, l.actor_email, l.entity, l.entity_id, l.entity_label,
         coalesce(l.entity_noun, replace(l.entity, '_', ' ')), l.action, l.before, l.after, count(*) over ()
  from public.audit_log l
  where (p_entity is null or p_entity = '' or l.entity = p_entity)
    and (starts is null or l.at >= starts)
    and (ends is null or l.at < ends)
    and (term is null
         or l.actor_name ilike pattern or l.actor_email ilike pattern
         or l.entity ilike pattern or l.entity_noun ilike pattern or l.entity_label ilike pattern
         or l.action ilike pattern
         -- A column's exact name (is_admin, title): a key lookup, cheaper than matching every key.
         or coalesce(l.after, l.before) ? lower(term))
  order by
    case when p_sort = 'actor' and ascending then lower(coalesce(l.actor_name, l.actor_email)) end asc,
    case when p_sort = 'actor' and not ascending then lower(coalesce(l.actor_name, l.actor_email)) end desc,
    case when p_sort = 'entity' and ascending then l.entity end asc,
    case when p_sort = 'entity' and not ascending then l.entity end desc,
    case when p_sort = 'action' and ascending then l.action end asc,
    case when p_sort = 'action' and not ascending then l.action end desc,
    case when p_sort = 'at' and ascending then l.at end asc,
    l.at desc,
    l.id desc
  limit p_limit offset p_offset;
end
$$;
revoke all on function public.admin_audit_log(text, text, date, date, text, text, integer, integer)
  from public, anon;
grant execute on function public.admin_audit_log(text, text, date, date, text, text, integer, integer)
  to authenticated;
