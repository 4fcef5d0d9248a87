-- The admin's enquiries screen (/admin/waitlist, decision 0037): waitlist entries, interest registrations
-- and contact messages, each marked done when someone has answered, read a page at a time by RPC, and
-- answered by e-mail from the screen. Admins change rows through the tables' existing RLS policies (the
-- audit_change triggers record each change); reading and replying go through the functions below, which
-- refuse anyone but an admin with 42501.

-- ---------------------------------------------------------------- when an enquiry was answered

-- A waitlist entry's position is its order of joining within its trip (created_at, then id), derived when
-- read and never stored, so it stays right when an entry before it is removed. contacted_at is what a later
-- "offer a freed place" needs besides: who was already asked.
alter table public.waitlist_submissions add column contacted_at timestamptz;
alter table public.interest_registrations add column handled_at timestamptz;
comment on column public.waitlist_submissions.contacted_at is
  'When an admin marked the person contacted (stamped by the database); null while nobody has.';
comment on column public.interest_registrations.handled_at is
  'When an admin marked the registration handled (stamped by the database); null while open.';

create index waitlist_submissions_event_name_created_idx
  on public.waitlist_submissions (event_name, created_at, id);
create index interest_registrations_created_at_idx on public.interest_registrations (created_at desc);

-- The time is the database's: marking sets now() whatever the client sent, marking again keeps the first
-- time, and clearing (null) reopens the enquiry. So nobody can backdate or postdate an answer.
create function private.stamp_enquiry_contacted_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.contacted_at is not null then
    new.contacted_at := coalesce(old.contacted_at, now());
  end if;
  return new;
end
$$;

create function private.stamp_enquiry_handled_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.handled_at is not null then
    new.handled_at := coalesce(old.handled_at, now());
  end if;
  return new;
end
$$;

create trigger stamp_contacted_at
  before update of contacted_at on public.waitlist_submissions
  for each row execute function private.stamp_enquiry_contacted_at();
create trigger stamp_handled_at
  before update of handled_at on public.interest_registrations
  for each row execute function private.stamp_enquiry_handled_at();
create trigger stamp_handled_at
  before update of handled_at on public.contact_messages
  for each row execute function private.stamp_enquiry_handled_at();

-- ---------------------------------------------------------------- searching


-- ---------------------------------------------------------------- reading a page

-- One page of a trip's waitlist (or every trip's, event_filter null), with each entry's position in its
-- trip and the number of matching rows in every row (total_count). show: 'open', 'done' or null (all).
-- sort_by: created_at (default: trip, then position), full_name, email, event_name, contacted_at.
create function public.admin_waitlist_entries(
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
  limit greatest(1, least(page_size, 1000)) offset greatest(0, page_offset);
end
$$;

-- The same for interest registrations (newest first by default; no position: interest is not a queue).
create function public.admin_interest_registrations(
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
  limit greatest(1, least(page_size, 1000)) offset greatest(0, page_offset);
end
$$;

-- Contact messages: unanswered first, newest first, unless another sort is asked for.
create function public.admin_contact_messages(
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
  limit greatest(1, least(page_size, 1000)) offset greatest(0, page_offset);
end
$$;

-- The trips that have waitlist entries (kind 'waitlist') or interest registrations ('interest'), for the
-- screen's trip filter: each with its number of entries and how many are still open.
create function public.admin_enquiry_events(kind text)
returns table (event_name text, entries bigint, open_entries bigint)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('list the trips with enquiries');
  if kind = 'waitlist' then
    return query
    select w.event_name, count(*), count(*) filter (where w.contacted_at is null)
    from public.waitlist_submissions w group by w.event_name order by lower(w.event_name);
  elsif kind = 'interest' then
    return query
    select r.event_name, count(*), count(*) filter (where r.handled_at is null)
    from public.interest_registrations r group by r.event_name order by lower(r.event_name);
  else
    raise exception 'Unknown kind of enquiry: %', kind using errcode = '22023';
  end if;
end
$$;

-- ---------------------------------------------------------------- replying

-- A reply's subject: one line, trimmed, 1 to 200 characters (src/lib/rules/enquiry-replies.ts).
create function private.is_reply_subject(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- A reply's text: several lines, trimmed, 1 to 5000 characters, no controls but tab and line breaks.
create function private.is_reply_body(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 5000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;
grant execute on function private.is_reply_subject(text), private.is_reply_body(text) to authenticated;

-- Answers one enquiry by e-mail: the message goes to the address the enquirer gave (never one the caller
-- names), with the company's contact address to reply to, and the enquiry is marked answered (contacted or
-- handled; the audit trigger records that). kind: 'waitlist', 'interest' or 'contact'. Returns the address.
create function public.reply_to_enquiry(kind text, enquiry_id uuid, subject text, body text)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  settings private.company_settings;
  recipient text;
begin
  perform private.require_admin('reply to an enquiry');
  if subject is null or not private.is_reply_subject(subject) then
    raise exception 'Please enter a subject of up to 200 characters on one line.' using errcode = '22023';
  end if;
  if body is null or not private.is_reply_body(body) then
    raise exception 'Please enter a message of up to 5000 characters.' using errcode = '22023';
  end if;
  if kind = 'waitlist' then
    update public.waitlist_submissions set contacted_at = now() where id = enquiry_id returning email
      into recipient;
  elsif kind = 'interest' then
    update public.interest_registrations set handled_at = now() where id = enquiry_id returning email
      into recipient;
  elsif kind = 'contact' then
    update public.contact_messages set handled_at = now() where id = enquiry_id returning email
      into recipient;
  else
    raise exception 'Unknown kind of enquiry: %', kind using errcode = '22023';
  end if;
  if recipient is null then
    raise exception 'This enquiry no longer exists.' using errcode = 'P0002';
  end if;
  select * into settings from private.company_settings;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (
    recipient,
    settings.contact_email,
    subject,
    body || E'\n\n-- \n' || coalesce(settings.brand_name, 'The team')
  );
  perform pg_notify('outbound_mail', '');
  return recipient;
end
$$;

revoke all on function
  public.admin_waitlist_entries(text, text, text, text, text, integer, integer),
  public.admin_interest_registrations(text, text, text, text, text, integer, integer),
  public.admin_contact_messages(text, text, text, text, integer, integer),
  public.admin_enquiry_events(text),
  public.reply_to_enquiry(text, uuid, text, text)
  from public, anon;
grant execute on function
  public.admin_waitlist_entries(text, text, text, text, text, integer, integer),
  public.admin_interest_registrations(text, text, text, text, text, integer, integer),
  public.admin_contact_messages(text, text, text, text, integer, integer),
  public.admin_enquiry_events(text),
  public.reply_to_enquiry(text, uuid, text, text)
  to authenticated;
