-- What Supabase's Postgres provides before any migration runs (see docs/decisions/*database*).
-- Run on every start, so every statement is idempotent. Roles are cluster-wide on PostgreSQL and several
-- databases (tests, other stacks) may create them at the same moment, hence the exception handlers.

-- ---------------------------------------------------------------- roles
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role', 'authenticator'] loop
    begin
      if not exists (select 1 from pg_roles where rolname = api_role) then
        execute format('create role %I nologin noinherit', api_role);
      end if;
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
  -- The API's three roles, as on hosted Supabase: only service_role skips row-level security.
  -- Altered only when needed: every test database bootstraps on the same cluster, often at the same moment,
  -- and two ALTER ROLE on one role at once fail with 'tuple concurrently updated'.
  if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    alter role service_role bypassrls;
  end if;
  if not (select rolcanlogin from pg_roles where rolname = 'authenticator') then
    alter role authenticator login;
  end if;
  -- Supabase's Postgres bounds each API request by statement timeouts on the roles (the API applies the
  -- caller role's per transaction; service_role has none and keeps authenticator's). Set once: a project's
  -- own ALTER ROLE … SET later stays as it is.
  foreach api_role in array array['anon', 'authenticated', 'authenticator'] loop
    if not exists (
      select 1 from pg_db_role_setting
      where setrole = api_role::regrole and setdatabase = 0 and setconfig::text like '%statement_timeout=%'
    ) then
      begin
        execute format('alter role %I set statement_timeout = %L', api_role,
          case api_role when 'anon' then '3s' else '8s' end);
      exception when others then null; -- another database of the cluster set it at the same moment
      end;
    end if;
  end loop;
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_has_role('authenticator', api_role, 'member') then
      begin
        execute format('grant %I to authenticator', api_role);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
end
$$;

-- ---------------------------------------------------------------- schemas and extensions
create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists realtime;
create schema if not exists supabase_migrations;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
exception when duplicate_object then null;
end
$$;

grant usage on schema public, extensions, auth, storage, realtime to anon, authenticated, service_role;
grant all on schema public to service_role;

