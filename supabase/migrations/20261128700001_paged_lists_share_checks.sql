-- One rule, one place (decision 0044): the paged admin lists written before private.check_list_arguments
-- (migration 20261128200001) checked their arguments by hand, each in its own words, or not at all (the
-- enquiry lists clamped a bad page instead). Each is recreated here, same arguments, same rows, its checks
-- now the shared ones: unknown sort, direction asc|desc, a page of 1 to 1,000 rows from an offset of 0 or
-- more, a search of at most 200 characters, each refused with 22023 and the same words everywhere.

-- The direction, page and search half of the check, for the lists whose unknown sort key falls back to
-- their default order instead of being refused (active events, the enquiries: the sort is in the address,
-- which the admin may edit). Called by security-definer functions only, so nobody else may execute it.
create function private.check_page_arguments(dir text, page_size integer, page_offset integer, search text)
returns void
language plpgsql immutable set search_path = ''
as $$
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
revoke all on function private.check_page_arguments(text, integer, integer, text) from public;

-- The whole check: the sort key first (with a hint naming the keys), then the rest. Same words as before.
create or replace function private.check_list_arguments(
  what text, sort text, sorts text[], dir text, page_size integer, page_offset integer, search text
) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if sort is null or not (sort = any (sorts)) then
    raise exception 'The % cannot be sorted by "%".', what, sort using errcode = '22023',
      hint = format('Sort by %s or %s.', array_to_string(sorts[1:cardinality(sorts) - 1], ', '),
                    sorts[cardinality(sorts)]);
  end if;
  perform private.check_page_arguments(dir, page_size, page_offset, search);
end
$$;

-- ---------------------------------------------------------------- customers (20261126200001)

