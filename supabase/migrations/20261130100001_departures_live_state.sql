-- Trips and their departures (issue 20, decision 0067): the static trip pages carry each departure's dates and
-- price from the build; what changes between builds (places left, sold out, bookings closed, booking opens on …)
-- a small island reads from departure_availability when the page is shown. A departure may set the days its
-- bookings open and close (Sydney dates, both before it departs). The places a departure's bookings take are
-- counted in one place, private.places_taken.

alter table "public"."events" add column "bookings_open_on" date;

alter table "public"."events" add column "bookings_close_on" date;

comment on column public.events.bookings_open_on is 'The first day (Sydney) bookings are taken (null: from publication).';

comment on column public.events.bookings_close_on is 'The last day (Sydney) bookings are taken (null: until the day before departure).';

alter table "public"."events" add constraint "events_booking_window_in_order" CHECK (((bookings_open_on IS NULL) OR (bookings_close_on IS NULL) OR (bookings_open_on <= bookings_close_on))) not valid;

alter table "public"."events" validate constraint "events_booking_window_in_order";

alter table "public"."events" add constraint "events_bookings_before_departure" CHECK ((((bookings_open_on IS NULL) OR (bookings_open_on < start_date)) AND ((bookings_close_on IS NULL) OR (bookings_close_on < start_date)))) not valid;

alter table "public"."events" validate constraint "events_bookings_before_departure";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.places_taken(p_event_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(b.travellers), 0)::integer
  from public.bookings b
  where b.event_id = p_event_id and b.status <> 'cancelled'
$function$
;

CREATE OR REPLACE FUNCTION public.departure_availability(event_ids uuid[])
 RETURNS TABLE(event_id uuid, state text, places_left integer, opens_on date)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select e.id,
         case
           when e.status = 'cancelled' then 'cancelled'
           when e.status = 'completed' or e.start_date < private.sydney_today() then 'past'
           when e.start_date = private.sydney_today() or e.bookings_close_on < private.sydney_today() then 'closed'
           when e.bookings_open_on > private.sydney_today() then 'opens'
           when e.max_registrations is not null and private.places_taken(e.id) >= e.max_registrations then 'sold-out'
           else 'open'
         end,
         case when e.max_registrations is null then null
              else greatest(e.max_registrations - private.places_taken(e.id), 0) end,
         e.bookings_open_on
  from public.events e
  where e.id = any (event_ids[1:100]) and e.status <> 'draft'
$function$
;

revoke all on function private.places_taken(p_event_id uuid) from public;
grant all on function private.places_taken(p_event_id uuid) to service_role;

revoke all on function public.departure_availability(event_ids uuid[]) from public;
grant all on function public.departure_availability(event_ids uuid[]) to anon;
grant all on function public.departure_availability(event_ids uuid[]) to authenticated;
grant all on function public.departure_availability(event_ids uuid[]) to service_role;
