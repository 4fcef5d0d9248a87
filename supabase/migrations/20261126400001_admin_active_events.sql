-- /admin/active-events and each event's manifest (decision 0036). Both are reads that join bookings,
-- travellers and auth.users (e-mails), so each is ONE security-definer function that refuses anyone but an
-- admin (42501): a member calling them through supabase-js gets nothing. Nothing here writes.


-- Places sold on an event: travellers on its bookings that are not cancelled (as the overview counts).
-- Travellers named: the people linked to those bookings, who appear on the manifest. Called only from the
-- security-definer functions below, so it runs with their rights and nobody else may call it.
create function private.event_places(p_event_id uuid, out places_sold integer, out travellers_named integer)
language sql stable set search_path = ''
as $$
  select
    coalesce((select sum(b.travellers) from public.bookings b
              where b.event_id = p_event_id and b.status <> 'cancelled'), 0)::integer,
    (select count(*) from public.booking_travellers bt
       join public.bookings b on b.id = bt.booking_id
     where b.event_id = p_event_id and b.status <> 'cancelled')::integer
$$;
revoke all on function private.event_places(uuid) from public;

-- Active: published, and running today or departing within 60 days (Sydney dates). One page of them,
-- searched by title, location or slug, sorted by a known key; total_count is the number of matches.
create function public.admin_active_events(
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
  if p_dir is null or p_dir not in ('asc', 'desc') then
    raise exception 'The sort direction must be asc or desc.' using errcode = '22023';
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    raise exception 'A page is 1 to 1,000 rows from a non-negative offset.' using errcode = '22023';
  end if;
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
revoke all on function public.admin_active_events(text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_active_events(text, text, text, integer, integer)
  to authenticated, service_role;

-- The manifest of one event: the event, then every traveller named on its bookings that are not
-- cancelled, with the age each will be on the first day (whole years) and what the guides must know.
-- Null when there is no such event.
create function public.admin_event_manifest(p_event_id uuid)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.require_admin('read a manifest');
  select jsonb_build_object(
    'event', jsonb_build_object(
      'id', e.id, 'slug', e.slug, 'title', e.title, 'status', e.status, 'location', e.location,
      'start_date', e.start_date, 'end_date', e.end_date, 'capacity', e.max_registrations,
      'places_sold', p.places_sold, 'travellers_named', p.travellers_named),
    'travellers', coalesce((
      select jsonb_agg(jsonb_build_object(
          'traveller_id', t.id,
          'booking_id', b.id,
          'invoice_number', b.invoice_number,
          'booked_by', pr.full_name,
          'booked_by_email', u.email,
          'full_name', t.full_name,
          'date_of_birth', t.date_of_birth,
          'age_on_departure', extract(year from age(e.start_date, t.date_of_birth))::integer,
          'phone', t.phone,
          'dietary_notes', t.dietary_notes,
          'medical_notes', t.medical_notes,
          'emergency_contact_name', t.emergency_contact_name,
          'emergency_contact_phone', t.emergency_contact_phone)
        order by lower(t.full_name), t.id)
      from public.bookings b
      join public.booking_travellers bt on bt.booking_id = b.id
      join public.travellers t on t.id = bt.traveller_id
      left join public.profiles pr on pr.id = b.user_id
      left join auth.users u on u.id = b.user_id
      where b.event_id = e.id and b.status <> 'cancelled'
    ), '[]'::jsonb))
  into result
  from public.events e
  cross join lateral private.event_places(e.id) p
  where e.id = p_event_id;
  return result;
end
$$;
revoke all on function public.admin_event_manifest(uuid) from public, anon;
grant execute on function public.admin_event_manifest(uuid) to authenticated, service_role;
