-- Issue 10, /admin/events and /admin/event-management (decision 0035): the event form's fields hold the
-- same rules as src/lib/rules/events.ts (supabase/local/test/db/event-rules-agree.test.ts proves it), each
-- departure gets a slug of its own while trip_slug names its Sanity trip, the status badge and the images
-- are columns, and cancelling an event tells its followers and travellers by e-mail. Admins write through
-- the existing RLS policies (events_*_admin); the audit trigger records every change.

-- ---------------------------------------------------------------- field rules

-- An event's title: trimmed, 1 to 200 characters, one line, no control characters.
create function private.is_event_title(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- Its location: trimmed, 1 to 200 characters, one line (an empty location is stored as null).
create function private.is_event_location(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- Its description: trimmed, 1 to 10,000 characters, no controls but tab, line feed, return.
create function private.is_event_description(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 10000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

-- A slug (an event's own, or its Sanity trip's): lower-case words joined by single hyphens, ≤ 100.
create function private.is_slug(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select value ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(value) <= 100
$$;

-- The event's images: paths in the event-images bucket, each in an uploader's folder as the storage
-- policy wants (<user id>/<milliseconds>.<ext>), at most 12, no repeats.
create function private.are_event_image_paths(paths text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(cardinality(paths), 0) <= 12
     and array_position(paths, null) is null
     and not exists (
       select 1 from unnest(paths) p
       where p !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9]{1,16}\.(png|jpg|gif|webp)$'
     )
     and (select count(distinct p) from unnest(paths) p) = coalesce(cardinality(paths), 0)
$$;

grant execute on function private.is_event_title(text), private.is_event_location(text),
  private.is_event_description(text), private.is_slug(text), private.are_event_image_paths(text[])
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- columns

alter table public.events
  drop constraint events_title_check,
  add constraint events_title_check check (private.is_event_title(title)),
  drop constraint events_location_check,
  add constraint events_location_check check (location is null or private.is_event_location(location)),
  drop constraint events_description_check,
  add constraint events_description_check check (description is null or private.is_event_description(description)),
  drop constraint events_price_cents_check,
  add constraint events_price_cents_check check (price_cents between 0 and 100000000),
  -- The Sanity trip (its /tours/<slug> page) this departure belongs to; null: no trip page.
  add column trip_slug text constraint events_trip_slug_check check (trip_slug is null or private.is_slug(trip_slug)),
  -- The badge shown with the event (the rule for each is the editor's help, src/lib/rules/events.ts).
  add column badge text not null default 'eoi'
    constraint events_badge_check check (badge in ('eoi', 'live', 'locked-in', 'confirmed')),
  add column image_paths text[] not null default '{}'
    constraint events_image_paths_check check (private.are_event_image_paths(image_paths));

comment on column public.events.slug is
  'The departure''s own address (/event-details/<slug>): named by events_name_slug from title and start date when not given.';
comment on column public.events.trip_slug is 'The Sanity trip (/tours/<slug>) this departure belongs to.';
comment on column public.events.image_paths is 'Images in the event-images bucket, in order.';

-- Events created before this migration were named by their trip's slug.
update public.events set trip_slug = slug where trip_slug is null;

-- Left empty (the default), the slug is made from the title and the start date, unique among events.
alter table public.events alter column slug set default '';

create function private.name_event_slug() returns trigger
language plpgsql set search_path = ''
as $$
declare
  base text;
  candidate text;
  n integer := 1;
begin
  if new.slug is not null and new.slug <> '' then
    return new;
  end if;
  base := btrim(regexp_replace(lower(coalesce(new.title, '')), '[^a-z0-9]+', '-', 'g'), '-');
  base := btrim(left(coalesce(nullif(base, ''), 'event'), 80), '-');
  base := base || '-' || to_char(new.start_date, 'YYYY-MM-DD');
  candidate := base;
  while exists (select 1 from public.events e where e.slug = candidate) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  new.slug := candidate;
  return new;
end
$$;

create trigger name_slug
  before insert on public.events
  for each row execute function private.name_event_slug();

-- ---------------------------------------------------------------- cancellation e-mail

-- When an event becomes cancelled, everyone who follows it or holds a booking for it (not one they had
-- cancelled already) gets one e-mail, however many ways they are linked to it. Runs in the same
-- transaction as the change, so a cancellation and its e-mail exist together.
create function private.mail_event_cancelled() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.company_settings;
  title text := regexp_replace(new.title, '[[:cntrl:]]+', ' ', 'g');
begin
  select * into settings from private.company_settings;
  if settings is null then
    return null;
  end if;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  select distinct on (lower(u.email))
    u.email,
    settings.contact_email,
    left('Cancelled: ' || title, 300),
    array_to_string(array[
      'We are sorry: ' || title || ' (' || to_char(new.start_date, 'FMDD Mon YYYY') || ') has been cancelled.',
      '',
      'If you booked, we will be in touch about your refund. You can reply to this e-mail with any questions.',
      '',
      'Details: ' || settings.site_url || '/event-details/' || new.id,
      '-- ',
      settings.brand_name
    ], E'\n')
  from (
    select f.user_id from public.event_follows f where f.event_id = new.id
    union
    select b.user_id from public.bookings b where b.event_id = new.id and b.status <> 'cancelled'
  ) people
  join auth.users u on u.id = people.user_id
  where u.email is not null and private.is_email(u.email)
  order by lower(u.email);
  perform pg_notify('outbound_mail', '');
  return null;
end
$$;
revoke all on function private.mail_event_cancelled() from public;

create trigger mail_cancellation
  after update of status on public.events
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function private.mail_event_cancelled();
