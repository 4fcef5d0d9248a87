-- Live deletions (decision 0029). A member soft-deletes a comment or reply with an UPDATE that sets
-- is_deleted; under row-level security nobody else may read the new row, so Realtime (hosted, and the local
-- stack as hosted) does not deliver that UPDATE to them, and their pages would keep showing it. Each removal
-- therefore also writes a row of ids here, which members may read for public events, and which Realtime
-- delivers; their pages then read the comments again. Ids only: nothing here that the comment did not show.

create table public.comment_removals (
  id bigint generated always as identity primary key,
  event_id uuid not null references public.events (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reply_id uuid references public.comment_replies (id) on delete cascade,
  removed_at timestamptz not null default now(),
  constraint comment_removals_one_target check (num_nonnulls(comment_id, reply_id) = 1)
);
alter table public.comment_removals enable row level security;
create index comment_removals_event_id_idx on public.comment_removals (event_id);
create index comment_removals_comment_id_idx on public.comment_removals (comment_id);
create index comment_removals_reply_id_idx on public.comment_removals (reply_id);

-- Only the trigger writes (as the table's owner); members read; visitors see no comments, so nothing here.
revoke all on table public.comment_removals from anon, authenticated;
grant select on table public.comment_removals to authenticated;
grant all on table public.comment_removals to service_role;

create policy comment_removals_select_authenticated on public.comment_removals
  for select to authenticated
  using (private.is_public_event(event_id) or (select private.is_admin()));

-- Security definer: the member deleting their comment has no right to insert here, and must not need one.
create function private.record_comment_removal() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'comments' then
    insert into public.comment_removals (event_id, comment_id) values (new.event_id, new.id);
  else
    insert into public.comment_removals (event_id, reply_id) values (new.event_id, new.id);
  end if;
  return null;
end
$$;
revoke all on function private.record_comment_removal() from public;

create trigger record_comment_removal after update of is_deleted on public.comments
  for each row when (new.is_deleted and not old.is_deleted)
  execute function private.record_comment_removal();
create trigger record_comment_removal after update of is_deleted on public.comment_replies
  for each row when (new.is_deleted and not old.is_deleted)
  execute function private.record_comment_removal();

alter publication supabase_realtime add table public.comment_removals;
