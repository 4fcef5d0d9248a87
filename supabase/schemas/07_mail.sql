-- The company mail outbox, company settings, the e-mails enquiries send, consent lines and unsubscribe.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261124100001_marketing_consent:
--   Spam Act 2003: marketing e-mail goes only to people who ticked a box for it, we can show when they did,
--   and every such e-mail can be unsubscribed from. Consent lives on the member's profile and on each waitlist
--   entry and interest registration (a visitor without an account consents there). Its time is stamped here,
--   never sent by a client. See docs/decisions/0018-forms-outbox-and-consent.md.
-- 20261124100002_company_mail_outbox:
--   Every waitlist entry, interest registration and contact message reaches the company by e-mail. The
--   rules and the copy live here: an insert queues a message in a transactional outbox (so a message exists
--   exactly when the row does), and a sender only delivers what is queued and records the outcome. Locally
--   that sender is supabase/local/src/mail/outbox.ts; hosted Supabase needs its own (decision 0018).
-- 20261128100003_send_rich_event_updates:
--   Sending a rich event update (issue 11, decision 0043): the outbox gains an optional HTML part (the stack's
--   sender then sends multipart/alternative: the text part and the HTML part), and send_event_update takes
--   the editor's document and an optional image with its alt text instead of plain text. The audience and
--   consent rules are decision 0040's, unchanged.
-- 20261128500001_one_click_unsubscribe:
--   RFC 8058 one-click unsubscribe for event-update e-mails (issue 11, decision 0047). The database writes
--   the List-Unsubscribe target, so it must know where the project's API (and its Edge Functions) answer:
--   `api_url` beside `site_url`. Marketing messages carry the target in `list_unsubscribe`, the sender turns it
--   into the List-Unsubscribe and List-Unsubscribe-Post headers. With the API's origin known, the HTML part
--   also shows the update's image by its public Storage URL (amends decision 0043).
-- 20261129700001_confirm_marketing_consent:
--   Trip news by double opt-in (issue 19, decision 0059). Anyone could type a stranger's address into a
--   form with the box ticked, and the stranger then received marketing, but the Spam Act needs the consent
--   of the address's holder. Now a ticked box asks the address to confirm (one e-mail with a link, at most
--   one a day per address), and marketing goes only to confirmed addresses. A member proves their address
--   by confirming their account, or by being signed in when they turn trip news on. Consent collected by
--   the old forms is kept as it was but counts only once confirmed; nobody is e-mailed about it.

-- ---------------------------------------------------------------- private.company_settings

-- One row: where the company's mail goes and what the site is called. Never readable through the API.
-- Columns, as the migrations explain them:
--   site_url: The public site's origin, for links in e-mail (unsubscribe); no trailing slash.
CREATE TABLE private.company_settings (
    id boolean DEFAULT true NOT NULL,
    contact_email text NOT NULL,
    brand_name text NOT NULL,
    site_url text NOT NULL,
    api_url text DEFAULT 'http://127.0.0.1:54321'::text NOT NULL,
    CONSTRAINT company_settings_api_url_check CHECK ((api_url ~ '^https?://[^/[:space:]]+$'::text)),
    CONSTRAINT company_settings_brand_name_check CHECK (((btrim(brand_name) <> ''::text) AND (char_length(brand_name) <= 120))),
    CONSTRAINT company_settings_contact_email_check CHECK (private.is_email(contact_email)),
    CONSTRAINT company_settings_id_check CHECK (id),
    CONSTRAINT company_settings_site_url_check CHECK ((site_url ~ '^https?://[^/[:space:]]+$'::text))
);

COMMENT ON TABLE private.company_settings IS 'The company''s address for enquiries and the site''s origin. Hosted: update this row after db push.';

COMMENT ON COLUMN private.company_settings.api_url IS 'The project API''s public origin (SUPABASE_URL), no trailing slash: Edge Function and Storage links in mail.';

ALTER TABLE ONLY private.company_settings
    ADD CONSTRAINT company_settings_pkey PRIMARY KEY (id);

ALTER TABLE private.company_settings ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.company_settings TO service_role;

-- The one row of company settings: the sample content's contact address (studio/data/production.ndjson) and
-- the local site. Hosted: update this row after db push.
INSERT INTO private.company_settings (id, contact_email, brand_name, site_url, api_url)
VALUES (true, 'hello@hauntedhorizons.com.au', 'Haunted Horizons', 'http://localhost:4321', 'http://127.0.0.1:54321');

