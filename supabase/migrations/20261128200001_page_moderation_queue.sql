-- The moderation queue as a server-paged list (decision 0044): search, a filter, sort, a page and the total in
-- one answer, like admin_customers(). Replaces the unpaged admin_moderation_queue() of 20261127100001.
--   filter: 'open'   posts with at least one open report (the queue proper; the default)
--           'hidden' hidden posts (is_deleted: hidden by a moderator or deleted by their author)
--           'all'    every comment and reply, so a post nobody reported can be found and hidden too
--   sort:   last_report | posted | reports | author | event;  dir: asc | desc
-- Each row is as before (kind, target, event, author, text, hidden, pinned, reports as JSON, suspension).

-- The checks every paged admin list makes of its arguments, in the same clear words (22023); admin_polls()
-- (20261128200002) uses it too. Called by security-definer functions only, so nobody else may execute it.
create function private.check_list_arguments(
  what text, sort text, sorts text[], dir text, page_size integer, page_offset integer, search text
) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if sort is null or not (sort = any (sorts)) then
    raise exception 'The % cannot be sorted by "%".', what, sort using errcode = '22023',
      hint = format('Sort by %s or %s.', array_to_string(sorts[1:cardinality(sorts) - 1], ', '),
                    sorts[cardinality(sorts)]);
  end if;
  if dir is null or dir not in ('asc', 'desc') then
    raise exception 'The sort direction must be asc or desc.' using errcode = '22023';
  end if;
  if page_size is null or page_size not between 1 and 1000 or page_offset is null or page_offset < 0 then
    raise exception 'A page holds 1 to 1,000 rows from an offset of 0 or more.' using errcode = '22023';
  end if;
  if char_length(coalesce(search, '')) > 200 then
    raise exception 'A search is at most 200 characters.' using errcode = '22023';
  end if;
end
$$;
revoke all on function private.check_list_arguments(text, text, text[], text, integer, integer, text) from public;

drop function public.admin_moderation_queue();

create function public.admin_moderation_queue(
  search text default '',
  filter text default 'open',
  sort text default 'last_report',
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
  perform private.require_admin('read the moderation queue');
  perform private.check_list_arguments('queue', sort, array['last_report', 'posted', 'reports', 'author', 'event'],
                                       dir, page_size, page_offset, search);
  if filter is null or filter not in ('open', 'hidden', 'all') then
    raise exception 'Show open reports, hidden posts or all posts.' using errcode = '22023';
  end if;
  pattern := private.search_pattern(search);

  -- The sort expression is chosen from the names checked above; only %1$s and %2$s are formatted in.
  execute format(
    $sql$
      with targets as (
        select 'comment'::text as kind, c.id, c.event_id, c.user_id, c.content, c.is_deleted, c.is_pinned, c.created_at
        from public.comments c
        where $2 <> 'open' or exists (select 1 from public.comment_flags f where f.comment_id = c.id)
        union all
        select 'reply', r.id, r.event_id, r.user_id, r.content, r.is_deleted, false, r.created_at
        from public.comment_replies r
        where $2 <> 'open' or exists (select 1 from public.comment_flags f where f.reply_id = r.id)
      ),
      matching as (
        select t.kind, t.id as target_id, t.event_id, e.title as event_title, t.user_id as author_id,
               coalesce(a.full_name, 'Former member') as author_name, t.content, t.is_deleted as hidden,
               t.is_pinned as pinned, t.created_at as posted_at
        from targets t
        join public.events e on e.id = t.event_id
        left join public.profiles a on a.id = t.user_id
        where ($2 <> 'hidden' or t.is_deleted)
          and ($1::text is null or t.content ilike $1 or a.full_name ilike $1 or e.title ilike $1)
      ),
      counted as (
        select m.*, fl.n as flag_count, fl.last_at as last_flagged_at
        from matching m
        cross join lateral (
          select count(*)::int as n, max(f.created_at) as last_at from public.comment_flags f
          where (m.kind = 'comment' and f.comment_id = m.target_id) or (m.kind = 'reply' and f.reply_id = m.target_id)
        ) fl
      ),
      page as (
        select c.* from counted c
        order by %1$s %2$s nulls last, c.posted_at desc, c.target_id
        limit $3 offset $4
      )
      select jsonb_build_object(
        'total', (select count(*) from matching),
        'rows', coalesce((
          select jsonb_agg(to_jsonb(p) || jsonb_build_object(
            'flags', coalesce((
              select jsonb_agg(jsonb_build_object('reporter', coalesce(r.full_name, 'Former member'),
                                                  'reason', f.reason, 'at', f.created_at) order by f.created_at)
              from public.comment_flags f left join public.profiles r on r.id = f.user_id
              where (p.kind = 'comment' and f.comment_id = p.target_id) or (p.kind = 'reply' and f.reply_id = p.target_id)
            ), '[]'::jsonb),
            'suspended_until', (
              select s.suspended_until from public.comment_suspensions s
              where s.user_id = p.author_id and s.suspended_until > now()
            )
          ) order by %1$s %2$s nulls last, p.posted_at desc, p.target_id)
          from page p
        ), '[]'::jsonb)
      )
    $sql$,
    case sort
      when 'last_report' then 'last_flagged_at'
      when 'posted' then 'posted_at'
      when 'reports' then 'flag_count'
      when 'author' then 'lower(author_name)'
      else 'lower(event_title)'
    end,
    dir
  ) into result using pattern, filter, page_size, page_offset;
  return result;
end
$$;
revoke all on function public.admin_moderation_queue(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_moderation_queue(text, text, text, text, integer, integer)
  to authenticated, service_role;