-- Hosted projects created since 2026 expose no new public table by default: migrations grant explicitly.
-- service_role (the server's key) still gets everything, and functions stay executable as in Postgres.
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public grant all on sequences to service_role;
alter default privileges in schema public grant all on functions to service_role;

-- ---------------------------------------------------------------- auth helpers (read the request's claims)
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- auth tables (GoTrue's shape)
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz,
  updated_at timestamptz
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- The sign-in methods of each session (the access token's amr claim).
create table if not exists auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- As in GoTrue, user_id here is text (varchar), not uuid: compare with users.id::text.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- ---------------------------------------------------------------- storage
create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now()
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Path helpers used in storage policies: 'a/b/c.png' → {a,b}, 'c.png', 'png'.
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:cardinality(string_to_array(name, '/')) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- pg_cron's interface (scheduled jobs)
-- Hosted Supabase has the pg_cron extension; PGlite and this machine's PostgreSQL do not. Migrations
-- declare jobs as on hosted (`select cron.schedule(name, schedule, command)`), so the stack provides the
-- part of pg_cron they call and its two tables, and runs due jobs itself (src/jobs, decision 0079).
create schema if not exists cron;

create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default 5432,
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text unique
);

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- The stack's own bookkeeping (not pg_cron's): up to when each job's schedule has been checked, so a job
-- runs once per due time however many schedulers look, and a moved clock runs what fell due meanwhile.
create table if not exists cron.local_job_clock (
  jobid bigint primary key references cron.job (jobid) on delete cascade,
  checked_until timestamptz not null
);

-- pg_cron's schedule syntax: five fields (minute hour day month weekday: *, n, a-b, lists, /step) or
-- '<1-59> seconds'. The scheduler checks each field's range; this refuses what is no schedule at all.
create or replace function cron.valid_schedule(schedule text) returns boolean
language sql immutable
as $$
  select schedule ~ '^\s*[1-5]?[0-9] seconds?\s*$'
      or schedule ~ '^\s*((\*|[0-9]+(-[0-9]+)?)(/[0-9]+)?(,(\*|[0-9]+(-[0-9]+)?)(/[0-9]+)?)*\s+){4}(\*|[0-9]+(-[0-9]+)?)(/[0-9]+)?(,(\*|[0-9]+(-[0-9]+)?)(/[0-9]+)?)*\s*$'
$$;

create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql
as $$
declare
  id bigint;
begin
  if not cron.valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  insert into cron.job (jobname, schedule, command)
  values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid into id;
  return id;
end
$$;

create or replace function cron.schedule(schedule text, command text) returns bigint
language sql
as $$
  select cron.schedule(null::text, schedule, command)
$$;

create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql
as $$
begin
  delete from cron.job where jobname = job_name;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;

create or replace function cron.unschedule(job_id bigint) returns boolean
language plpgsql
as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;

revoke all on all tables in schema cron from public;
revoke all on all functions in schema cron from public;

-- ---------------------------------------------------------------- pg_net's interface (HTTP from SQL)
-- Hosted Supabase has the pg_net extension: `net.http_post(...)` queues a request and returns its id, and a
-- background worker sends it once the transaction commits, keeping the answer in `net._http_response`.
-- The stack provides the same two tables and the call migrations make; src/net sends what is queued after
-- commit, woken by NOTIFY (decision 0083). Hosted never runs the bootstrap.
-- Where the real extension is installed (a Supabase Postgres given by DATABASE_URL), it is left alone.
do $net$
begin
  if exists (select from pg_extension where extname = 'pg_net') then
    return;
  end if;
  create schema if not exists net;

  create table if not exists net.http_request_queue (
    id bigserial primary key,
    method text not null check (method in ('GET', 'POST', 'DELETE')),
    url text not null,
    headers jsonb not null,
    body bytea,
    timeout_milliseconds integer not null
  );

  create table if not exists net._http_response (
    id bigint,
    status_code integer,
    content_type text,
    headers jsonb,
    content text,
    timed_out boolean,
    error_msg text,
    created timestamptz not null default now()
  );
  create index if not exists _http_response_created_idx on net._http_response (created);

  -- pg_net's signature and rules: a JSON body that is not null, Content-Type application/json (added when
  -- missing), params appended to the URL as a query string.
  create or replace function net.http_post(
    url text,
    body jsonb default '{}'::jsonb,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
    timeout_milliseconds integer default 5000
  ) returns bigint
  language plpgsql
  security definer
  set search_path = ''
  as $$
  declare
    request_id bigint;
    content_type text;
    query text;
  begin
    select value into content_type from jsonb_each_text(coalesce(headers, '{}'::jsonb))
    where lower(key) = 'content-type' limit 1;
    if content_type is null then
      headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
    elsif content_type <> 'application/json' then
      raise exception 'Content-Type header must be "application/json"';
    end if;
    if body is null then
      raise exception 'body must not be null';
    end if;
    select string_agg(key || '=' || value, '&') into query from jsonb_each_text(coalesce(params, '{}'::jsonb));
    insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
    values ('POST', url || coalesce('?' || query, ''), headers, convert_to(body::text, 'UTF8'),
            timeout_milliseconds)
    returning id into request_id;
    -- NOTIFY is delivered only on commit: like pg_net, nothing is sent before the transaction commits.
    perform pg_notify('pg_net', '');
    return request_id;
  end
  $$;

  revoke all on all tables in schema net from public;
  revoke all on all functions in schema net from public;
end
$net$;

-- ---------------------------------------------------------------- Supabase Vault's interface (secrets)
-- Hosted Supabase keeps secrets encrypted in `vault.secrets` and reads them through the
-- `vault.decrypted_secrets` view; its guide for calling Edge Functions from SQL keeps the project's URL and
-- key there. Locally nothing is secret from the machine's owner, so the stack stores them as they are.
-- Where the real extension is installed, it is left alone.
do $vault$
begin
  if exists (select from pg_extension where extname = 'supabase_vault') then
    return;
  end if;
  create schema if not exists vault;

  create table if not exists vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text unique,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );

  create or replace view vault.decrypted_secrets as
    select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
    from vault.secrets;

  create or replace function vault.create_secret(
    new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null
  ) returns uuid
  language sql
  as $$
    insert into vault.secrets (secret, name, description, key_id)
    values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
    returning id
  $$;

  create or replace function vault.update_secret(
    secret_id uuid, new_secret text default null, new_name text default null,
    new_description text default null, new_key_id uuid default null
  ) returns void
  language sql
  as $$
    update vault.secrets
    set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
        description = coalesce(new_description, description), key_id = coalesce(new_key_id, key_id),
        updated_at = now()
    where id = secret_id
  $$;

  revoke all on all tables in schema vault from public;
  revoke all on all functions in schema vault from public;
end
$vault$;

-- ---------------------------------------------------------------- migration history (the CLI's table)
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
