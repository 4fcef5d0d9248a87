-- A member's own account: download everything we hold about them, delete the account, and the public
-- profile other members see. docs/decisions/0021-account-deletion-and-public-profiles.md says why.

-- ---------------------------------------------------------------- download my data

-- Everything about the caller, as one JSON document: the account, the profile (every column, so a column
-- added later is in the download without changing this function), bookings with their instalments, what
-- they posted and reacted to, and the enquiries sent with their confirmed address.
create function public.export_my_data() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  my_email text;
  result jsonb;
begin
  if me is null then
    raise exception 'sign in to download your data' using errcode = '42501';
  end if;
  select u.email into my_email from auth.users u where u.id = me;
  select jsonb_build_object(
    'exported_at', now(),
    'account', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'new_email', nullif(u.email_change, ''),
        'created_at', u.created_at, 'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
        'sign_up_details', coalesce(u.raw_user_meta_data, '{}'::jsonb))
      from auth.users u where u.id = me),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'bookings', coalesce((
      select jsonb_agg(to_jsonb(b) || jsonb_build_object(
        'event_title', e.title,
        'installments', coalesce((
          select jsonb_agg(to_jsonb(i) order by i.due_date)
          from public.booking_installments i where i.booking_id = b.id), '[]'::jsonb))
        order by b.created_at)
      from public.bookings b join public.events e on e.id = b.event_id
      where b.user_id = me), '[]'::jsonb),
    'comments', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at)
      from public.comments c where c.user_id = me), '[]'::jsonb),
    'comment_replies', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at)
      from public.comment_replies r where r.user_id = me), '[]'::jsonb),
    'comment_reactions', coalesce((select jsonb_agg(to_jsonb(cr) order by cr.created_at)
      from public.comment_reactions cr where cr.user_id = me), '[]'::jsonb),
    'reactions', coalesce((select jsonb_agg(to_jsonb(x) order by x.created_at)
      from public.reactions x where x.user_id = me), '[]'::jsonb),
    'event_follows', coalesce((select jsonb_agg(to_jsonb(f) order by f.created_at)
      from public.event_follows f where f.user_id = me), '[]'::jsonb),
    'favorites', coalesce((select jsonb_agg(to_jsonb(f) order by f.created_at)
      from public.favorites f where f.user_id = me), '[]'::jsonb),
    'travellers', coalesce((select jsonb_agg(to_jsonb(t) || jsonb_build_object(
        'booking_ids', coalesce((select jsonb_agg(bt.booking_id order by bt.created_at)
          from public.booking_travellers bt where bt.traveller_id = t.id), '[]'::jsonb))
        order by t.created_at)
      from public.travellers t where t.user_id = me), '[]'::jsonb),
    'waitlist_submissions', coalesce((select jsonb_agg(to_jsonb(w) order by w.created_at)
      from public.waitlist_submissions w where lower(w.email) = lower(my_email)), '[]'::jsonb),
    'interest_registrations', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at)
      from public.interest_registrations r where lower(r.email) = lower(my_email)), '[]'::jsonb),
    'contact_messages', coalesce((select jsonb_agg(to_jsonb(m) order by m.created_at)
      from public.contact_messages m where lower(m.email) = lower(my_email)), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated, service_role;

-- ---------------------------------------------------------------- delete my account

-- What the caller asked us to forget goes; what the company must keep stays, without a person behind it.
-- Always removed: reactions, follows, favourites, hearts, and the waitlist, interest and contact rows sent
-- with the account's address. Then, with no bookings and no posts, the auth user goes and takes the
-- profile, identities and sessions with it ('deleted'). Otherwise (bookings are financial records; posts
-- hold other members' replies) the account is anonymised as GoTrue's own soft delete does: address
-- replaced by an undeliverable one, password, identities, sessions and refresh tokens gone, banned and
-- marked deleted; the profile loses name, phone and consent, so posts show 'Anonymous' ('anonymised').
create function public.delete_my_account() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  my_email text;
begin
  if me is null then
    raise exception 'sign in to delete your account' using errcode = '42501';
  end if;
  select u.email into my_email from auth.users u where u.id = me and u.deleted_at is null;
  if not found then
    raise exception 'this account is already deleted' using errcode = '42501';
  end if;

  delete from public.waitlist_submissions where lower(email) = lower(my_email);
  delete from public.interest_registrations where lower(email) = lower(my_email);
  delete from public.contact_messages where lower(email) = lower(my_email);
  delete from public.reactions where user_id = me;
  delete from public.event_follows where user_id = me;
  delete from public.favorites where user_id = me;
  delete from public.comment_reactions where user_id = me;

  if not exists (select 1 from public.bookings where user_id = me)
     and not exists (select 1 from public.comments where user_id = me)
     and not exists (select 1 from public.comment_replies where user_id = me) then
    delete from auth.users where id = me;
    return 'deleted';
  end if;

  -- Travellers named on a kept booking keep their name for the company's records; everything else about
  -- them (contact, dietary and medical notes) goes, and travellers on no booking go entirely.
  delete from public.travellers t
  where t.user_id = me
    and not exists (select 1 from public.booking_travellers bt where bt.traveller_id = t.id);
  update public.travellers
  set date_of_birth = null, phone = null, dietary_notes = null, medical_notes = null,
      emergency_contact_name = null, emergency_contact_phone = null
  where user_id = me;
  update public.profiles
  set full_name = null, phone = null, marketing_consent = false
  where id = me;
  update auth.users
  set email = 'deleted-' || me::text || '@account-deleted.invalid',
      encrypted_password = '',
      email_change = '', email_change_token_new = '', email_change_token_current = '',
      email_change_confirm_status = 0, confirmation_token = '', recovery_token = '',
      reauthentication_token = '', phone = null,
      raw_user_meta_data = '{}'::jsonb,
      -- A finite date, as GoTrue's own bans use: Go cannot read an infinite timestamp into time.Time.
      banned_until = now() + interval '100 years', deleted_at = now(), updated_at = now()
  where id = me;
  delete from auth.identities where user_id = me;
  delete from auth.refresh_tokens where user_id = me::text;
  delete from auth.sessions where user_id = me;
  return 'anonymised';
end
$$;
revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;

-- ---------------------------------------------------------------- public profile

-- What /customer/{id} shows of a member to other signed-in members: name, member since, tier. Nothing
-- else of the profile (phone, admin flag, consent) leaves through here; a deleted account is not found.
create function public.member_public_profile(member_id uuid)
returns table (id uuid, full_name text, member_since timestamptz, membership_tier public.membership_tier)
language sql stable security definer set search_path = ''
as $$
  select p.id, p.full_name, p.created_at, p.membership_tier
  from public.profiles p
  join auth.users u on u.id = p.id
  where p.id = member_id and u.deleted_at is null
$$;
revoke all on function public.member_public_profile(uuid) from public, anon;
grant execute on function public.member_public_profile(uuid) to authenticated, service_role;
