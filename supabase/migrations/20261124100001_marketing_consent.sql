-- Spam Act 2003: marketing e-mail goes only to people who ticked a box for it, we can show when they did,
-- and every such e-mail can be unsubscribed from. Consent lives on the member's profile and on each waitlist
-- entry and interest registration (a visitor without an account consents there). Its time is stamped here,
-- never sent by a client. See docs/decisions/0018-forms-outbox-and-consent.md.

-- ---------------------------------------------------------------- the columns

alter table public.profiles
  add column marketing_consent boolean not null default false,
  add column marketing_consent_at timestamptz;
alter table public.waitlist_submissions
  add column marketing_consent boolean not null default false,
  add column marketing_consent_at timestamptz;
alter table public.interest_registrations
  add column marketing_consent boolean not null default false,
  add column marketing_consent_at timestamptz;

comment on column public.profiles.marketing_consent is 'Trip news by e-mail (Spam Act): opt-in, unticked by default.';
comment on column public.profiles.marketing_consent_at is
  'When marketing_consent last changed (given or withdrawn); null when it was never given. Set by trigger.';

-- The time of the last change of consent: now() whenever it changes, null while it was never given.
-- Whatever a caller sends for marketing_consent_at is overwritten, so the record cannot be backdated.
create function private.stamp_marketing_consent() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.marketing_consent_at := case when new.marketing_consent then now() end;
  elsif new.marketing_consent is distinct from old.marketing_consent then
    new.marketing_consent_at := now();
  else
    new.marketing_consent_at := old.marketing_consent_at;
  end if;
  return new;
end
$$;

create trigger stamp_marketing_consent
  before insert or update on public.profiles
  for each row execute function private.stamp_marketing_consent();
create trigger stamp_marketing_consent
  before insert or update on public.waitlist_submissions
  for each row execute function private.stamp_marketing_consent();
create trigger stamp_marketing_consent
  before insert or update on public.interest_registrations
  for each row execute function private.stamp_marketing_consent();

-- ---------------------------------------------------------------- who may set it

-- A member changes their own consent (the profiles update policy already limits them to their own row).
grant update (marketing_consent) on table public.profiles to authenticated;
-- A visitor's interest registration carries the box's value.
grant insert (marketing_consent) on table public.interest_registrations to anon, authenticated;

-- Sign-up copies the box from the metadata { full_name, marketing_consent }: only JSON true is consent, so
-- anything else (missing, "yes", a string) leaves it off.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, marketing_consent)
  values (
    new.id,
    private.fit_person_name(new.raw_user_meta_data ->> 'full_name'),
    coalesce(new.raw_user_meta_data -> 'marketing_consent' = 'true'::jsonb, false)
  );
  return new;
end
$$;

-- ---------------------------------------------------------------- joining a waitlist, with consent

-- As in 20261123100001_limit_waitlist_probes.sql, with the consent box. The old signature is dropped, not
-- overloaded: two join_waitlist functions would leave PostgREST unable to choose (PGRST203). An address
-- already on the list keeps its entry as it was: a second submit cannot change someone's consent.
drop function public.join_waitlist(text, text, text, text, text, uuid);

create function public.join_waitlist(
  event_name text,
  full_name text,
  email text,
  phone text default null,
  notes text default null,
  event_id uuid default null,
  marketing_consent boolean default false
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
  insert into public.waitlist_submissions
    (event_name, event_id, full_name, email, phone, notes, marketing_consent)
  values (join_waitlist.event_name, join_waitlist.event_id, join_waitlist.full_name, join_waitlist.email,
          join_waitlist.phone, join_waitlist.notes, coalesce(join_waitlist.marketing_consent, false))
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 1 then
    return 'joined';
  end if;
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
revoke all on function public.join_waitlist(text, text, text, text, text, uuid, boolean) from public;
grant execute on function public.join_waitlist(text, text, text, text, text, uuid, boolean)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- unsubscribing

-- One secret token per address (lower case): the unsubscribe link of every marketing e-mail to it. The
-- token is 64 hex characters from two random UUIDs (244 random bits; pgcrypto is not needed).
create table private.unsubscribe_tokens (
  email text primary key check (email = lower(email) and private.is_email(email)),
  token text not null unique
    default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    check (token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
comment on table private.unsubscribe_tokens is
  'The secret in each address''s unsubscribe link; read only by the security-definer functions below.';
alter table private.unsubscribe_tokens enable row level security;
revoke all on table private.unsubscribe_tokens from public, anon, authenticated;
grant all on table private.unsubscribe_tokens to service_role;

-- The address's token, made on first use. For whatever sends marketing e-mail (service role only).
create function private.unsubscribe_token(address text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  wanted text := lower(btrim(address));
  found text;
begin
  insert into private.unsubscribe_tokens (email) values (wanted) on conflict (email) do nothing;
  select t.token into found from private.unsubscribe_tokens t where t.email = wanted;
  return found;
end
$$;
revoke all on function private.unsubscribe_token(text) from public;
grant execute on function private.unsubscribe_token(text) to service_role;

-- Stops marketing e-mail to the address the token belongs to, everywhere we hold consent: the member's
-- profile (through the account's e-mail), waitlist entries and interest registrations. The answer is
-- 'unsubscribed' (also when nothing was ticked: the link works twice) or 'invalid' for an unknown token;
-- it names no address, so a token guessed or forwarded tells nobody whose it is.
create function public.unsubscribe(token text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
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
  return 'unsubscribed';
end
$$;
revoke all on function public.unsubscribe(text) from public;
grant execute on function public.unsubscribe(text) to anon, authenticated, service_role;
