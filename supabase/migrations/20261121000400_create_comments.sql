-- Comments on events, replies to them, hearts on either, and the authors' public names.
-- Members write and soft-delete only their own words; admins moderate (pin, flag, delete) but never rewrite.

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  is_deleted boolean not null default false,
  is_pinned boolean not null default false,
  is_flagged boolean not null default false,
  attachment_url text check (attachment_url ~ '^https?://' and char_length(attachment_url) <= 2048),
  attachment_name text check (char_length(attachment_name) <= 255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.comments enable row level security;
create index comments_event_id_created_at_idx on public.comments (event_id, created_at);
create index comments_user_id_idx on public.comments (user_id);

create table public.comment_replies (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  parent_comment_id uuid not null references public.comments (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  content text not null check (content ~ '[^[:space:]]' and char_length(content) <= 2000),
  is_deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.comment_replies enable row level security;
create index comment_replies_event_id_created_at_idx on public.comment_replies (event_id, created_at);
create index comment_replies_parent_comment_id_idx on public.comment_replies (parent_comment_id);
create index comment_replies_user_id_idx on public.comment_replies (user_id);

create type public.comment_reaction_type as enum ('heart');

create table public.comment_reactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  comment_id uuid references public.comments (id) on delete cascade,
  reply_id uuid references public.comment_replies (id) on delete cascade,
  reaction_type public.comment_reaction_type not null default 'heart',
  created_at timestamptz not null default now(),
  constraint comment_reactions_one_target check (num_nonnulls(comment_id, reply_id) = 1),
  constraint comment_reactions_one_per_comment unique (user_id, comment_id, reaction_type),
  constraint comment_reactions_one_per_reply unique (user_id, reply_id, reaction_type)
);
alter table public.comment_reactions enable row level security;
create index comment_reactions_comment_id_idx on public.comment_reactions (comment_id);
create index comment_reactions_reply_id_idx on public.comment_reactions (reply_id);

create trigger set_updated_at before update on public.comments
  for each row execute function private.set_updated_at();
create trigger set_updated_at before update on public.comment_replies
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------- rules no policy can express

-- What a member may change on a comment or reply: their own text and deletion flag, and nothing once a
-- comment is deleted (so a moderated comment stays down). Admins may pin, flag and delete anything.
create function private.guard_comment_update() returns trigger
language plpgsql set search_path = ''
as $$
declare
  is_owner boolean := coalesce(old.user_id = (select auth.uid()), false);
  caller_is_admin boolean := private.is_admin();
  moderation_changed boolean := false;
begin
  if not private.is_end_user() then
    return new;
  end if;
  if tg_table_name = 'comments' then
    moderation_changed := new.is_pinned is distinct from old.is_pinned or new.is_flagged is distinct from old.is_flagged;
  end if;
  if moderation_changed and not caller_is_admin then
    raise exception 'only an admin can pin or flag comments' using errcode = '42501';
  end if;
  if new.content is distinct from old.content and not is_owner then
    raise exception 'only the author can edit a comment' using errcode = '42501';
  end if;
  if old.is_deleted and not caller_is_admin and (new.is_deleted is distinct from old.is_deleted or new.content is distinct from old.content) then
    raise exception 'a deleted comment cannot be changed' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger guard_comment_update before update on public.comments
  for each row execute function private.guard_comment_update();
create trigger guard_comment_update before update on public.comment_replies
  for each row execute function private.guard_comment_update();

-- A reply belongs to its parent comment's event.
create function private.check_reply_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.event_id is distinct from (select c.event_id from public.comments c where c.id = new.parent_comment_id) then
    raise exception 'a reply must belong to the event of its comment' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger check_reply_event before insert or update of event_id, parent_comment_id on public.comment_replies
  for each row execute function private.check_reply_event();

-- ---------------------------------------------------------------- access

revoke all on table public.comments, public.comment_replies, public.comment_reactions from anon, authenticated;
grant select on table public.comments, public.comment_replies, public.comment_reactions to anon, authenticated;
grant insert (event_id, user_id, content, attachment_url, attachment_name) on table public.comments to authenticated;
grant update (content, is_deleted, updated_at, is_pinned, is_flagged) on table public.comments to authenticated;
grant insert (event_id, parent_comment_id, user_id, content) on table public.comment_replies to authenticated;
grant update (content, is_deleted, updated_at) on table public.comment_replies to authenticated;
grant insert (user_id, comment_id, reply_id, reaction_type) on table public.comment_reactions to authenticated;
grant delete on table public.comments, public.comment_replies, public.comment_reactions to authenticated;
grant all on table public.comments, public.comment_replies, public.comment_reactions to service_role;

-- Authors still see their own soft-deleted rows (an update that returns the row must be able to read it);
-- the app filters is_deleted = false when it lists comments.
create policy comments_select_anon on public.comments
  for select to anon
  using (not is_deleted and private.is_public_event(event_id));

create policy comments_select_authenticated on public.comments
  for select to authenticated
  using (
    (not is_deleted and private.is_public_event(event_id))
    or user_id = (select auth.uid())
    or (select private.is_admin())
  );

create policy comments_insert_authenticated on public.comments
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.is_public_event(event_id));

create policy comments_update_authenticated on public.comments
  for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));

