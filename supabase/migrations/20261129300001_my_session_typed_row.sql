-- my_session() answers a typed row, public.member_session, instead of jsonb (issue 18), so that
-- `npm run db:types` describes what the session store reads and no cast stands in for it. The API sends the
-- same object as before: { "profile": { ...the profiles row } or null, "needs_password": true or false }.
-- A function's return type cannot be replaced in place, hence the drop.
create type public.member_session as (
  profile public.profiles,
  needs_password boolean
);

drop function public.my_session();

create function public.my_session() returns public.member_session
language sql stable security definer set search_path = ''
as $$
  select
    (select p from public.profiles p where p.id = (select auth.uid())),
    coalesce(public.account_needs_password(), false)
$$;
comment on function public.my_session() is
  'The caller''s profile (null if none) and whether their account has no password yet.';
revoke all on function public.my_session() from public, anon;
grant execute on function public.my_session() to authenticated, service_role;
