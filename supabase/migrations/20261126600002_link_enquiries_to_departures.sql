-- The trip pages' waitlist and interest forms send the trip's name (event_name, the Sanity trip's title), not
-- an event id: the static page cannot know which row is the next departure. So the database links an entry
-- that arrives without an event_id to the trip's next departure still to end, by title (letter case aside):
-- the overview's counts per departure then include what visitors send, and a later offer of a freed place
-- knows which departure an entry waits for. No match (a trip with no departure on sale): it stays null.
create function private.link_enquiry_to_departure() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.event_id is null then
    select e.id into new.event_id
    from public.events e
    where e.status = 'published'
      and lower(e.title) = lower(btrim(new.event_name))
      and e.end_date >= private.sydney_today()
    order by e.start_date, e.id
    limit 1;
  end if;
  return new;
end
$$;
revoke all on function private.link_enquiry_to_departure() from public;

create trigger link_to_departure
  before insert on public.waitlist_submissions
  for each row execute function private.link_enquiry_to_departure();
create trigger link_to_departure
  before insert on public.interest_registrations
  for each row execute function private.link_enquiry_to_departure();

create index if not exists events_lower_title_idx on public.events (lower(title)) where status = 'published';
