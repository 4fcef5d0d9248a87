-- A member's data download (export_my_data, 20261124400001_account_self_service.sql) includes the reports
-- (comment_flags) they sent. The function is the same but for the comment_flags entry.

create or replace function public.export_my_data() returns jsonb
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
    'comment_flags', coalesce((select jsonb_agg(to_jsonb(fl) order by fl.created_at)
      from public.comment_flags fl where fl.user_id = me), '[]'::jsonb),
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
