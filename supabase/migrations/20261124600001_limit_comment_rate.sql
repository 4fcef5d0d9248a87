-- A member may post at most 5 comments and replies together in any minute: enough for a conversation, too
-- few to flood an event's page. The limit is src/lib/rules/comments.ts COMMENTS_PER_MINUTE; the error is
-- SQLSTATE PT429 (PostgREST answers HTTP 429), which the comments area turns into a clear message.
-- Operators and the seed (not anon or authenticated) are not limited; deleted posts still count. The
-- function runs with the caller's rights (a definer would never be an end user); members see their own
-- rows, deleted or not, so the count is complete.

create function private.limit_comment_rate() returns trigger
language plpgsql set search_path = ''
as $$
declare
  recent integer;
begin
  if not private.is_end_user() then
    return new;
  end if;
  -- One member's posts one at a time, so two at once cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('comment_rate:' || new.user_id::text));
  select (select count(*) from public.comments c
           where c.user_id = new.user_id and c.created_at > now() - interval '1 minute')
       + (select count(*) from public.comment_replies r
           where r.user_id = new.user_id and r.created_at > now() - interval '1 minute')
    into recent;
  if recent >= 5 then
    raise exception 'too many comments: at most 5 comments and replies a minute'
      using errcode = 'PT429', hint = 'Wait a minute, then post again.';
  end if;
  return new;
end
$$;
revoke all on function private.limit_comment_rate() from public;

create trigger limit_comment_rate before insert on public.comments
  for each row execute function private.limit_comment_rate();
create trigger limit_comment_rate before insert on public.comment_replies
  for each row execute function private.limit_comment_rate();

-- Counting a member's recent posts reads these indexes.
create index comments_user_id_created_at_idx on public.comments (user_id, created_at);
create index comment_replies_user_id_created_at_idx on public.comment_replies (user_id, created_at);
