-- send_event_update (issue 18) as its parts: who an update reaches (the audience and, of it, who is sent
-- e-mail), what the e-mail says (subject, text, HTML and the one-click header for one recipient) and the
-- send (the checks, the outbox rows, the update's own row). The rules are 20261128500001's, unchanged:
-- decision 0040 for the audience and consent, 0043 for the rich text, 0047 for one-click unsubscribe. A
-- change to one rule now replaces one of these functions; send_event_update is their short composition,
-- with the same signature, grants, result and errors as before.

-- ---------------------------------------------------------------- the audience

-- Everyone the segment names, one row per way they qualify: members with their trip-news consent (the
-- followers, or all), travellers booked on the event (transactional: a notice about their booking), and for
-- the waitlist its addresses, matched to an account when one has the address. The in-app count and the
-- e-mail both come from these rows; the row-level policy on event_updates mirrors them for reading.
create function private.event_update_audience(trip_id uuid, segment text)
returns table (user_id uuid, email text, consent boolean, transactional boolean)
language sql stable security definer set search_path = ''
as $$
  select p.id, lower(u.email), p.marketing_consent, false
  from public.profiles p join auth.users u on u.id = p.id
  where (segment = 'all')
     or (segment = 'followers' and exists (
           select 1 from public.event_follows f where f.event_id = trip_id and f.user_id = p.id))
  union all
  select distinct b.user_id, lower(u.email), p.marketing_consent, true
  from public.bookings b join auth.users u on u.id = b.user_id join public.profiles p on p.id = b.user_id
  where segment = 'travellers' and b.event_id = trip_id and b.status <> 'cancelled'
  union all
  select u.id, lower(w.email), w.marketing_consent, false
  from public.waitlist_submissions w left join auth.users u on lower(u.email) = lower(w.email)
  where segment = 'waitlist' and w.event_id = trip_id
$$;
revoke all on function private.event_update_audience(uuid, text) from public, anon, authenticated;
grant execute on function private.event_update_audience(uuid, text) to service_role;

-- Whether one audience row may be e-mailed: a booking notice always (transactional), anything else only
-- with trip-news consent (Spam Act), and never to something that is not an address.
create function private.may_email_update(email text, consent boolean, transactional boolean) returns boolean
language sql immutable set search_path = ''
as $$ select (transactional or consent) and coalesce(private.is_email(email), false) $$;
revoke all on function private.may_email_update(text, boolean, boolean) from public, anon, authenticated;
grant execute on function private.may_email_update(text, boolean, boolean) to service_role;

-- The addresses an update is e-mailed to: one row per address however many ways it qualifies, a booking
-- notice when any of them is transactional (then it carries no unsubscribe).
create function private.event_update_recipients(trip_id uuid, segment text)
returns table (email text, transactional boolean)
language sql stable security definer set search_path = ''
as $$
  select a.email, bool_or(a.transactional)
  from private.event_update_audience(trip_id, segment) a
  where private.may_email_update(a.email, a.consent, a.transactional)
  group by a.email
$$;
revoke all on function private.event_update_recipients(uuid, text) from public, anon, authenticated;
grant execute on function private.event_update_recipients(uuid, text) to service_role;

-- How many members read the update in the app: the audience's distinct accounts.
create function private.event_update_member_count(trip_id uuid, segment text) returns integer
language sql stable security definer set search_path = ''
as $$ select count(distinct a.user_id)::integer from private.event_update_audience(trip_id, segment) a $$;
revoke all on function private.event_update_member_count(uuid, text) from public, anon, authenticated;
grant execute on function private.event_update_member_count(uuid, text) to service_role;

-- ---------------------------------------------------------------- the message

-- The e-mail one recipient gets. `token` is their unsubscribe token (null for a booking notice, which has
-- no unsubscribe: decision 0047); the footer says why they receive it. The text part names the picture and
-- links to /event-updates; the HTML part shows it by its public Storage URL (update_mail_html escapes).
create function private.event_update_message(
  settings private.company_settings, event_title text, title text, body_text text, body_html text,
  image_path text, image_alt text, transactional boolean, token text
)
returns table (subject text, body text, html_body text, list_unsubscribe text)
language sql stable set search_path = ''
as $$
  select
    left(regexp_replace(event_title || ': ' || title, '[[:cntrl:]]+', ' ', 'g'), 300),
    body_text
      || case when image_alt is null then ''
              else E'\n\nThis update has a picture (' || image_alt || '): ' || settings.site_url || '/event-updates' end
      || E'\n\n-- \n' || settings.brand_name || E'\n' || f.reason
      || case when f.unsubscribe is null then '' else ' Unsubscribe: ' || f.unsubscribe end,
    private.update_mail_html(title, body_html,
      case when image_alt is null then null
           else settings.api_url || '/storage/v1/object/public/update-images/' || image_path end,
      image_alt, settings.brand_name,
      private.html_escape(f.reason)
        || case when f.unsubscribe is null then ''
                else ' <a href="' || private.html_escape(f.unsubscribe) || '">Unsubscribe</a>' end),
    -- RFC 8058: marketing mail only.
    case when f.unsubscribe is null then null
         else settings.api_url || '/functions/v1/unsubscribe-one-click?token=' || token end
  from (
    select
      case when transactional then 'You receive this because you are booked on ' || event_title || '.'
           else 'You receive this because you asked for trip news.' end as reason,
      case when transactional then null
           else settings.site_url || '/unsubscribe?token=' || token end as unsubscribe
  ) f
$$;
revoke all on function private.event_update_message(
  private.company_settings, text, text, text, text, text, text, boolean, text
) from public, anon, authenticated;
grant execute on function private.event_update_message(
  private.company_settings, text, text, text, text, text, text, boolean, text
) to service_role;

-- ---------------------------------------------------------------- the send

-- The fields' rules, in the order the admin meets them; raises the first problem in words (22023) and
-- answers the event. The caller is checked first: only admins send.
create function private.check_event_update(
  event_id uuid, title text, body_doc jsonb, segment text, image_path text, image_alt text
) returns public.events
language plpgsql volatile security definer set search_path = ''
as $$
declare
  trip public.events;
  problem text;
begin
  perform private.require_admin('send event updates');
  if segment is null or segment not in ('followers', 'travellers', 'waitlist', 'all') then
    raise exception 'Choose who the update is for.' using errcode = '22023';
  end if;
  if title is null or not private.is_update_title(title) then
    raise exception 'The title must be 1 to 200 characters on one line.' using errcode = '22023';
  end if;
  problem := private.update_doc_problem(body_doc);
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  if image_path is not null and not private.are_event_image_paths(array[image_path]) then
    raise exception 'The image could not be used. Please upload it again.' using errcode = '22023';
  end if;
  if image_path is not null and (image_alt is null or not private.is_image_alt(image_alt)) then
    raise exception 'Please describe the image in 1 to 200 characters (its alt text).' using errcode = '22023';
  end if;
  select * into trip from public.events e where e.id = check_event_update.event_id;
  if trip.id is null then
    raise exception 'No such event.' using errcode = '22023';
  end if;
  return trip;
end
$$;
revoke all on function private.check_event_update(uuid, text, jsonb, text, text, text)
  from public, anon, authenticated;
grant execute on function private.check_event_update(uuid, text, jsonb, text, text, text) to service_role;

-- Every address that consented to trip news (and is not only here as a traveller) gets its unsubscribe
-- token before the mail that links to it is written.
create function private.issue_update_unsubscribe_tokens(trip_id uuid, segment text) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into private.unsubscribe_tokens (email)
  select distinct a.email from private.event_update_audience(trip_id, segment) a
  where a.consent and not a.transactional and private.is_email(a.email)
  on conflict (email) do nothing
$$;
revoke all on function private.issue_update_unsubscribe_tokens(uuid, text) from public, anon, authenticated;
grant execute on function private.issue_update_unsubscribe_tokens(uuid, text) to service_role;

-- Queues one message per recipient in the outbox and wakes the sender; answers how many were queued. No
-- company address (nobody to reply to) or a marketing address without a token: nothing is sent.
create function private.queue_event_update_mail(
  trip public.events, segment text, title text, body_text text, body_html text, image_path text, image_alt text
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  settings private.company_settings;
  mails integer;
begin
  select * into settings from private.company_settings;
  perform private.issue_update_unsubscribe_tokens(trip.id, segment);
  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body, list_unsubscribe)
  select r.email, settings.contact_email, m.subject, m.body, m.html_body, m.list_unsubscribe
  from private.event_update_recipients(trip.id, segment) r
  left join private.unsubscribe_tokens t on t.email = r.email
  cross join lateral private.event_update_message(settings, trip.title, title, body_text, body_html,
    image_path, image_alt, r.transactional, case when r.transactional then null else t.token end) m
  where settings.contact_email is not null and (r.transactional or t.token is not null);
  get diagnostics mails = row_count;
  if mails > 0 then
    perform pg_notify('outbound_mail', '');
  end if;
  return mails;
end
$$;
revoke all on function private.queue_event_update_mail(public.events, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function private.queue_event_update_mail(public.events, text, text, text, text, text, text)
  to service_role;

-- Writes the update itself: its readers in the app follow from its segment (the select policy on
-- event_updates), so the row is the in-app notice; the reach is recorded beside it for the history.
create function private.record_event_update(
  trip_id uuid, title text, body_text text, body_doc jsonb, image_path text, image_alt text, segment text,
  members integer, mails integer
) returns uuid
language sql volatile security definer set search_path = ''
as $$
  insert into public.event_updates
    (event_id, title, body, body_doc, image_path, image_alt, segment, in_app_count, email_count)
  values (trip_id, title, body_text, body_doc, image_path, image_alt, segment, members, mails)
  returning id
$$;
revoke all on function private.record_event_update(uuid, text, text, jsonb, text, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function private.record_event_update(uuid, text, text, jsonb, text, text, text, integer, integer)
  to service_role;

-- Sends an update: checks the caller and the fields, queues one e-mail per address (text and HTML), writes
-- the update (its readers follow from its segment) and returns { id, in_app, email }. Who gets it:
-- decision 0040.
create or replace function public.send_event_update(
  event_id uuid, title text, body_doc jsonb, segment text, image_path text default null, image_alt text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  alt text := case when send_event_update.image_path is null then null else send_event_update.image_alt end;
  trip public.events;
  body_text text;
  members integer;
  mails integer;
  new_id uuid;
begin
  trip := private.check_event_update(send_event_update.event_id, send_event_update.title,
    send_event_update.body_doc, send_event_update.segment, send_event_update.image_path, alt);
  body_text := private.update_doc_text(send_event_update.body_doc);
  members := private.event_update_member_count(trip.id, send_event_update.segment);
  mails := private.queue_event_update_mail(trip, send_event_update.segment, send_event_update.title, body_text,
    private.update_node_html(send_event_update.body_doc), send_event_update.image_path, alt);
  new_id := private.record_event_update(trip.id, send_event_update.title, body_text, send_event_update.body_doc,
    send_event_update.image_path, alt, send_event_update.segment, members, mails);
  return jsonb_build_object('id', new_id, 'in_app', members, 'email', mails);
end
$$;
revoke all on function public.send_event_update(uuid, text, jsonb, text, text, text) from public, anon;
grant execute on function public.send_event_update(uuid, text, jsonb, text, text, text)
  to authenticated, service_role;
