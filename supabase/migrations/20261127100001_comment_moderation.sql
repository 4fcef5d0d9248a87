-- The moderation queue (issue 11, decision 0039): admins read the flagged comments and replies with their
-- reports, hide, restore, pin, unpin and dismiss the reports, and suspend a member from commenting until a
-- time. Hiding is the existing soft delete (is_deleted), so a hidden comment reaches every member's page
-- through the comment_removals live path (decision 0029). Every admin change lands in the audit log.

-- ---------------------------------------------------------------- suspensions

create table public.comment_suspensions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  suspended_until timestamptz not null,
  reason text check (reason ~ '[^[:space:]]' and char_length(reason) <= 500),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.comment_suspensions is 'Members barred from commenting until a time (admins set them).';
alter table public.comment_suspensions enable row level security;

-- Writes only through suspend_commenter() (it checks the time); admins lift one with a delete.
revoke all on table public.comment_suspensions from anon, authenticated;
grant select, delete on table public.comment_suspensions to authenticated;
grant all on table public.comment_suspensions to service_role;

create policy comment_suspensions_select_authenticated on public.comment_suspensions
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy comment_suspensions_delete_admin on public.comment_suspensions
  for delete to authenticated
  using ((select private.is_admin()));

-- The database refuses a suspended member's comments and replies, saying until when (Sydney time).
create function private.refuse_suspended_commenter() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  until_at timestamptz;
begin
  select s.suspended_until into until_at
  from public.comment_suspensions s
  where s.user_id = new.user_id and s.suspended_until > now();
  if until_at is not null then
    raise exception 'You are suspended from commenting until %.',
      to_char(until_at at time zone 'Australia/Sydney', 'FMDD Mon YYYY, FMHH12:MI am') || ' (Sydney time)'
      using errcode = 'PT403';
  end if;
  return new;
end
$$;
revoke all on function private.refuse_suspended_commenter() from public;

create trigger refuse_suspended_commenter before insert on public.comments
  for each row execute function private.refuse_suspended_commenter();
create trigger refuse_suspended_commenter before insert on public.comment_replies
  for each row execute function private.refuse_suspended_commenter();

-- Suspends (or changes the suspension of) a member; the time must be in the future, within a year.
create function public.suspend_commenter(member_id uuid, until timestamptz, reason text default null)
returns timestamptz
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin('suspend a member');
  if until is null or until <= now() then
    raise exception 'The suspension must end in the future.' using errcode = '22023';
  end if;
  if until > now() + interval '1 year' then
    raise exception 'A suspension can last at most a year.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.profiles p where p.id = member_id) then
    raise exception 'No such member.' using errcode = '22023';
  end if;
  insert into public.comment_suspensions (user_id, suspended_until, reason)
  values (member_id, until, nullif(btrim(reason), ''))
  on conflict (user_id) do update
    set suspended_until = excluded.suspended_until, reason = excluded.reason,
        created_by = auth.uid(), created_at = now();
  return until;
end
$$;
revoke all on function public.suspend_commenter(uuid, timestamptz, text) from public, anon;
grant execute on function public.suspend_commenter(uuid, timestamptz, text) to authenticated, service_role;

-- ---------------------------------------------------------------- the queue and its actions

-- Every comment and reply with open reports, newest report first, with the reports themselves.
create function public.admin_moderation_queue()
returns table (
  kind text, target_id uuid, event_id uuid, event_title text, author_id uuid, author_name text,
  content text, hidden boolean, pinned boolean, posted_at timestamptz, flag_count integer,
  last_flagged_at timestamptz, flags jsonb, suspended_until timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('read the moderation queue');
  return query
  with targets as (
    select 'comment'::text as kind, c.id, c.event_id, c.user_id, c.content, c.is_deleted, c.is_pinned, c.created_at
    from public.comments c where exists (select 1 from public.comment_flags f where f.comment_id = c.id)
    union all
    select 'reply', r.id, r.event_id, r.user_id, r.content, r.is_deleted, false, r.created_at
    from public.comment_replies r where exists (select 1 from public.comment_flags f where f.reply_id = r.id)
  )
  select t.kind, t.id, t.event_id, e.title, t.user_id, coalesce(a.full_name, 'Former member'), t.content,
         t.is_deleted, t.is_pinned, t.created_at, fl.n, fl.last_at, fl.list, s.suspended_until
  from targets t
  join public.events e on e.id = t.event_id
  left join public.profiles a on a.id = t.user_id
  left join public.comment_suspensions s on s.user_id = t.user_id and s.suspended_until > now()
  cross join lateral (
    select count(*)::int as n, max(f.created_at) as last_at,
           jsonb_agg(jsonb_build_object('reporter', coalesce(p.full_name, 'Former member'),
                                        'reason', f.reason, 'at', f.created_at) order by f.created_at) as list
    from public.comment_flags f left join public.profiles p on p.id = f.user_id
    where (t.kind = 'comment' and f.comment_id = t.id) or (t.kind = 'reply' and f.reply_id = t.id)
  ) fl
  order by fl.last_at desc;
end
$$;
revoke all on function public.admin_moderation_queue() from public, anon;
grant execute on function public.admin_moderation_queue() to authenticated, service_role;

-- hide | restore | pin | unpin | dismiss (removes the reports, so the item leaves the queue).
create function public.moderate_comment(kind text, target_id uuid, action text)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  changed integer;
begin
  perform private.require_admin('moderate comments');
  if kind not in ('comment', 'reply') then
    raise exception 'Unknown kind: %.', kind using errcode = '22023';
  end if;
  if action not in ('hide', 'restore', 'pin', 'unpin', 'dismiss') then
    raise exception 'Unknown action: %.', action using errcode = '22023';
  end if;
  if kind = 'reply' and action in ('pin', 'unpin') then
    raise exception 'Only comments can be pinned.' using errcode = '22023';
  end if;
  if action = 'dismiss' then
    if kind = 'comment' then
      delete from public.comment_flags f where f.comment_id = target_id;
    else
      delete from public.comment_flags f where f.reply_id = target_id;
    end if;
    return;
  end if;
  if kind = 'comment' then
    update public.comments c
    set is_deleted = case action when 'hide' then true when 'restore' then false else c.is_deleted end,
        is_pinned = case action when 'pin' then true when 'unpin' then false else c.is_pinned end
    where c.id = target_id;
  else
    update public.comment_replies r
    set is_deleted = (action = 'hide')
    where r.id = target_id;
  end if;
  get diagnostics changed = row_count;
  if changed = 0 then
    raise exception 'No such %.', kind using errcode = '22023';
  end if;
end
$$;
revoke all on function public.moderate_comment(text, uuid, text) from public, anon;
grant execute on function public.moderate_comment(text, uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------- audit

create trigger audit_change after update or delete on public.comments
  for each row execute function private.audit_change('content');
create trigger audit_change after update or delete on public.comment_replies
  for each row execute function private.audit_change('content');
create trigger audit_change after delete on public.comment_flags
  for each row execute function private.audit_change('reason');
create trigger audit_change after insert or update or delete on public.comment_suspensions
  for each row execute function private.audit_change('user_id');
