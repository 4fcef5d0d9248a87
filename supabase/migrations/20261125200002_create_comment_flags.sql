-- Members report (flag) someone else's comment or reply for moderation, once each, with an optional reason.
-- A member reads only their own flags; admins read all of them and dismiss (delete) them. Nobody edits one.
-- A flag does not set comments.is_flagged: that column stays the admin's verdict (any visitor can read it,
-- so setting it would tell everyone a comment was reported, and the update would mark the comment edited).

create table public.comment_flags (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reply_id uuid references public.comment_replies (id) on delete cascade,
  reason text check (reason ~ '[^[:space:]]' and char_length(reason) <= 500),
  created_at timestamptz not null default now(),
  constraint comment_flags_one_target check (num_nonnulls(comment_id, reply_id) = 1),
  constraint comment_flags_once_per_comment unique (user_id, comment_id),
  constraint comment_flags_once_per_reply unique (user_id, reply_id)
);
comment on table public.comment_flags is 'Members'' reports of comments and replies, for the moderation queue.';
alter table public.comment_flags enable row level security;
create index comment_flags_comment_id_idx on public.comment_flags (comment_id);
create index comment_flags_reply_id_idx on public.comment_flags (reply_id);
create index comment_flags_created_at_idx on public.comment_flags (created_at);

-- user_id is not granted: a flag is always the caller's own (its default).
revoke all on table public.comment_flags from anon, authenticated;
grant select on table public.comment_flags to authenticated;
grant insert (comment_id, reply_id, reason) on table public.comment_flags to authenticated;
grant delete on table public.comment_flags to authenticated;
grant all on table public.comment_flags to service_role;

create policy comment_flags_select_authenticated on public.comment_flags
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- Only a live comment or reply the caller can see (the subqueries run under their tables' policies), and
-- never the caller's own words.
create policy comment_flags_insert_authenticated on public.comment_flags
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      exists (
        select 1 from public.comments c
        where c.id = comment_id and not c.is_deleted and c.user_id <> (select auth.uid())
      )
      or exists (
        select 1 from public.comment_replies r
        where r.id = reply_id and not r.is_deleted and r.user_id <> (select auth.uid())
      )
    )
  );

create policy comment_flags_delete_admin on public.comment_flags
  for delete to authenticated
  using ((select private.is_admin()));
