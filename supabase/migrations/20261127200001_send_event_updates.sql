-- /admin/event-updates (issue 11): an admin sends an update to a segment of an event's people, in-app and by
-- e-mail, in ONE database call: the update row, its readers (the select policy follows the segment) and one
-- outbox message per address are written in one transaction, so a closed tab loses nothing and a second
-- sender never doubles a message (the outbox's claim takes each row once). Decision 0040.

-- ---------------------------------------------------------------- the columns

alter table public.event_updates
  add column segment text not null default 'followers'
    check (segment in ('followers', 'travellers', 'waitlist', 'all')),
  add column in_app_count integer not null default 0 check (in_app_count >= 0),
  add column email_count integer not null default 0 check (email_count >= 0);
comment on column public.event_updates.segment is
  'Who it is for: followers (and travellers), travellers booked, the waitlist, or all members.';

-- Admin changes to updates land in the audit log (sends included: they insert the row).
create trigger audit_change after insert or update or delete on public.event_updates
  for each row execute function private.audit_change('title');

-- ---------------------------------------------------------------- who reads an update in-app

-- Whether the caller holds a booking for the event that is not cancelled (runs as the caller).
create function private.has_booked(p_event_id uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
    where b.event_id = p_event_id and b.user_id = (select auth.uid()) and b.status <> 'cancelled'
  )
$$;
grant execute on function private.has_booked(uuid) to authenticated, service_role;

-- Whether the caller's account address is on the event's waitlist. Security definer: members cannot read
-- waitlist entries, and this answers only about their own address.
create function private.on_waitlist(p_event_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.waitlist_submissions w join auth.users u on lower(u.email) = lower(w.email)
    where w.event_id = p_event_id and u.id = (select auth.uid())
  )
$$;
revoke all on function private.on_waitlist(uuid) from public;
grant execute on function private.on_waitlist(uuid) to authenticated, service_role;

drop policy event_updates_select_authenticated on public.event_updates;
create policy event_updates_select_authenticated on public.event_updates
  for select to authenticated
  using (
    (select private.is_admin())
    or case segment
      when 'followers' then private.follows_or_booked(event_id)
      when 'travellers' then private.has_booked(event_id)
      when 'waitlist' then private.on_waitlist(event_id) or private.has_booked(event_id)
      else true
    end
  );

-- ---------------------------------------------------------------- sending

-- Sends an update: checks the caller and the fields, writes the update, queues one e-mail per address and
-- returns { id, in_app, email }. E-mail goes only to addresses that consented to trip news (Spam Act),
-- each with its unsubscribe link, except to travellers booked on the event: a notice about their booking
-- is transactional and always goes. One address gets one message, however many ways it qualifies.
create function public.send_event_update(event_id uuid, title text, body text, segment text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  settings private.company_settings;
  trip public.events;
  new_id uuid;
  members integer;
  mails integer;
begin
  perform private.require_admin('send event updates');
  if segment is null or segment not in ('followers', 'travellers', 'waitlist', 'all') then
    raise exception 'Choose who the update is for.' using errcode = '22023';
  end if;
  if title is null or not private.is_update_title(title) then
    raise exception 'The title must be 1 to 200 characters on one line.' using errcode = '22023';
  end if;
  if body is null or not private.is_update_body(body) then
    raise exception 'The update must be 1 to 5000 characters.' using errcode = '22023';
  end if;
  select * into trip from public.events e where e.id = send_event_update.event_id;
  if trip.id is null then
    raise exception 'No such event.' using errcode = '22023';
  end if;
  select * into settings from private.company_settings;

  -- Everyone the segment names: members (with their consent) and, for the waitlist, bare addresses.
  create temporary table if not exists pg_temp.update_audience (
    user_id uuid, email text, consent boolean, transactional boolean
  ) on commit drop;
  truncate pg_temp.update_audience;
  insert into pg_temp.update_audience
  select p.id, lower(u.email), p.marketing_consent, false
  from public.profiles p join auth.users u on u.id = p.id
  where (segment = 'all')
     or (segment = 'followers' and exists (
           select 1 from public.event_follows f where f.event_id = trip.id and f.user_id = p.id));
  insert into pg_temp.update_audience
  select distinct b.user_id, lower(u.email), p.marketing_consent, true
  from public.bookings b join auth.users u on u.id = b.user_id join public.profiles p on p.id = b.user_id
  where segment = 'travellers' and b.event_id = trip.id and b.status <> 'cancelled';
  insert into pg_temp.update_audience
  select u.id, lower(w.email), w.marketing_consent, false
  from public.waitlist_submissions w left join auth.users u on lower(u.email) = lower(w.email)
  where segment = 'waitlist' and w.event_id = trip.id;

  select count(distinct a.user_id) into members from pg_temp.update_audience a;

  insert into private.unsubscribe_tokens (email)
  select distinct a.email from pg_temp.update_audience a
  where a.consent and not a.transactional and private.is_email(a.email)
  on conflict (email) do nothing;

  insert into private.outbound_mail (recipient, reply_to, subject, body)
  select r.email, settings.contact_email,
    left(regexp_replace(trip.title || ': ' || send_event_update.title, '[[:cntrl:]]+', ' ', 'g'), 300),
    send_event_update.body || E'\n\n-- \n' || settings.brand_name || E'\n'
      || case when r.transactional
           then 'You receive this because you are booked on ' || trip.title || '.'
           else 'You receive this because you asked for trip news. Unsubscribe: '
                || settings.site_url || '/unsubscribe?token=' || t.token
         end
  from (
    select a.email, bool_or(a.transactional) as transactional
    from pg_temp.update_audience a
    where (a.transactional or a.consent) and private.is_email(a.email)
    group by a.email
  ) r
  left join private.unsubscribe_tokens t on t.email = r.email
  where settings.contact_email is not null and (r.transactional or t.token is not null);
  get diagnostics mails = row_count;
  if mails > 0 then
    perform pg_notify('outbound_mail', '');
  end if;

  insert into public.event_updates (event_id, title, body, segment, in_app_count, email_count)
  values (trip.id, send_event_update.title, send_event_update.body, send_event_update.segment, members, mails)
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'in_app', members, 'email', mails);
end
$$;
revoke all on function public.send_event_update(uuid, text, text, text) from public, anon;
grant execute on function public.send_event_update(uuid, text, text, text) to authenticated, service_role;

-- The screen's history: every update with its event and reach, newest first (admins read all updates).
create index event_updates_created_at_idx on public.event_updates (created_at desc);
