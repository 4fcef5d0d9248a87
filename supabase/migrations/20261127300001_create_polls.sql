-- Polls (issue 11, /admin/polls, decision 0041): an admin asks members a question with 2 to 6 options and a
-- closing time, for one event or for all members; each member votes once (the primary key of poll_votes is
-- the rule) while the poll is open, and sees the results once they have voted; admins see them always.
-- Field rules as src/lib/rules/polls.ts; polls.data.test.ts checks the boundaries agree.

-- A question: trimmed, 1 to 300 characters, one line.
create function private.is_poll_question(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 300
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- The options: 2 to 6, each trimmed, 1 to 120 characters, one line, and no two the same (ignoring case).
create function private.are_poll_options(value text[]) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(cardinality(value) between 2 and 6, false)
     and array_ndims(value) = 1
     and not exists (
       select 1 from unnest(value) o
       where o is null or not private.is_trimmed(o) or char_length(o) not between 1 and 120
          or o ~ '[\u0001-\u001F\u007F-\u009F]'
     )
     and (select count(distinct lower(o)) from unnest(value) o) = cardinality(value)
$$;
grant execute on function private.is_poll_question(text), private.are_poll_options(text[])
  to authenticated, service_role;

create table public.polls (
  id uuid primary key default gen_random_uuid(),
  event_id uuid references public.events (id) on delete cascade,
  question text not null check (private.is_poll_question(question)),
  options text[] not null check (private.are_poll_options(options)),
  closes_at timestamptz not null,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.polls is
  'Questions admins ask members: for one event (event_id) or for all members (null). Options are ordered; a vote names one by its index.';
alter table public.polls enable row level security;
create index polls_event_id_idx on public.polls (event_id);
create index polls_closes_at_idx on public.polls (closes_at desc);

-- A new poll must close in the future; editing one later may close it early (closes_at = now()).
create function private.check_poll_closing() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.closes_at <= now() then
    raise exception 'The closing time must be in the future.' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger check_closing before insert on public.polls
  for each row execute function private.check_poll_closing();

revoke all on table public.polls from anon, authenticated;
grant select, delete on table public.polls to authenticated;
grant insert (event_id, question, options, closes_at) on table public.polls to authenticated;
grant update (closes_at) on table public.polls to authenticated;
grant all on table public.polls to service_role;

-- Members see the polls for all members and those of the events they can see (the subquery runs under
-- events' own policy, so a draft's poll stays hidden); admins see every poll.
create policy polls_select_authenticated on public.polls
  for select to authenticated
  using (
    (select private.is_admin())
    or event_id is null
    or exists (select 1 from public.events e where e.id = event_id)
  );
create policy polls_insert_admin on public.polls
  for insert to authenticated with check ((select private.is_admin()));
create policy polls_update_admin on public.polls
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy polls_delete_admin on public.polls
  for delete to authenticated using ((select private.is_admin()));

create trigger audit_change after insert or update or delete on public.polls
  for each row execute function private.audit_change('question');

create table public.poll_votes (
  poll_id uuid not null references public.polls (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  option_index smallint not null check (option_index >= 0),
  created_at timestamptz not null default now(),
  -- One vote per member per poll: the rule itself, whatever the client does.
  constraint poll_votes_once_per_member primary key (poll_id, user_id)
);
comment on table public.poll_votes is 'One row per member who voted in a poll: the option they chose. Never changed.';
alter table public.poll_votes enable row level security;

-- user_id is not granted: a vote is always the caller's own. Nobody updates or deletes a vote.
revoke all on table public.poll_votes from anon, authenticated;
grant select on table public.poll_votes to authenticated;
grant insert (poll_id, option_index) on table public.poll_votes to authenticated;
grant all on table public.poll_votes to service_role;

create policy poll_votes_select_authenticated on public.poll_votes
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
-- Only in a poll the caller can see (the subquery runs under polls' policy).
create policy poll_votes_insert_authenticated on public.poll_votes
  for insert to authenticated
  with check (user_id = (select auth.uid()) and exists (select 1 from public.polls p where p.id = poll_id));

-- Clear refusals before the key's: a closed poll, an option it does not have, a second vote. The primary key
-- still decides between two votes sent at once.
create function private.check_poll_vote() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  poll record;
begin
  select p.closes_at, cardinality(p.options) as option_count into poll from public.polls p where p.id = new.poll_id;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if poll.closes_at <= now() then
    raise exception 'This poll closed on %.',
      to_char(poll.closes_at at time zone 'Australia/Sydney', 'FMDD FMMonth YYYY "at" HH24:MI')
      using errcode = '23514';
  end if;
  if new.option_index >= poll.option_count then
    raise exception 'This poll has no such option.' using errcode = '23514';
  end if;
  if exists (select 1 from public.poll_votes v where v.poll_id = new.poll_id and v.user_id = new.user_id) then
    raise exception 'You have already voted in this poll.' using errcode = '23505';
  end if;
  return new;
end
$$;
create trigger check_vote before insert on public.poll_votes
  for each row execute function private.check_poll_vote();

-- The votes per option of the polls asked for that the caller may see the results of: every poll for an
-- admin, the polls a member has voted in for a member (results after voting). Options nobody chose count 0.
create function public.poll_results(poll_ids uuid[])
returns table (poll_id uuid, option_index integer, votes bigint)
language sql stable security definer set search_path = ''
as $$
  select p.id, o.i::integer - 1, count(v.user_id)
  from public.polls p
  cross join lateral generate_subscripts(p.options, 1) as o(i)
  left join public.poll_votes v on v.poll_id = p.id and v.option_index = o.i - 1
  where p.id = any (poll_ids)
    and (
      private.is_admin()
      or exists (select 1 from public.poll_votes mine where mine.poll_id = p.id and mine.user_id = auth.uid())
    )
  group by p.id, o.i
  order by p.id, o.i
$$;
revoke all on function public.poll_results(uuid[]) from public, anon;
grant execute on function public.poll_results(uuid[]) to authenticated, service_role;
