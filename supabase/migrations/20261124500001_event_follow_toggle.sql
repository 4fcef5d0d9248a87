-- Following an event (spec §5: "one toggle sets both follow and favourite together"): one call sets or
-- clears the member's event_follows and favorites rows in one transaction, so the two never disagree after
-- a half-done toggle. Security invoker: the tables' own policies decide (only the caller's rows, only
-- published events); the function only bundles the two writes. docs/decisions/0023-reactions-and-follows.md
create function public.set_event_follow(followed_event uuid, follow boolean) returns boolean
language plpgsql security invoker set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'sign in to follow events' using errcode = '42501';
  end if;
  if follow then
    insert into public.event_follows (user_id, event_id) values (me, followed_event) on conflict do nothing;
    insert into public.favorites (user_id, event_id) values (me, followed_event) on conflict do nothing;
  else
    delete from public.event_follows f where f.user_id = me and f.event_id = followed_event;
    delete from public.favorites f where f.user_id = me and f.event_id = followed_event;
  end if;
  return follow;
end;
$$;

revoke all on function public.set_event_follow(uuid, boolean) from public, anon;
grant execute on function public.set_event_follow(uuid, boolean) to authenticated;
