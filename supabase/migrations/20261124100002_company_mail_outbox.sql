-- Every waitlist entry, interest registration and contact message reaches the company by e-mail. The
-- rules and the copy live here: an insert queues a message in a transactional outbox (so a message exists
-- exactly when the row does), and a sender only delivers what is queued and records the outcome. Locally
-- that sender is supabase/local/src/mail/outbox.ts; hosted Supabase needs its own (decision 0018).

-- ---------------------------------------------------------------- the company

-- One row: where the company's mail goes and what the site is called. Never readable through the API.
create table private.company_settings (
  id boolean primary key default true check (id),
  contact_email text not null check (private.is_email(contact_email)),
  brand_name text not null check (btrim(brand_name) <> '' and char_length(brand_name) <= 120),
  -- The public site's origin, for links in e-mail (unsubscribe); no trailing slash.
  site_url text not null check (site_url ~ '^https?://[^/[:space:]]+$')
);
comment on table private.company_settings is
  'The company''s address for enquiries and the site''s origin. Hosted: update this row after db push.';
alter table private.company_settings enable row level security;
revoke all on table private.company_settings from public, anon, authenticated;
grant all on table private.company_settings to service_role;

-- The sample content's contact address (studio/data/production.ndjson) and the local site.
insert into private.company_settings (contact_email, brand_name, site_url)
values ('hello@hauntedhorizons.com.au', 'Haunted Horizons', 'http://localhost:4321');

-- The link for the foot of every marketing e-mail to `address` (decision 0018 says how it is used). In the
-- API for whatever sends marketing mail with the service role key; visitors and members may not call it.
create function public.unsubscribe_url(address text) returns text
language sql volatile security definer set search_path = ''
as $$
  select s.site_url || '/unsubscribe?token=' || private.unsubscribe_token(address)
  from private.company_settings s
$$;
revoke all on function public.unsubscribe_url(text) from public, anon, authenticated;
grant execute on function public.unsubscribe_url(text) to service_role;

-- ---------------------------------------------------------------- the outbox

create table private.outbound_mail (
  id bigint generated always as identity primary key,
  recipient text not null check (private.is_email(recipient)),
  reply_to text check (reply_to is null or private.is_email(reply_to)),
  subject text not null check (char_length(subject) <= 300),
  body text not null,
  created_at timestamptz not null default now(),
  -- Delivery: attempts so far, when the next may start, the last failure, and when it went out.
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz
);
comment on table private.outbound_mail is
  'Mail waiting for the sender: queued by triggers, delivered and marked by the stack (or a hosted job).';
alter table private.outbound_mail enable row level security;
create index outbound_mail_pending_idx on private.outbound_mail (next_attempt_at) where sent_at is null;
revoke all on table private.outbound_mail from public, anon, authenticated;
grant all on table private.outbound_mail to service_role;

-- After this many failed attempts a message stays in the table, unsent, for someone to look at.
create function private.outbound_mail_max_attempts() returns integer
language sql immutable set search_path = ''
as $$ select 8 $$;

-- A line of the message: empty values read 'not given'; control characters other than newlines go.
create function private.mail_line(label text, value text) returns text
language sql immutable set search_path = ''
as $$
  select label || ': ' || coalesce(
    nullif(btrim(regexp_replace(value, '[\u0001-\u0009\u000B-\u001F\u007F]', '', 'g')), ''),
    'not given')
$$;

-- Queues one message to the company; wakes the sender (NOTIFY is sent only if the transaction commits).
create function private.queue_company_mail(subject text, lines text[], reply_to text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.company_settings;
begin
  select * into settings from private.company_settings;
  if settings is null then
    return;
  end if;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (
    settings.contact_email,
    reply_to,
    left(regexp_replace(queue_company_mail.subject, '[[:cntrl:]]+', ' ', 'g'), 300),
    array_to_string(lines, E'\n')
      || E'\n\nReply to this e-mail to answer them.\n-- \n'
      || settings.brand_name || ' website'
  );
  perform pg_notify('outbound_mail', '');
end
$$;
revoke all on function private.queue_company_mail(text, text[], text) from public;

create function private.mail_consent_line(consent boolean) returns text
language sql immutable set search_path = ''
as $$
  select 'Trip news by e-mail: ' || case when consent then 'yes' else 'no' end
$$;

-- ---------------------------------------------------------------- what each form sends

create function private.mail_waitlist_submission() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_company_mail(
    'Waitlist: ' || new.full_name || ' for ' || new.event_name,
    array[
      'Someone joined the waitlist for ' || new.event_name || '.',
      '',
      private.mail_line('Name', new.full_name),
      private.mail_line('E-mail', new.email),
      private.mail_line('Phone', new.phone),
      private.mail_line('Notes', new.notes),
      private.mail_consent_line(new.marketing_consent)
    ],
    new.email
  );
  return null;
end
$$;

create function private.mail_interest_registration() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_company_mail(
    'Interest: ' || new.full_name || ' in ' || new.event_name,
    array[
      'Someone registered interest in ' || new.event_name || '.',
      '',
      private.mail_line('Name', new.full_name),
      private.mail_line('E-mail', new.email),
      private.mail_line('Phone', new.phone),
      private.mail_line('Message', new.message),
      private.mail_consent_line(new.marketing_consent)
    ],
    new.email
  );
  return null;
end
$$;

create function private.mail_contact_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.queue_company_mail(
    'Contact message from ' || new.full_name,
    array[
      'A message from the contact form.',
      '',
      private.mail_line('Name', new.full_name),
      private.mail_line('E-mail', new.email),
      private.mail_line('Phone', new.phone),
      '',
      new.message
    ],
    new.email
  );
  return null;
end
$$;

create trigger mail_company
  after insert on public.waitlist_submissions
  for each row execute function private.mail_waitlist_submission();
create trigger mail_company
  after insert on public.interest_registrations
  for each row execute function private.mail_interest_registration();
create trigger mail_company
  after insert on public.contact_messages
  for each row execute function private.mail_contact_message();

-- ---------------------------------------------------------------- for the sender

-- Takes up to `max_rows` messages that are due, counts the attempt and pushes the next one back (1, 2, 4 …
-- minutes), so a sender that dies mid-way retries later and two senders never take the same row.
create function private.claim_outbound_mail(max_rows integer default 10)
returns table (id bigint, recipient text, reply_to text, subject text, body text)
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
  returning m.id, m.recipient, m.reply_to, m.subject, m.body
$$;

create function private.outbound_mail_sent(mail_id bigint) returns void
language sql volatile security definer set search_path = ''
as $$
  update private.outbound_mail set sent_at = now(), last_error = null where id = mail_id
$$;

create function private.outbound_mail_failed(mail_id bigint, error text) returns void
language sql volatile security definer set search_path = ''
as $$
  update private.outbound_mail set last_error = left(coalesce(error, 'unknown error'), 1000) where id = mail_id
$$;

revoke all on function private.claim_outbound_mail(integer), private.outbound_mail_sent(bigint),
  private.outbound_mail_failed(bigint, text) from public;
grant execute on function private.claim_outbound_mail(integer), private.outbound_mail_sent(bigint),
  private.outbound_mail_failed(bigint, text) to service_role;
