-- A signed-in page's session read in one request (src/stores/session.ts): the member's own profile and
-- whether they must choose a password before anything else (decision 0016), which were two requests on
-- every member page and every admin screen. Security definer only to read auth.users, as
-- account_needs_password() does; it answers about the caller alone.
create function public.my_session() returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'profile', (select to_jsonb(p) from public.profiles p where p.id = (select auth.uid())),
    'needs_password', coalesce(public.account_needs_password(), false)
  )
$$;
comment on function public.my_session() is
  'The caller''s profile (null if none) and whether their account has no password yet.';
revoke all on function public.my_session() from public, anon;
grant execute on function public.my_session() to authenticated, service_role;
