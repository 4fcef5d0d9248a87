-- One contract for every paged admin list (decision 0052, amending 0044). The eight lists took the same
-- arguments under three naming schemes (search/sort/dir, p_search/p_sort/p_dir/p_limit/p_offset,
-- search/sort_by/sort_dir) and answered in two shapes (a jsonb { total, rows } or rows carrying
-- total_count). Each is recreated here with the same arguments, in the same order, with the same defaults:
--
--   search       text     default ''    literal text (\ % and _ match themselves); at most 200 characters
--   filter       text     default ''    the list's one choice (kind, state, open/handled …); '' is everything
--   …                                   any further filter of that list (event, entity's dates)
--   sort         text     the list's    a key of the list (an unknown key is refused, or falls back to the
--                         own default   list's order where the key is in an address the admin may edit)
--   direction    text     the list's    asc | desc
--   page_size    integer  default 25    1 to 1,000
--   page_offset  integer  default 0     0 or more
--
-- and each returns a table of its rows, every row carrying total_count (integer): how many rows match the
-- search and filters. A page past the end is empty. `returns table` lets the type generator describe the
-- rows (npm run db:types), which a jsonb answer hid behind hand-written types and casts. Checks, refusals,
-- their words and each list's order are as before; grants are as before.

drop function public.admin_customers(text, text, text, integer, integer, text);
drop function public.admin_audit_log(text, text, date, date, text, text, integer, integer);
drop function public.admin_active_events(text, text, text, integer, integer);
drop function public.admin_waitlist_entries(text, text, text, text, text, integer, integer);
drop function public.admin_interest_registrations(text, text, text, text, text, integer, integer);
drop function public.admin_contact_messages(text, text, text, text, integer, integer);
drop function public.admin_moderation_queue(text, text, text, text, integer, integer);
drop function public.admin_polls(text, text, text, text, integer, integer);

-- ---------------------------------------------------------------- shared parts

-- The enquiry lists' open/handled filter: '' (or null) everything, 'open' the entries nobody answered yet,
-- any other value the answered ones (the app sends 'done').
create function private.enquiry_shown(filter text, answered_at timestamptz) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(filter, '') = '' or (filter = 'open') = (answered_at is null)
$$;
revoke all on function private.enquiry_shown(text, timestamptz) from public;

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

-- ---------------------------------------------------------------- the enquiries
-- Each: filter '' | 'open' | 'done' (private.enquiry_shown), event: one trip's name ('' every trip), sort ''
-- for the list's own order (an unknown key falls back to it too: the sort is in the address).

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
  select m.id, m.place, m.event_name, m.event_id, m.full_name, m.email, m.phone, m.notes,
         m.marketing_consent, m.created_at, m.contacted_at, (count(*) over ())::integer
  from matching m
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

-- ---------------------------------------------------------------- polls

-- A poll's votes per option, in the options' order (an option nobody chose counts 0).
create function private.poll_option_votes(poll_id uuid, options text[]) returns integer[]
language sql stable set search_path = ''
as $$
  select coalesce(array_agg((select count(*)::integer from public.poll_votes v
                             where v.poll_id = $1 and v.option_index = o.i - 1) order by o.i), '{}')
  from generate_subscripts(options, 1) as o(i)
$$;
revoke all on function private.poll_option_votes(uuid, text[]) from public;

-- filter: '' every poll | 'open' | 'closed'.
create function public.admin_polls(
  search text default '',
  filter text default '',
  sort text default 'closes',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  id uuid,
  event_id uuid,
  event_title text,
  question text,
  options text[],
  closes_at timestamptz,
  created_at timestamptz,
  is_open boolean,
  votes integer,
  results integer[],
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('list polls');
  perform private.check_list_arguments('polls', sort, array['question', 'for', 'closes', 'votes', 'created'],
                                       direction, page_size, page_offset, search);
  if coalesce(filter, '') not in ('', 'open', 'closed') then
    raise exception 'Show open polls, closed polls or every poll.' using errcode = '22023';
  end if;

  -- The sort expression is chosen from the names checked above; only %1$s and %2$s are formatted in.
  return query execute format(
    $sql$
      with matching as (
        select p.id, p.event_id, e.title as event_title, p.question, p.options, p.closes_at, p.created_at,
               p.closes_at > now() as is_open,
               (select count(*)::int from public.poll_votes v where v.poll_id = p.id) as votes
        from public.polls p
        left join public.events e on e.id = p.event_id
        where ($1::text is null or p.question ilike $1 or e.title ilike $1)
          and ($2 = '' or (p.closes_at > now()) = ($2 = 'open'))
      )
      select m.id, m.event_id, m.event_title, m.question, m.options, m.closes_at, m.created_at, m.is_open,
             m.votes, private.poll_option_votes(m.id, m.options), (count(*) over ())::integer
      from matching m
      order by %1$s %2$s nulls last, m.created_at desc, m.id
      limit $3 offset $4
    $sql$,
    case sort
      when 'question' then 'lower(m.question)'
      when 'for' then 'lower(m.event_title)'
      when 'closes' then 'm.closes_at'
      when 'votes' then 'm.votes'
      else 'm.created_at'
    end,
    direction
  ) using private.search_pattern(search), coalesce(filter, ''), page_size, page_offset;
end
$$;
revoke all on function public.admin_polls(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_polls(text, text, text, text, integer, integer)
  to authenticated, service_role;
