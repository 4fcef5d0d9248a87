-- /admin/polls as a server-paged list (decision 0044): one page of polls with their results and the total in
-- one answer, like admin_customers(); and live results through a signal table (below), so an admin's open
-- screen hears each vote and reads the page again (decision 0029's way).
--   state:  '' every poll | 'open' | 'closed'
--   sort:   question | for | closes | votes | created;  dir: asc | desc

create function public.admin_polls(
  search text default '',
  state text default '',
  sort text default 'closes',
  dir text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  pattern text;
  result jsonb;
begin
  perform private.require_admin('list polls');
  perform private.check_list_arguments('polls', sort, array['question', 'for', 'closes', 'votes', 'created'],
                                       dir, page_size, page_offset, search);
  if coalesce(state, '') not in ('', 'open', 'closed') then
    raise exception 'Show open polls, closed polls or every poll.' using errcode = '22023';
  end if;
  pattern := private.search_pattern(search);

  -- The sort expression is chosen from the names checked above; only %1$s and %2$s are formatted in.
  execute format(
    $sql$
      with matching as (
        select p.id, p.event_id, e.title as event_title, p.question, p.options, p.closes_at, p.created_at,
               p.closes_at > now() as is_open,
               (select count(*)::int from public.poll_votes v where v.poll_id = p.id) as votes
        from public.polls p
        left join public.events e on e.id = p.event_id
        where ($1::text is null or p.question ilike $1 or e.title ilike $1)
          and ($2 = '' or (p.closes_at > now()) = ($2 = 'open'))
      ),
      page as (
        select m.* from matching m
        order by %1$s %2$s nulls last, m.created_at desc, m.id
        limit $3 offset $4
      )
      select jsonb_build_object(
        'total', (select count(*) from matching),
        'rows', coalesce((
          select jsonb_agg(to_jsonb(p) || jsonb_build_object(
            -- Votes per option, in the options' order (an option nobody chose counts 0).
            'results', (
              select jsonb_agg((select count(*) from public.poll_votes v
                                where v.poll_id = p.id and v.option_index = o.i - 1) order by o.i)
              from generate_subscripts(p.options, 1) as o(i)
            )
          ) order by %1$s %2$s nulls last, p.created_at desc, p.id)
          from page p
        ), '[]'::jsonb)
      )
    $sql$,
    case sort
      when 'question' then 'lower(question)'
      when 'for' then 'lower(event_title)'
      when 'closes' then 'closes_at'
      when 'votes' then 'votes'
      else 'created_at'
    end,
    dir
  ) into result using pattern, coalesce(state, ''), page_size, page_offset;
  return result;
end
$$;
revoke all on function public.admin_polls(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_polls(text, text, text, text, integer, integer)
  to authenticated, service_role;

-- ---------------------------------------------------------------- live results

-- One row per poll, stamped by each vote, published to Realtime, readable by admins only. Not poll_votes
-- itself: Realtime sends a DELETE to every subscriber whatever the policies, with the row's primary key, and
-- poll_votes' key names the voter (a deleted poll would tell any member who subscribed who had voted in it).
-- Here an UPDATE (read back under the policy: admins only) carries no voter, and a DELETE only a poll's id.
create table public.poll_vote_signals (
  poll_id uuid primary key references public.polls (id) on delete cascade,
  last_vote_at timestamptz not null default now()
);
comment on table public.poll_vote_signals is
  'Live results for admins (decision 0044): the time of each poll''s latest vote, written by a trigger on poll_votes.';
alter table public.poll_vote_signals enable row level security;

-- Only the trigger writes (as the table's owner); admins read; members and visitors nothing.
revoke all on table public.poll_vote_signals from anon, authenticated;
grant select on table public.poll_vote_signals to authenticated;
grant all on table public.poll_vote_signals to service_role;
create policy poll_vote_signals_select_admin on public.poll_vote_signals
  for select to authenticated using ((select private.is_admin()));

-- Security definer: the voting member has no right to write here, and must not need one.
create function private.signal_poll_vote() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.poll_vote_signals (poll_id, last_vote_at) values (new.poll_id, now())
  on conflict (poll_id) do update set last_vote_at = excluded.last_vote_at;
  return null;
end
$$;
revoke all on function private.signal_poll_vote() from public;
create trigger signal_vote after insert on public.poll_votes
  for each row execute function private.signal_poll_vote();

alter publication supabase_realtime add table public.poll_vote_signals;
