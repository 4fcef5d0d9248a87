-- 'Already on waitlist' tells whoever asks that an address is on a trip's waitlist. The product asks for
-- that answer, so it stays, but one client gets only a few of them per hour: enough for a person who forgot
-- they signed up, too few to test a list of addresses. The answer now comes only from
-- public.join_waitlist(); visitors may no longer insert rows themselves, because the unique index's 409
-- would give the same answer with no limit at all.

-- ---------------------------------------------------------------- who is asking

-- The caller's address as the API gateway reports it: the first X-Forwarded-For entry, which PostgREST
-- shows to SQL in request.headers. Hosted, the gateway sets it; the local stack sets it from the socket
-- (so locally every request comes from 127.0.0.1). Outside the API (psql, Studio) it is 'unknown'.
create function private.request_client() returns text
language sql stable set search_path = ''
as $$
  select coalesce(
    nullif(
      left(btrim(split_part(
        coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'x-forwarded-for',
        ',', 1)), 200),
      ''),
    'unknown')
$$;
revoke all on function private.request_client() from public;
grant execute on function private.request_client() to anon, authenticated, service_role;

-- ---------------------------------------------------------------- the probes

create table private.waitlist_probes (
  id bigint generated always as identity primary key,
  client text not null check (char_length(client) <= 200),
  probed_at timestamptz not null default now()
);
comment on table private.waitlist_probes is
  'One row per "already on the waitlist" answer, by client address: the hourly limit counts them.';
alter table private.waitlist_probes enable row level security;
create index waitlist_probes_client_probed_at_idx on private.waitlist_probes (client, probed_at);

-- Only join_waitlist() (security definer) writes and reads it; no API role sees it, no policy lets one.
revoke all on table private.waitlist_probes from public, anon, authenticated;
grant all on table private.waitlist_probes to service_role;

-- ---------------------------------------------------------------- joining

-- Adds the caller to a trip's waitlist: 'joined', or 'already' when the address is on it (any letter case).
-- Past 10 'already' answers to one client within an hour it refuses with HTTP 429 (SQLSTATE PT429) instead.
-- Security definer, so it can record probes and insert although visitors hold no INSERT privilege; the
-- insert policy's rule (no entries for draft trips) is therefore checked here, with the same error.
create function public.join_waitlist(
  event_name text,
  full_name text,
  email text,
  phone text default null,
  notes text default null,
  event_id uuid default null
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller_address text := private.request_client();
  inserted integer;
  recent_probes integer;
begin
  if join_waitlist.event_id is not null and not private.is_public_event(join_waitlist.event_id) then
    raise exception 'new row violates row-level security policy for table "waitlist_submissions"'
      using errcode = '42501';
  end if;
  insert into public.waitlist_submissions (event_name, event_id, full_name, email, phone, notes)
  values (join_waitlist.event_name, join_waitlist.event_id, join_waitlist.full_name, join_waitlist.email,
          join_waitlist.phone, join_waitlist.notes)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 1 then
    return 'joined';
  end if;
  -- One client's probes one at a time, so two at once cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('waitlist_probes:' || caller_address));
  select count(*) into recent_probes
  from private.waitlist_probes p
  where p.client = caller_address and p.probed_at > now() - interval '1 hour';
  if recent_probes >= 10 then
    raise exception 'Too many waitlist checks from this address'
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  insert into private.waitlist_probes (client) values (caller_address);
  return 'already';
end
$$;
revoke all on function public.join_waitlist(text, text, text, text, text, uuid) from public;
grant execute on function public.join_waitlist(text, text, text, text, text, uuid)
  to anon, authenticated, service_role;

-- The direct way in is closed: only join_waitlist() adds entries (admins still read, edit and delete).
drop policy waitlist_submissions_insert_anyone on public.waitlist_submissions;
revoke insert on table public.waitlist_submissions from anon, authenticated;