-- private.company_settings: its functions

-- Queues one message to the company; wakes the sender (NOTIFY is sent only if the transaction commits).
CREATE FUNCTION private.queue_company_mail(subject text, lines text[], reply_to text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.queue_company_mail(subject text, lines text[], reply_to text) FROM PUBLIC;

-- The link for the foot of every marketing e-mail to `address` (decision 0018 says how it is used). In the
-- API for whatever sends marketing mail with the service role key; visitors and members may not call it.
CREATE FUNCTION public.unsubscribe_url(address text) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.site_url || '/unsubscribe?token=' || private.unsubscribe_token(address)
  from private.company_settings s
$$;

REVOKE ALL ON FUNCTION public.unsubscribe_url(address text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.unsubscribe_url(address text) TO service_role;

-- How an e-mail greets a person: their first name, or 'there' when they gave none ("Hello there,").
CREATE FUNCTION private.mail_greeting(full_name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(nullif(split_part(full_name, ' ', 1), ''), 'there')
$$;

REVOKE ALL ON FUNCTION private.mail_greeting(full_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_greeting(full_name text) TO service_role;

-- Where a member's e-mail goes and how it greets them: their sign-in address (null when it is not one we
-- can send to, or the member is gone) and their greeting.
CREATE FUNCTION private.mail_recipient(p_user_id uuid, OUT email text, OUT greeting text) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when private.is_email(u.email) then u.email::text end, private.mail_greeting(p.full_name)
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = p_user_id
$$;

REVOKE ALL ON FUNCTION private.mail_recipient(p_user_id uuid, OUT email text, OUT greeting text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_recipient(p_user_id uuid, OUT email text, OUT greeting text) TO service_role;

-- ---------------------------------------------------------------- private.outbound_mail

-- Columns, as the migrations explain them:
--   attempts: Delivery: attempts so far, when the next may start, the last failure, and when it went out.
CREATE TABLE private.outbound_mail (
    id bigint NOT NULL,
    recipient text NOT NULL,
    reply_to text,
    subject text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    sent_at timestamp with time zone,
    html_body text,
    list_unsubscribe text,
    CONSTRAINT outbound_mail_list_unsubscribe_check CHECK ((list_unsubscribe ~ '^https?://[^[:space:]<>,]+$'::text)),
    CONSTRAINT outbound_mail_recipient_check CHECK (private.is_email(recipient)),
    CONSTRAINT outbound_mail_reply_to_check CHECK (((reply_to IS NULL) OR private.is_email(reply_to))),
    CONSTRAINT outbound_mail_subject_check CHECK ((char_length(subject) <= 300))
);

COMMENT ON TABLE private.outbound_mail IS 'Mail waiting for the sender: queued by triggers, delivered and marked by the stack (or a hosted job).';

COMMENT ON COLUMN private.outbound_mail.html_body IS 'The message as HTML, sent beside the text part (multipart/alternative); null: text only.';

COMMENT ON COLUMN private.outbound_mail.list_unsubscribe IS 'RFC 8058 one-click target (List-Unsubscribe + List-Unsubscribe-Post); null: not marketing mail.';

ALTER TABLE private.outbound_mail ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME private.outbound_mail_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY private.outbound_mail
    ADD CONSTRAINT outbound_mail_pkey PRIMARY KEY (id);

CREATE INDEX outbound_mail_pending_idx ON private.outbound_mail USING btree (next_attempt_at) WHERE (sent_at IS NULL);

ALTER TABLE private.outbound_mail ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.outbound_mail TO service_role;

-- private.outbound_mail: its functions

-- for the sender:

-- Takes up to `max_rows` messages that are due, counts the attempt and pushes the next one back (1, 2, 4 …
-- minutes), so a sender that dies mid-way retries later and two senders never take the same row.
CREATE FUNCTION private.claim_outbound_mail(max_rows integer DEFAULT 10) RETURNS TABLE(id bigint, recipient text, reply_to text, subject text, body text, html_body text, list_unsubscribe text)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION private.claim_outbound_mail(max_rows integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.claim_outbound_mail(max_rows integer) TO service_role;

CREATE FUNCTION private.outbound_mail_failed(mail_id bigint, error text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update private.outbound_mail set last_error = left(coalesce(error, 'unknown error'), 1000) where id = mail_id
$$;

REVOKE ALL ON FUNCTION private.outbound_mail_failed(mail_id bigint, error text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.outbound_mail_failed(mail_id bigint, error text) TO service_role;

CREATE FUNCTION private.outbound_mail_sent(mail_id bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update private.outbound_mail set sent_at = now(), last_error = null where id = mail_id
$$;

REVOKE ALL ON FUNCTION private.outbound_mail_sent(mail_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.outbound_mail_sent(mail_id bigint) TO service_role;

-- for the sender on hosted Supabase (supabase/functions/send-mail, with the service-role key, through the
-- API): the same three calls in the exposed schema. Nobody else may call them.

CREATE FUNCTION public.claim_outbound_mail(max_rows integer DEFAULT 10) RETURNS TABLE(id bigint, recipient text, reply_to text, subject text, body text, html_body text, list_unsubscribe text)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select * from private.claim_outbound_mail(max_rows)
$$;

REVOKE ALL ON FUNCTION public.claim_outbound_mail(max_rows integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.claim_outbound_mail(max_rows integer) FROM anon, authenticated;
GRANT ALL ON FUNCTION public.claim_outbound_mail(max_rows integer) TO service_role;

CREATE FUNCTION public.outbound_mail_failed(mail_id bigint, error text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.outbound_mail_failed(mail_id, error)
$$;

REVOKE ALL ON FUNCTION public.outbound_mail_failed(mail_id bigint, error text) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.outbound_mail_failed(mail_id bigint, error text) FROM anon, authenticated;
GRANT ALL ON FUNCTION public.outbound_mail_failed(mail_id bigint, error text) TO service_role;

CREATE FUNCTION public.outbound_mail_sent(mail_id bigint) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.outbound_mail_sent(mail_id)
$$;

REVOKE ALL ON FUNCTION public.outbound_mail_sent(mail_id bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.outbound_mail_sent(mail_id bigint) FROM anon, authenticated;
GRANT ALL ON FUNCTION public.outbound_mail_sent(mail_id bigint) TO service_role;

-- ---------------------------------------------------------------- private.unsubscribe_tokens

-- One secret token per address (lower case): the unsubscribe link of every marketing e-mail to it. The
-- token is 64 hex characters from two random UUIDs (244 random bits; pgcrypto is not needed).
CREATE TABLE private.unsubscribe_tokens (
    email text NOT NULL,
    token text DEFAULT replace(((gen_random_uuid())::text || (gen_random_uuid())::text), '-'::text, ''::text) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT unsubscribe_tokens_email_check CHECK (((email = lower(email)) AND private.is_email(email))),
    CONSTRAINT unsubscribe_tokens_token_check CHECK ((token ~ '^[0-9a-f]{64}$'::text))
);

COMMENT ON TABLE private.unsubscribe_tokens IS 'The secret in each address''s unsubscribe link; read only by the security-definer functions below.';

ALTER TABLE ONLY private.unsubscribe_tokens
    ADD CONSTRAINT unsubscribe_tokens_pkey PRIMARY KEY (email);

ALTER TABLE ONLY private.unsubscribe_tokens
    ADD CONSTRAINT unsubscribe_tokens_token_key UNIQUE (token);

ALTER TABLE private.unsubscribe_tokens ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.unsubscribe_tokens TO service_role;

-- private.unsubscribe_tokens: its functions

-- The address's token, made on first use. For whatever sends marketing e-mail (service role only).
CREATE FUNCTION private.unsubscribe_token(address text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  wanted text := lower(btrim(address));
  found text;
begin
  insert into private.unsubscribe_tokens (email) values (wanted) on conflict (email) do nothing;
  select t.token into found from private.unsubscribe_tokens t where t.email = wanted;
  return found;
end
$$;

REVOKE ALL ON FUNCTION private.unsubscribe_token(address text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.unsubscribe_token(address text) TO service_role;

-- Stops marketing e-mail to the address the token belongs to, everywhere we hold consent: the member's
-- profile (through the account's e-mail), waitlist entries and interest registrations, and the address's
-- confirmation of trip news (a later tick asks it to confirm again). The answer is
-- 'unsubscribed' (also when nothing was ticked: the link works twice) or 'invalid' for an unknown token;
-- it names no address, so a token guessed or forwarded tells nobody whose it is.
CREATE FUNCTION public.unsubscribe(token text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  address text;
begin
  if unsubscribe.token is null or unsubscribe.token !~ '^[0-9a-f]{64}$' then
    return 'invalid';
  end if;
  select t.email into address from private.unsubscribe_tokens t where t.token = unsubscribe.token;
  if address is null then
    return 'invalid';
  end if;
  update public.profiles p set marketing_consent = false
  where p.marketing_consent and p.id in (select u.id from auth.users u where lower(u.email) = address);
  update public.waitlist_submissions w set marketing_consent = false
  where w.marketing_consent and lower(w.email) = address;
  update public.interest_registrations i set marketing_consent = false
  where i.marketing_consent and lower(i.email) = address;
  perform private.withdraw_marketing_confirmation(address);
  return 'unsubscribed';
end
$_$;

REVOKE ALL ON FUNCTION public.unsubscribe(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.unsubscribe(token text) TO service_role;
GRANT ALL ON FUNCTION public.unsubscribe(token text) TO anon;
GRANT ALL ON FUNCTION public.unsubscribe(token text) TO authenticated;

-- ---------------------------------------------------------------- private.marketing_confirmations

-- Trip news by double opt-in (decision 0059): one row per address (lower case) that was asked to confirm
-- or has confirmed. Marketing e-mail goes only to an address with confirmed_at set, and only where a form
-- or the member's profile also holds its consent. token is the secret of the latest confirmation link,
-- valid for private.marketing_confirmation_lifetime() from requested_at; confirmed_how says how the holder
-- proved the address: 'link' (the e-mailed link) or 'account' (a confirmed account, signed in).
CREATE TABLE private.marketing_confirmations (
    email text NOT NULL,
    token text,
    requested_at timestamp with time zone,
    confirmed_at timestamp with time zone,
    confirmed_how text,
    CONSTRAINT marketing_confirmations_confirmed_how_check CHECK (((confirmed_at IS NULL) = (confirmed_how IS NULL)) AND ((confirmed_how IS NULL) OR (confirmed_how = ANY (ARRAY['link'::text, 'account'::text])))),
    CONSTRAINT marketing_confirmations_email_check CHECK (((email = lower(email)) AND private.is_email(email))),
    CONSTRAINT marketing_confirmations_token_check CHECK ((token ~ '^[0-9a-f]{64}$'::text))
);

COMMENT ON TABLE private.marketing_confirmations IS 'Addresses asked to confirm trip news, and those whose holder did (decision 0059). Read only by the security-definer functions below.';

ALTER TABLE ONLY private.marketing_confirmations
    ADD CONSTRAINT marketing_confirmations_pkey PRIMARY KEY (email);

ALTER TABLE ONLY private.marketing_confirmations
    ADD CONSTRAINT marketing_confirmations_token_key UNIQUE (token);

ALTER TABLE private.marketing_confirmations ENABLE ROW LEVEL SECURITY;

GRANT ALL ON TABLE private.marketing_confirmations TO service_role;

-- private.marketing_confirmations: its functions

-- How long a confirmation link works after it was sent.
CREATE FUNCTION private.marketing_confirmation_lifetime() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '7 days' $$;

-- How often one address may be sent a confirmation e-mail, however often its box is ticked.
CREATE FUNCTION private.marketing_confirmation_interval() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select interval '1 day' $$;

-- Asks the address's holder to confirm trip news: one e-mail with a new link, unless the address is
-- confirmed already or was sent one within private.marketing_confirmation_interval() (ticking again, or a
-- stranger ticking it many times, sends no flood). The message holds no marketing: only the question.
CREATE FUNCTION private.request_marketing_confirmation(address text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  wanted text := lower(btrim(address));
  settings private.company_settings;
  link_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  select * into settings from private.company_settings;
  if settings is null or wanted is null or not coalesce(private.is_email(wanted), false) then
    return;
  end if;
  insert into private.marketing_confirmations (email) values (wanted) on conflict (email) do nothing;
  -- The row lock makes two forms sent at once send one message.
  update private.marketing_confirmations c
  set token = link_token, requested_at = now()
  where c.email = wanted and c.confirmed_at is null
    and (c.requested_at is null or c.requested_at <= now() - private.marketing_confirmation_interval());
  if not found then
    return;
  end if;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  values (
    wanted,
    settings.contact_email,
    'Please confirm trip news from ' || settings.brand_name,
    'Hello,' || E'\n\n'
      || 'Someone, we hope you, asked for news about trips and offers from ' || settings.brand_name
      || ' to be sent to this address.' || E'\n\n'
      || 'To confirm, open this link and press "Confirm trip news":' || E'\n'
      || settings.site_url || '/confirm-subscription?token=' || link_token || E'\n\n'
      || 'The link works for 7 days. If you didn''t ask, ignore this e-mail: we won''t send you trip news.'
      || E'\n\n-- \n' || settings.brand_name
  );
  perform pg_notify('outbound_mail', '');
end
$$;

REVOKE ALL ON FUNCTION private.request_marketing_confirmation(address text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.request_marketing_confirmation(address text) FROM anon;
REVOKE ALL ON FUNCTION private.request_marketing_confirmation(address text) FROM authenticated;
GRANT ALL ON FUNCTION private.request_marketing_confirmation(address text) TO service_role;

-- Confirms an address its holder proved by their account (confirmed, and signed in or just confirmed).
CREATE FUNCTION private.confirm_marketing_address(address text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into private.marketing_confirmations (email, confirmed_at, confirmed_how)
  values (lower(btrim(address)), now(), 'account')
  on conflict (email) do update set confirmed_at = now(), confirmed_how = 'account'
  where private.marketing_confirmations.confirmed_at is null
$$;

REVOKE ALL ON FUNCTION private.confirm_marketing_address(address text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.confirm_marketing_address(address text) FROM anon;
REVOKE ALL ON FUNCTION private.confirm_marketing_address(address text) FROM authenticated;
GRANT ALL ON FUNCTION private.confirm_marketing_address(address text) TO service_role;

-- Withdraws the address's confirmation (an unsubscribe, or a member turning trip news off): its consents
-- stop counting, and any link still out stops working. requested_at stays, so the daily limit still holds.
CREATE FUNCTION private.withdraw_marketing_confirmation(address text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update private.marketing_confirmations c set confirmed_at = null, confirmed_how = null, token = null
  where c.email = lower(btrim(address))
$$;

REVOKE ALL ON FUNCTION private.withdraw_marketing_confirmation(address text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.withdraw_marketing_confirmation(address text) FROM anon;
REVOKE ALL ON FUNCTION private.withdraw_marketing_confirmation(address text) FROM authenticated;
GRANT ALL ON FUNCTION private.withdraw_marketing_confirmation(address text) TO service_role;

-- The confirmation link's button (/confirm-subscription?token=…), callable by anyone holding a token:
-- 'confirmed' with the address (the link was mailed to it), 'already' for a link used before, 'expired'
-- after the link's lifetime, 'invalid' for an unknown or malformed token. Only the first names the
-- address: a used or expired link may have been forwarded.
CREATE FUNCTION public.confirm_marketing_consent(token text) RETURNS TABLE(outcome text, email text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  found_row private.marketing_confirmations;
begin
  if confirm_marketing_consent.token is null or confirm_marketing_consent.token !~ '^[0-9a-f]{64}$' then
    return query select 'invalid'::text, null::text;
    return;
  end if;
  select c.* into found_row from private.marketing_confirmations c
  where c.token = confirm_marketing_consent.token for update;
  if found_row.email is null then
    return query select 'invalid'::text, null::text;
  elsif found_row.confirmed_at is not null then
    return query select 'already'::text, null::text;
  elsif found_row.requested_at <= now() - private.marketing_confirmation_lifetime() then
    return query select 'expired'::text, null::text;
  else
    update private.marketing_confirmations c set confirmed_at = now(), confirmed_how = 'link'
    where c.email = found_row.email;
    return query select 'confirmed'::text, found_row.email;
  end if;
end
$_$;

REVOKE ALL ON FUNCTION public.confirm_marketing_consent(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.confirm_marketing_consent(token text) TO service_role;
GRANT ALL ON FUNCTION public.confirm_marketing_consent(token text) TO anon;
GRANT ALL ON FUNCTION public.confirm_marketing_consent(token text) TO authenticated;

-- A ticked box on the waitlist or interest form (or an admin ticking it later) asks the address to confirm;
-- a signed-in member ticking it for their own (confirmed) account address has proven it: confirmed at once.
CREATE FUNCTION private.ask_to_confirm_marketing() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller auth.users;
begin
  if new.marketing_consent and (tg_op = 'INSERT' or not old.marketing_consent) then
    select u.* into caller from auth.users u where u.id = auth.uid();
    if caller.email_confirmed_at is not null and lower(caller.email) = lower(btrim(new.email)) then
      perform private.confirm_marketing_address(caller.email);
    else
      perform private.request_marketing_confirmation(new.email);
    end if;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.ask_to_confirm_marketing() FROM PUBLIC;

CREATE TRIGGER ask_to_confirm_marketing AFTER INSERT OR UPDATE OF marketing_consent ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.ask_to_confirm_marketing();

CREATE TRIGGER ask_to_confirm_marketing AFTER INSERT OR UPDATE OF marketing_consent ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.ask_to_confirm_marketing();

-- A member's trip news. Turned on by the member, signed in (their JWT names them), or by the service role
-- or an operator, with the account's e-mail confirmed: the address is proven, so it is confirmed at once.
-- Turned on by someone else (an admin): the address is asked to confirm. Turned on at sign-up, before the
-- e-mail is confirmed: nothing yet, the account's confirmation does it (below). Turned off: withdrawn.
CREATE FUNCTION private.confirm_member_marketing() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  account auth.users;
begin
  select u.* into account from auth.users u where u.id = new.id;
  if account.email is null then
    return null;
  end if;
  if new.marketing_consent and (tg_op = 'INSERT' or not old.marketing_consent) then
    if account.email_confirmed_at is null then
      return null;
    elsif coalesce(auth.role(), '') in ('anon', 'authenticated') and auth.uid() is distinct from new.id then
      perform private.request_marketing_confirmation(account.email);
    else
      perform private.confirm_marketing_address(account.email);
    end if;
  elsif tg_op = 'UPDATE' and old.marketing_consent and not new.marketing_consent then
    perform private.withdraw_marketing_confirmation(account.email);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.confirm_member_marketing() FROM PUBLIC;

CREATE TRIGGER confirm_member_marketing AFTER INSERT OR UPDATE OF marketing_consent ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.confirm_member_marketing();

-- Confirming the account's e-mail (sign-up's link, or a confirmed change of address) proves the address:
-- a member whose trip news is on is confirmed for it, with no second e-mail.
CREATE FUNCTION private.confirm_member_marketing_by_email() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.profiles p where p.id = new.id and p.marketing_consent) then
    perform private.confirm_marketing_address(new.email);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.confirm_member_marketing_by_email() FROM PUBLIC;

CREATE TRIGGER on_auth_user_confirmed_confirm_marketing AFTER UPDATE OF email, email_confirmed_at ON auth.users FOR EACH ROW WHEN (((new.email_confirmed_at IS NOT NULL) AND (new.email IS NOT NULL) AND ((old.email_confirmed_at IS NULL) OR (new.email IS DISTINCT FROM old.email)))) EXECUTE FUNCTION private.confirm_member_marketing_by_email();

-- ---------------------------------------------------------------- what each form sends

CREATE FUNCTION private.mail_consent_line(consent boolean) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 'Trip news by e-mail: ' || case when consent then 'yes' else 'no' end
$$;

CREATE FUNCTION private.mail_contact_message() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE TRIGGER mail_company AFTER INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.mail_contact_message();

CREATE FUNCTION private.mail_interest_registration() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE TRIGGER mail_company AFTER INSERT ON public.interest_registrations FOR EACH ROW EXECUTE FUNCTION private.mail_interest_registration();

-- A line of the message: empty values read 'not given'; control characters other than newlines go.
CREATE FUNCTION private.mail_line(label text, value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select label || ': ' || coalesce(
    nullif(btrim(regexp_replace(value, '[\u0001-\u0009\u000B-\u001F\u007F]', '', 'g')), ''),
    'not given')
$$;

CREATE FUNCTION private.mail_waitlist_submission() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE TRIGGER mail_company AFTER INSERT ON public.waitlist_submissions FOR EACH ROW EXECUTE FUNCTION private.mail_waitlist_submission();

-- After this many failed attempts a message stays in the table, unsent, for someone to look at.
CREATE FUNCTION private.outbound_mail_max_attempts() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 8 $$;
