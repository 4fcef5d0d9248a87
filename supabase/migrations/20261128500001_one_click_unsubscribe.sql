-- RFC 8058 one-click unsubscribe for event-update e-mails (issue 11, decision 0047). The database writes
-- the List-Unsubscribe target, so it must know where the project's API (and its Edge Functions) answer:
-- `api_url` beside `site_url`. Marketing messages carry the target in `list_unsubscribe`, the sender turns it
-- into the List-Unsubscribe and List-Unsubscribe-Post headers. With the API's origin known, the HTML part
-- also shows the update's image by its public Storage URL (amends decision 0043).

-- ---------------------------------------------------------------- where the API answers

alter table private.company_settings
  add column api_url text not null default 'http://127.0.0.1:54321'
    check (api_url ~ '^https?://[^/[:space:]]+$');
comment on column private.company_settings.api_url is
  'The project API''s public origin (SUPABASE_URL), no trailing slash: Edge Function and Storage links in mail.';

-- ---------------------------------------------------------------- the outbox's header

alter table private.outbound_mail
  add column list_unsubscribe text check (list_unsubscribe ~ '^https?://[^[:space:]<>,]+$');
comment on column private.outbound_mail.list_unsubscribe is
  'RFC 8058 one-click target (List-Unsubscribe + List-Unsubscribe-Post); null: not marketing mail.';

drop function private.claim_outbound_mail(integer);
create function private.claim_outbound_mail(max_rows integer default 10)
returns table (
  id bigint, recipient text, reply_to text, subject text, body text, html_body text, list_unsubscribe text
)
language sql volatile security definer set search_path = ''
as $$
  update private.outbound_mail m
  set attempts = m.attempts + 1,
      next_attempt_at = now() + interval '1 minute' * power(2, m.attempts)
  where m.id in (
    select d.id from private.outbound_mail d
    where d.sent_at is null and d.next_attempt_at <= now()
      and d.attempts < private.outbound_mail_max_attempts()
    order by d.id
    limit greatest(1, least(max_rows, 100))
    for update skip locked
  )
  returning m.id, m.recipient, m.reply_to, m.subject, m.body, m.html_body, m.list_unsubscribe
$$;
revoke all on function private.claim_outbound_mail(integer) from public;
grant execute on function private.claim_outbound_mail(integer) to service_role;

-- ---------------------------------------------------------------- the e-mail's HTML

-- As 20261128100003's, but the image is shown (by its public Storage URL, with its alt text) instead of
-- linked to the page. Everything from people is escaped; body_html is the renderer's own.
drop function private.update_mail_html(text, text, text, text, text, text);
create function private.update_mail_html(
  title text, body_html text, image_url text, image_alt text, brand_name text, footer_html text
) returns text
language sql immutable set search_path = ''
as $$
  select '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>'
    || private.html_escape(title) || '</title></head><body style="font-family:sans-serif;line-height:1.5">'
    || '<h1>' || private.html_escape(title) || '</h1>' || body_html
    || case when image_url is null then ''
            else '<p><img src="' || private.html_escape(image_url) || '" alt="' || private.html_escape(image_alt)
                 || '" style="max-width:100%;height:auto"></p>' end
    || '<hr><p>' || private.html_escape(brand_name) || '<br>' || footer_html || '</p></body></html>'
$$;
revoke all on function private.update_mail_html(text, text, text, text, text, text) from public;
grant execute on function private.update_mail_html(text, text, text, text, text, text) to service_role;

-- ---------------------------------------------------------------- sending

-- 20261128100003's send_event_update, same signature and rules; marketing messages now carry the one-click
-- target and the HTML embeds the image.
drop function public.send_event_update(uuid, text, jsonb, text, text, text);


-- Sends an update: checks the caller and the fields, writes the update, queues one e-mail per address (text
-- and HTML) and returns { id, in_app, email }. Who gets it: decision 0040.
create function public.send_event_update(
  event_id uuid, title text, body_doc jsonb, segment text, image_path text default null, image_alt text default null
)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  settings private.company_settings;
  trip public.events;
  problem text;
  body_text text;
  html text;
  alt text := case when send_event_update.image_path is null then null else send_event_update.image_alt end;
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
  problem := private.update_doc_problem(body_doc);
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  if image_path is not null and not private.are_event_image_paths(array[image_path]) then
    raise exception 'The image could not be used. Please upload it again.' using errcode = '22023';
  end if;
  if image_path is not null and (alt is null or not private.is_image_alt(alt)) then
    raise exception 'Please describe the image in 1 to 200 characters (its alt text).' using errcode = '22023';
  end if;
  select * into trip from public.events e where e.id = send_event_update.event_id;
  if trip.id is null then
    raise exception 'No such event.' using errcode = '22023';
  end if;
  select * into settings from private.company_settings;
  body_text := private.update_doc_text(body_doc);
  html := private.update_node_html(body_doc);

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

  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body, list_unsubscribe)
  select r.email, settings.contact_email,
    left(regexp_replace(trip.title || ': ' || send_event_update.title, '[[:cntrl:]]+', ' ', 'g'), 300),
    body_text
      || case when alt is null then ''
              else E'\n\nThis update has a picture (' || alt || '): ' || settings.site_url || '/event-updates' end
      || E'\n\n-- \n' || settings.brand_name || E'\n' || r.reason
      || case when r.unsubscribe is null then '' else ' Unsubscribe: ' || r.unsubscribe end,
    private.update_mail_html(send_event_update.title, html,
      case when alt is null then null
           else settings.api_url || '/storage/v1/object/public/update-images/' || send_event_update.image_path end,
      alt, settings.brand_name,
      private.html_escape(r.reason)
        || case when r.unsubscribe is null then ''
                else ' <a href="' || private.html_escape(r.unsubscribe) || '">Unsubscribe</a>' end),
    -- RFC 8058: marketing mail only; a travellers' notice has no unsubscribe (decision 0047).
    case when r.unsubscribe is null then null
         else settings.api_url || '/functions/v1/unsubscribe-one-click?token=' || r.token end
  from (
    select m.email,
      case when m.transactional then 'You receive this because you are booked on ' || trip.title || '.'
           else 'You receive this because you asked for trip news.' end as reason,
      case when m.transactional then null
           else settings.site_url || '/unsubscribe?token=' || t.token end as unsubscribe,
      m.transactional, t.token
    from (
      select a.email, bool_or(a.transactional) as transactional
      from pg_temp.update_audience a
      where (a.transactional or a.consent) and private.is_email(a.email)
      group by a.email
    ) m
    left join private.unsubscribe_tokens t on t.email = m.email
  ) r
  where settings.contact_email is not null and (r.transactional or r.token is not null);
  get diagnostics mails = row_count;
  if mails > 0 then
    perform pg_notify('outbound_mail', '');
  end if;

  insert into public.event_updates
    (event_id, title, body, body_doc, image_path, image_alt, segment, in_app_count, email_count)
  values (trip.id, send_event_update.title, body_text, send_event_update.body_doc, send_event_update.image_path,
          alt, send_event_update.segment, members, mails)
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'in_app', members, 'email', mails);
end
$$;
revoke all on function public.send_event_update(uuid, text, jsonb, text, text, text) from public, anon;
grant execute on function public.send_event_update(uuid, text, jsonb, text, text, text)
  to authenticated, service_role;