create policy comments_delete_admin on public.comments
  for delete to authenticated
  using ((select private.is_admin()));

create policy comment_replies_select_anon on public.comment_replies
  for select to anon
  using (not is_deleted and private.is_public_event(event_id));

create policy comment_replies_select_authenticated on public.comment_replies
  for select to authenticated
  using (
    (not is_deleted and private.is_public_event(event_id))
    or user_id = (select auth.uid())
    or (select private.is_admin())
  );

-- The parent must be a live comment the member can see (the subquery runs under comments' policies).
create policy comment_replies_insert_authenticated on public.comment_replies
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and private.is_public_event(event_id)
    and exists (select 1 from public.comments c where c.id = parent_comment_id and not c.is_deleted)
  );

create policy comment_replies_update_authenticated on public.comment_replies
  for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));

create policy comment_replies_delete_admin on public.comment_replies
  for delete to authenticated
  using ((select private.is_admin()));

-- A heart is visible, and may be given, exactly when its comment or reply is visible to the caller.
create policy comment_reactions_select_anon on public.comment_reactions
  for select to anon
  using (
    exists (select 1 from public.comments c where c.id = comment_id)
    or exists (select 1 from public.comment_replies r where r.id = reply_id)
  );

create policy comment_reactions_select_authenticated on public.comment_reactions
  for select to authenticated
  using (
    exists (select 1 from public.comments c where c.id = comment_id)
    or exists (select 1 from public.comment_replies r where r.id = reply_id)
  );

create policy comment_reactions_insert_authenticated on public.comment_reactions
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      exists (select 1 from public.comments c where c.id = comment_id and not c.is_deleted)
      or exists (select 1 from public.comment_replies r where r.id = reply_id and not r.is_deleted)
    )
  );

create policy comment_reactions_delete_authenticated on public.comment_reactions
  for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- ---------------------------------------------------------------- authors' names

-- Visitors and members may read the name of anyone who wrote something they can see, and nothing else
-- of a profile (profiles itself shows a member only their own row). The view runs with its owner's
-- rights on purpose, and limits itself to authors of live comments and replies on public events.
create view public.public_profiles
with (security_invoker = false, security_barrier = true)
as
  select p.id, p.full_name
  from public.profiles p
  where exists (
      select 1 from public.comments c
      where c.user_id = p.id and not c.is_deleted and private.is_public_event(c.event_id)
    )
    or exists (
      select 1 from public.comment_replies r
      where r.user_id = p.id and not r.is_deleted and private.is_public_event(r.event_id)
    )
    or p.id = (select auth.uid());
comment on view public.public_profiles is 'Names of the authors of visible community posts (and the caller).';

revoke all on table public.public_profiles from anon, authenticated;
grant select on table public.public_profiles to anon, authenticated, service_role;
