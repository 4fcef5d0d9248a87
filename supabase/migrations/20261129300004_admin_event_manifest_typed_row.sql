-- admin_event_manifest() returns one typed row (the event, its travellers) instead of a jsonb object, and no
-- row for an unknown event (issue 18), so `npm run db:types` describes the manifest. A return type cannot be
-- replaced in place, hence the drop.
drop function public.admin_event_manifest(uuid);

-- The manifest's event and each traveller on it, typed so that `npm run db:types` describes them.
CREATE TYPE public.manifest_event AS (
    id uuid,
    slug text,
    title text,
    status public.event_status,
    location text,
    start_date date,
    end_date date,
    capacity integer,
    places_sold integer,
    travellers_named integer
);

CREATE TYPE public.manifest_traveller AS (
    traveller_id uuid,
    booking_id uuid,
    invoice_number text,
    booked_by text,
    booked_by_email text,
    full_name text,
    date_of_birth date,
    age_on_departure integer,
    phone text,
    dietary_notes text,
    medical_notes text,
    emergency_contact_name text,
    emergency_contact_phone text
);

CREATE FUNCTION public.admin_event_manifest(p_event_id uuid) RETURNS TABLE(event public.manifest_event, travellers public.manifest_traveller[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read a manifest');
  return query
  select
    row(e.id, e.slug, e.title, e.status, e.location, e.start_date, e.end_date, e.max_registrations,
        p.places_sold, p.travellers_named)::public.manifest_event,
    array(
      select row(t.id, b.id, b.invoice_number, pr.full_name, u.email::text, t.full_name, t.date_of_birth,
                 extract(year from age(e.start_date, t.date_of_birth))::integer, t.phone, t.dietary_notes,
                 t.medical_notes, t.emergency_contact_name, t.emergency_contact_phone)::public.manifest_traveller
      from public.bookings b
      join public.booking_travellers bt on bt.booking_id = b.id
      join public.travellers t on t.id = bt.traveller_id
      left join public.profiles pr on pr.id = b.user_id
      left join auth.users u on u.id = b.user_id
      where b.event_id = e.id and b.status <> 'cancelled'
      order by lower(t.full_name), t.id
    )
  from public.events e
  cross join lateral private.event_places(e.id) p
  where e.id = p_event_id;
end
$$;

revoke all on function public.admin_event_manifest(uuid) from public, anon;
grant execute on function public.admin_event_manifest(uuid) to authenticated, service_role;
