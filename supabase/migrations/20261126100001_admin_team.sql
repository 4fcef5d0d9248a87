-- The team screen (/admin/management): who the admins are, granting and removing the role, and reading the
-- audit log. docs/decisions/0033-admin-team-and-audit-log.md says why it is built this way.

-- ---------------------------------------------------------------- the role's two rules

-- On profiles themselves, so a direct PATCH, an RPC, the service role and a cascade from auth.users all
-- obey them: nobody changes their own is_admin (an admin cannot demote themselves, a member cannot promote
-- themselves), and the last admin is never removed, by an update or a delete, whoever asks. The own-row rule
-- is also what keeps the screen from ever reaching the last admin: the one admin left is the one signed in.
create function private.guard_admin_role() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.is_admin is not distinct from old.is_admin then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.id = (select auth.uid()) then
    raise exception 'You cannot change your own admin role.'
      using errcode = '42501', hint = 'Another admin can change it.';
  end if;
  if old.is_admin then
    -- One removal at a time, so two admins removing each other cannot both succeed; the check below runs
    -- after the lock with a fresh snapshot (read committed: each statement sees what is committed).
    perform pg_advisory_xact_lock(hashtext('public.profiles.is_admin'));
    if not exists (select 1 from public.profiles p where p.is_admin and p.id <> old.id) then
      raise exception 'The last admin cannot be removed.'
        using errcode = '42501', hint = 'Make another member an admin first.';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
revoke all on function private.guard_admin_role() from public;

create trigger guard_admin_role
  before update of is_admin or delete on public.profiles
  for each row execute function private.guard_admin_role();

-- ---------------------------------------------------------------- the admins

-- Admins with their e-mail (in auth.users, which the API cannot read) and since when: the latest grant in
-- the audit log; null when the role was given outside the admin area (the seed, an operator).
create function public.admin_team()
returns table (id uuid, full_name text, email text, admin_since timestamptz, last_sign_in_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('list the team');
  return query
  select p.id, p.full_name, u.email::text,
         (select max(l.at) from public.audit_log l
          where l.entity = 'profiles' and l.entity_id = p.id::text and l.after ->> 'is_admin' = 'true'),
         u.last_sign_in_at
  from public.profiles p
  join auth.users u on u.id = p.id
  where p.is_admin
  order by lower(coalesce(p.full_name, u.email)), u.email;
end
$$;

-- Makes the member with this e-mail an admin. `changed` is false when they already were one.
create function public.grant_admin(p_email text)
returns table (id uuid, full_name text, email text, changed boolean)
language plpgsql security definer set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(p_email, '')));
  member record;
begin
  perform private.require_admin('grant the admin role');
  if wanted = '' then
    raise exception 'Enter the member''s e-mail address.' using errcode = '22023';
  end if;
  if not private.is_email(wanted) then
    raise exception 'Enter a valid e-mail address, like name@example.com.' using errcode = '22023';
  end if;
  select p.id, p.full_name, u.email::text as email, p.is_admin into member
  from auth.users u join public.profiles p on p.id = u.id
  where lower(u.email) = wanted and u.deleted_at is null;
  if not found then
    raise exception 'No member has this e-mail address.' using errcode = 'P0002';
  end if;
  if not member.is_admin then
    update public.profiles set is_admin = true where profiles.id = member.id;
  end if;
  return query select member.id, member.full_name, member.email, not member.is_admin;
end
$$;

-- Removes the admin role; the trigger refuses one's own row and the last admin. `changed` is false when
-- the member was no longer an admin (another admin got there first).
create function public.revoke_admin(p_member_id uuid)
returns table (id uuid, full_name text, email text, changed boolean)
language plpgsql security definer set search_path = ''
as $$
declare
  member record;
begin
  perform private.require_admin('remove the admin role');
  select p.id, p.full_name, u.email::text as email, p.is_admin into member
  from public.profiles p join auth.users u on u.id = p.id
  where p.id = p_member_id;
  if not found then
    raise exception 'No member has this id.' using errcode = 'P0002';
  end if;
  if member.is_admin then
    update public.profiles set is_admin = false where profiles.id = member.id;
  end if;
  return query select member.id, member.full_name, member.email, member.is_admin;
