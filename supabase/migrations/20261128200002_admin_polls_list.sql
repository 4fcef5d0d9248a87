-- /admin/polls as a server-paged list (decision 0044): one page of polls with their results and the total in
-- one answer, like admin_customers(); and live results: poll_votes joins the Realtime publication, so an
-- admin's open screen hears each vote (Realtime delivers a change only to those whose select policy reads
-- the row: admins every vote, a member their own) and reads the page again (decision 0029's way).
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

alter publication supabase_realtime add table public.poll_votes;