create or replace function public.admin_customers(
  search text default '',
  sort text default 'joined',
  dir text default 'desc',
  page_size integer default 25,
  page_offset integer default 0,
  kind text default ''
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text;
  result jsonb;
begin
  perform private.require_admin('list customers');
  perform private.check_list_arguments('customers list', sort,
                                       array['name', 'email', 'tier', 'joined', 'bookings', 'last_activity'],
                                       dir, page_size, page_offset, search);
  if coalesce(kind, '') not in ('', 'member', 'enquirer') then
    raise exception 'Show members, enquirers or everyone.' using errcode = '22023';
  end if;
  pattern := private.search_pattern(search);

  -- The sort column is one of the names checked above, so format's %I quotes a known identifier.
  execute format(
    $sql$
      with matching as (
        select c.* from private.customers c
        where ($1::text is null or c.full_name ilike $1 or c.email ilike $1)
          and ($4::text = '' or c.kind = $4)
      ),
      page as (
        select m.* from matching m
        order by %1$s %2$s nulls last, m.email, m.id
        limit $2 offset $3
      )
      select jsonb_build_object(
        'total', (select count(*) from matching),
        'rows', coalesce((select jsonb_agg(to_jsonb(page) order by %1$s %2$s nulls last, page.email, page.id) from page), '[]'::jsonb)
      )
    $sql$,
    case sort
      when 'name' then 'lower(full_name)'
      when 'email' then 'email'
      when 'tier' then 'tier'
      when 'joined' then 'joined'
      when 'bookings' then 'bookings'
      else 'last_activity'
    end,
    dir
  ) into result using pattern, page_size, page_offset, coalesce(kind, '');
  return result;
end
$$;

-- ---------------------------------------------------------------- the audit log (20261128050001)

create or replace function public.admin_audit_log(
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
  -- As before: no sort is the time, no direction is desc, the direction's case does not matter, and the
  -- search is trimmed.
  perform private.check_list_arguments('log', coalesce(p_sort, 'at'), array['at', 'actor', 'entity', 'action'],
                                       lower(coalesce(p_dir, 'desc')), p_limit, p_offset, term);
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The "from" date is after the "to" date.' using errcode = '22023';
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

-- ---------------------------------------------------------------- active events (20261126400001)

create or replace function public.admin_active_events(
  p_search text default null,
  p_sort text default 'start_date',
  p_dir text default 'asc',
  p_limit integer default 25,
  p_offset integer default 0
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
  perform private.check_page_arguments(p_dir, p_limit, p_offset, p_search);
  -- The search is literal text: % and _ typed by the admin match themselves.
  pattern := private.search_pattern(p_search);
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
      case when p_dir = 'asc' then
        case p_sort when 'title' then lower(a.title) when 'location' then lower(a.location) end
      end asc nulls last,
      case when p_dir = 'desc' then
        case p_sort when 'title' then lower(a.title) when 'location' then lower(a.location) end
      end desc nulls last,
      case when p_dir = 'asc' then
        case p_sort when 'places_sold' then a.places_sold when 'capacity' then a.capacity end
      end asc nulls last,
      case when p_dir = 'desc' then
        case p_sort when 'places_sold' then a.places_sold when 'capacity' then a.capacity end
      end desc nulls last,
      case when p_dir = 'asc' then
        case when p_sort = 'end_date' then a.end_date else a.start_date end
      end asc,
      case when p_dir = 'desc' then
        case when p_sort = 'end_date' then a.end_date else a.start_date end
      end desc,
      a.title, a.id
    limit p_limit offset p_offset;
end
$$;

-- ---------------------------------------------------------------- the enquiries (20261126500001)

create or replace function public.admin_waitlist_entries(
  event_filter text default null,
  search text default null,
  show text default null,
  sort_by text default null,
  sort_dir text default 'asc',
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
  total_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text := coalesce(private.search_pattern(search), '%');
  descending boolean := sort_dir = 'desc';
begin
  perform private.require_admin('read the waitlist');
  perform private.check_page_arguments(coalesce(sort_dir, 'asc'), page_size, page_offset, search);
  return query
  with ranked as (
    select w.*, row_number() over (partition by w.event_name order by w.created_at, w.id) as place
    from public.waitlist_submissions w
    where event_filter is null or w.event_name = event_filter
  ), matching as (
    select r.* from ranked r
    where (r.full_name ilike pattern or r.email ilike pattern or coalesce(r.phone, '') ilike pattern
           or coalesce(r.notes, '') ilike pattern)
      and (show is null or (show = 'open') = (r.contacted_at is null))
  )
  select m.id, m.place, m.event_name, m.event_id, m.full_name, m.email, m.phone, m.notes,
         m.marketing_consent, m.created_at, m.contacted_at, count(*) over ()
  from matching m
  order by
    case when not descending then
      case sort_by when 'full_name' then lower(m.full_name) when 'email' then lower(m.email)
                   when 'event_name' then lower(m.event_name) end end asc,
    case when descending then
      case sort_by when 'full_name' then lower(m.full_name) when 'email' then lower(m.email)
                   when 'event_name' then lower(m.event_name) end end desc,
    case when sort_by = 'contacted_at' and not descending then m.contacted_at end asc nulls first,
    case when sort_by = 'contacted_at' and descending then m.contacted_at end desc nulls last,
    case when sort_by = 'created_at' and not descending then m.created_at end asc,
    case when sort_by = 'created_at' and descending then m.created_at end desc,
    m.event_name, m.place
  limit page_size offset page_offset;
end
$$;

create or replace function public.admin_interest_registrations(
  event_filter text default null,
  search text default null,
  show text default null,
  sort_by text default null,
  sort_dir text default 'desc',
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
  total_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text := coalesce(private.search_pattern(search), '%');
  descending boolean := coalesce(sort_dir, 'desc') = 'desc';
begin
  perform private.require_admin('read interest registrations');
  perform private.check_page_arguments(coalesce(sort_dir, 'desc'), page_size, page_offset, search);
  return query
  select r.id, r.event_name, r.event_id, r.full_name, r.email, r.phone, r.message, r.marketing_consent,
         r.created_at, r.handled_at, count(*) over ()
  from public.interest_registrations r
  where (event_filter is null or r.event_name = event_filter)
    and (r.full_name ilike pattern or r.email ilike pattern or coalesce(r.phone, '') ilike pattern
         or coalesce(r.message, '') ilike pattern)
    and (show is null or (show = 'open') = (r.handled_at is null))
  order by
    case when not descending then
      case sort_by when 'full_name' then lower(r.full_name) when 'email' then lower(r.email)
                   when 'event_name' then lower(r.event_name) end end asc,
    case when descending then
      case sort_by when 'full_name' then lower(r.full_name) when 'email' then lower(r.email)
                   when 'event_name' then lower(r.event_name) end end desc,
    case when sort_by = 'handled_at' and not descending then r.handled_at end asc nulls first,
    case when sort_by = 'handled_at' and descending then r.handled_at end desc nulls last,
    case when coalesce(sort_by, 'created_at') = 'created_at' and not descending then r.created_at end asc,
    r.created_at desc, r.id
  limit page_size offset page_offset;
end
$$;

create or replace function public.admin_contact_messages(
  search text default null,
  show text default null,
  sort_by text default null,
  sort_dir text default 'desc',
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
  total_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text := coalesce(private.search_pattern(search), '%');
  descending boolean := coalesce(sort_dir, 'desc') = 'desc';
begin
  perform private.require_admin('read contact messages');
  perform private.check_page_arguments(coalesce(sort_dir, 'desc'), page_size, page_offset, search);
  return query
  select m.id, m.full_name, m.email, m.phone, m.message, m.created_at, m.handled_at, count(*) over ()
  from public.contact_messages m
  where (m.full_name ilike pattern or m.email ilike pattern or coalesce(m.phone, '') ilike pattern
         or m.message ilike pattern)
    and (show is null or (show = 'open') = (m.handled_at is null))
  order by
    case when not descending then
      case sort_by when 'full_name' then lower(m.full_name) when 'email' then lower(m.email) end end asc,
    case when descending then
      case sort_by when 'full_name' then lower(m.full_name) when 'email' then lower(m.email) end end desc,
    case when sort_by = 'handled_at' and not descending then m.handled_at end asc nulls first,
    case when sort_by = 'handled_at' and descending then m.handled_at end desc nulls last,
    case when sort_by = 'created_at' and not descending then m.created_at end asc,
    case when sort_by is null then m.handled_at is not null end,
    m.created_at desc, m.id
  limit page_size offset page_offset;
end
$$;
