-- A member may post at most a few comments and replies together in any minute: enough for a conversation,
-- too few for a script to flood an event's page. The number is a setting in the database
-- (private.posting_limits, 5 unless an operator changes it in the SQL editor); test stacks raise it, as they
-- raise [auth.rate_limit], because their suites post dozens of comments as one member. A refusal is
-- SQLSTATE PT429 (PostgREST answers HTTP 429), which the comments area turns into a clear message.
-- Operators and the seed (not anon or authenticated) are not limited; deleted posts still count.

create table private.posting_limits (
  only_row boolean primary key default true check (only_row),
  posts_per_minute integer not null check (posts_per_minute between 1 and 1000000)
);
comment on table private.posting_limits is
  'How many comments and replies together one member may post in a minute (one row; operators only).';
alter table private.posting_limits enable row level security;
revoke all on table private.posting_limits from public, anon, authenticated;
grant all on table private.posting_limits to service_role;
insert into private.posting_limits (posts_per_minute) values (5);

-- The setting, for the trigger below (members cannot read the table itself).
create function private.posts_per_minute() returns integer
language sql stable security definer set search_path = ''
as $$
  select coalesce((select posts_per_minute from private.posting_limits), 5)
$$;
revoke all on function private.posts_per_minute() from public;
grant execute on function private.posts_per_minute() to authenticated, service_role;

-- Runs with the caller's rights (a definer would never be an end user); members see all their own rows,
-- deleted or not, so the count is complete.
create function private.limit_comment_rate() returns trigger
language plpgsql set search_path = ''
as $$
declare
  allowed integer;
  recent integer;
begin
  if not private.is_end_user() then
    return new;
  end if;
  -- One member's posts one at a time, so two at once cannot both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('comment_rate:' || new.user_id::text));
  allowed := private.posts_per_minute();
  select (select count(*) from public.comments c
           where c.user_id = new.user_id and c.created_at > now() - interval '1 minute')
       + (select count(*) from public.comment_replies r
           where r.user_id = new.user_id and r.created_at > now() - interval '1 minute')
    into recent;
  if recent >= allowed then
    raise exception 'too many comments: at most % comments and replies a minute', allowed
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