end
$$;

-- ---------------------------------------------------------------- the audit log, one page at a time

-- One page of the log and the number of matching rows (total_count on each row), in one request.
-- p_search finds who (name, e-mail) and what (table, row label, action, or a changed column's exact name);
-- p_entity narrows to one table; p_from and p_to are Sydney calendar dates, both included.
create function public.admin_audit_log(
  p_search text default null,
  p_entity text default null,
  p_from date default null,
  p_to date default null,
  p_sort text default 'at',
  p_dir text default 'desc',
  p_limit integer default 25,
  p_offset integer default 0
)
returns table (
  id bigint, at timestamptz, actor_id uuid, actor_name text, actor_email text, entity text, entity_id text,
  entity_label text, action text, before jsonb, after jsonb, total_count bigint
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  term text := nullif(btrim(coalesce(p_search, '')), '');
  pattern text;
  ascending boolean := lower(coalesce(p_dir, 'desc')) = 'asc';
  starts timestamptz := p_from::timestamp at time zone 'Australia/Sydney';
  ends timestamptz := (p_to + 1)::timestamp at time zone 'Australia/Sydney';
begin
  perform private.require_admin('read the audit log');
  if coalesce(p_sort, 'at') not in ('at', 'actor', 'entity', 'action') then
    raise exception 'The log cannot be sorted by %.', p_sort using errcode = '22023';
  end if;
  if lower(coalesce(p_dir, 'desc')) not in ('asc', 'desc') then
    raise exception 'Sort ascending (asc) or descending (desc).' using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 or p_offset is null or p_offset < 0 then
    raise exception 'Ask for 1 to 1,000 rows from offset 0 or more.' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'The "from" date is after the "to" date.' using errcode = '22023';
  end if;
  if char_length(term) > 200 then
    raise exception 'Search with 200 characters or fewer.' using errcode = '22023';
  end if;
  -- The search is text, never a pattern: \ % and _ match themselves.
  pattern := private.search_pattern(term);

  return query
  select l.id, l.at, l.actor_id, l.actor_name, l.actor_email, l.entity, l.entity_id, l.entity_label,
         l.action, l.before, l.after, count(*) over ()
  from public.audit_log l
  where (p_entity is null or p_entity = '' or l.entity = p_entity)
    and (starts is null or l.at >= starts)
    and (ends is null or l.at < ends)
    and (term is null
         or l.actor_name ilike pattern or l.actor_email ilike pattern
         or l.entity ilike pattern or l.entity_label ilike pattern or l.action ilike pattern
         -- A column's exact name (is_admin, title): a key lookup, cheaper than matching every key.
         or coalesce(l.after, l.before) ? lower(term))
  order by
    case when p_sort = 'actor' and ascending then lower(coalesce(l.actor_name, l.actor_email)) end asc,
    case when p_sort = 'actor' and not ascending then lower(coalesce(l.actor_name, l.actor_email)) end desc,
    case when p_sort = 'entity' and ascending then l.entity end asc,
    case when p_sort = 'entity' and not ascending then l.entity end desc,
    case when p_sort = 'action' and ascending then l.action end asc,
    case when p_sort = 'action' and not ascending then l.action end desc,
    case when p_sort = 'at' and ascending then l.at end asc,
    l.at desc,
    l.id desc
  limit p_limit offset p_offset;
end
$$;

-- ---------------------------------------------------------------- access

revoke all on function public.admin_team() from public, anon;
revoke all on function public.grant_admin(text) from public, anon;
revoke all on function public.revoke_admin(uuid) from public, anon;
revoke all on function public.admin_audit_log(text, text, date, date, text, text, integer, integer)
  from public, anon;
grant execute on function public.admin_team() to authenticated;
grant execute on function public.grant_admin(text) to authenticated;
grant execute on function public.revoke_admin(uuid) to authenticated;
grant execute on function public.admin_audit_log(text, text, date, date, text, text, integer, integer)
  to authenticated;
