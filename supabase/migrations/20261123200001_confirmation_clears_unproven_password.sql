-- Anyone can sign up with someone else's address and a password of their own. GoTrue keeps the first
-- sign-up's password when the address is confirmed later (a second sign-up changes nothing), so the owner
-- following the confirmation link would share the account with whoever signed up first. Confirming an
-- address therefore clears any password set before it was proven; the link signs the owner in, and the
-- site asks them to choose a password (public.account_needs_password()). Decision 0003 has the flow.
-- Triggers on auth.users are allowed on hosted Supabase, so the rule holds there too.

-- Runs as whoever confirms (GoTrue's role): it only edits the row being written.
create or replace function public.clear_unproven_password()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A password set in the confirming statement itself (an admin creating a confirmed account) stays.
  if new.encrypted_password is not distinct from old.encrypted_password then
    new.encrypted_password := null;
  end if;
  return new;
end;
$$;

revoke all on function public.clear_unproven_password() from public, anon, authenticated;

create trigger on_auth_user_confirmed_clear_password
  before update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function public.clear_unproven_password();

-- True while the signed-in member has no password (just confirmed, or invited): the site then asks for one.
create or replace function public.account_needs_password()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(u.encrypted_password, '') = '' from auth.users u where u.id = auth.uid();
$$;

revoke all on function public.account_needs_password() from public, anon;
grant execute on function public.account_needs_password() to authenticated;
