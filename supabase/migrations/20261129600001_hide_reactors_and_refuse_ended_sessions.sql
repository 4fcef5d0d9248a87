-- Issue 19, decision 0058. Who reacted or gave a heart is nobody else's business: visitors read counts only
-- (event_reaction_counts, comment_heart_counts, now read with their owner's rights and counting what the
-- old policies showed), members read reaction and heart rows without user_id or created_at (Realtime still
-- tells them a count changed) and their own through my_reactions and my_comment_hearts; a member takes back
-- only their own. member_public_profile() answers only for members the community has seen (public_profiles)
-- and the caller.
-- An access token outlives its account and its session: private.caller_is_live() says whether the token's
-- user still exists (not deleted or anonymised) and, when it names one, its session still exists in
-- auth.sessions; a statement trigger on every table the API writes, the member's security-definer writes
-- and private.require_admin() refuse a caller who is not (42501, HTTP 403). Reads go on until the token
-- expires.

drop policy "comment_reactions_select_anon" on "public"."comment_reactions";

drop policy "reactions_select_anon" on "public"."reactions";

drop policy "comment_reactions_delete_authenticated" on "public"."comment_reactions";

drop policy "reactions_delete_authenticated" on "public"."reactions";

revoke select on table "public"."comment_reactions" from "anon";

revoke select on table "public"."comment_reactions" from "authenticated";

revoke select on table "public"."reactions" from "anon";

revoke select on table "public"."reactions" from "authenticated";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.caller_is_live()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  member uuid := auth.uid();
  session text := nullif(auth.jwt() ->> 'session_id', '');
begin
  if member is null then
    return true;
  end if;
  if not exists (select 1 from auth.users u where u.id = member and u.deleted_at is null) then
    return false;
  end if;
  if session is null then
    return true;
  end if;
  -- A session id that is not a UUID names no session (and must not fail the cast below).
  if session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return exists (select 1 from auth.sessions s where s.id = session::uuid and s.user_id = member);
end
$function$
;

CREATE OR REPLACE FUNCTION private.refuse_ended_session()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_end_user() then
    perform private.require_live_caller();
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.require_live_caller()
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if not private.caller_is_live() then
    raise exception 'your session has ended' using errcode = '42501', hint = 'Log in again.';
  end if;
end
$function$
;

create or replace view "public"."my_comment_hearts" as  SELECT h.id,
    h.comment_id,
    h.reply_id
   FROM comment_reactions h
  WHERE (h.user_id = ( SELECT auth.uid() AS uid));


create or replace view "public"."my_reactions" as  SELECT r.id,
    r.event_id,
    r.reaction_type
   FROM reactions r
  WHERE (r.user_id = ( SELECT auth.uid() AS uid));


CREATE OR REPLACE FUNCTION private.require_admin(what text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  perform private.require_live_caller();
  if not private.is_admin() then
    raise exception 'only an admin can %', what using errcode = '42501';
  end if;
end
$function$
;

create or replace view "public"."comment_heart_counts" as  SELECT h.comment_id,
    h.reply_id,
    (count(*))::integer AS total
   FROM comment_reactions h
  WHERE ((EXISTS ( SELECT 1
           FROM comments c
          WHERE ((c.id = h.comment_id) AND (NOT c.is_deleted) AND private.is_public_event(c.event_id)))) OR (EXISTS ( SELECT 1
           FROM comment_replies r
          WHERE ((r.id = h.reply_id) AND (NOT r.is_deleted) AND private.is_public_event(r.event_id)))) OR ( SELECT private.is_admin() AS is_admin))
  GROUP BY h.comment_id, h.reply_id;


CREATE OR REPLACE FUNCTION public.delete_my_account()
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  part_name text;
begin
  if me is null then
    raise exception 'sign in to delete your account' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = me and u.deleted_at is null) then
    raise exception 'this account is already deleted' using errcode = '42501';
  end if;
  -- A token whose session has ended (signed out everywhere) cannot delete the account either.
  perform private.require_live_caller();
  for part_name in select d.part from private.member_data_parts d order by d.position loop
    execute format('select private.%I($1)', 'forget_' || part_name) using me;
  end loop;
  return case when exists (select 1 from auth.users u where u.id = me) then 'anonymised' else 'deleted' end;
end
$function$
;

create or replace view "public"."event_reaction_counts" as  SELECT r.event_id,
    r.reaction_type,
    (count(*))::integer AS total
   FROM reactions r
  WHERE (private.is_public_event(r.event_id) OR ( SELECT private.is_admin() AS is_admin))
  GROUP BY r.event_id, r.reaction_type;


CREATE OR REPLACE FUNCTION public.member_public_profile(member_id uuid)
 RETURNS TABLE(id uuid, full_name text, member_since timestamp with time zone, membership_tier membership_tier)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id, p.full_name, p.created_at, p.membership_tier
  from public.profiles p
  join auth.users u on u.id = p.id
  join public.public_profiles seen on seen.id = p.id
  where p.id = member_id and u.deleted_at is null
$function$
;

CREATE OR REPLACE FUNCTION public.submit_traveller_form(p_form_id uuid, p_answers jsonb, p_traveller_id uuid DEFAULT NULL::uuid)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  form public.traveller_forms;
  field jsonb;
  answer jsonb;
  clean jsonb := '{}';
  sent timestamptz;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to fill this form.' using errcode = '42501';
  end if;
  perform private.require_live_caller();
  select * into form from public.traveller_forms where id = p_form_id;
  if form is null or not private.is_booked_on_form(p_form_id) then
    raise exception 'This form is for travellers booked on its event.' using errcode = '42501';
  end if;
  if form.answered_by = 'traveller' then
    if p_traveller_id is null then
      raise exception 'Say which traveller these answers are for.' using errcode = '22023';
    end if;
    if not exists (select 1 from private.my_form_travellers(p_form_id) t where t.traveller_id = p_traveller_id) then
      raise exception 'This traveller is not named on your booking for this event.' using errcode = '42501';
    end if;
  elsif p_traveller_id is not null then
    raise exception 'This form is answered once per booking, not per traveller.' using errcode = '22023';
  end if;
  if jsonb_typeof(p_answers) is distinct from 'object' then
    raise exception 'The answers must be an object keyed by field.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_object_keys(p_answers) k
             where not exists (select 1 from jsonb_array_elements(form.fields) f where f ->> 'key' = k)) then
    raise exception 'An answer is for a question this form does not have.' using errcode = '22023';
  end if;
  for field in select value from jsonb_array_elements(form.fields) loop
    answer := p_answers -> (field ->> 'key');
    if answer is null or answer = 'null'::jsonb or answer = '""'::jsonb then
      if (field -> 'required')::boolean then
        raise exception '"%" is required.', field ->> 'label' using errcode = '23514';
      end if;
      continue;
    end if;
    if (field ->> 'kind') = 'yes_no' then
      if jsonb_typeof(answer) <> 'boolean' then
        raise exception '"%" must be yes or no.', field ->> 'label' using errcode = '22023';
      end if;
    elsif jsonb_typeof(answer) <> 'string' then
      raise exception '"%" must be text.', field ->> 'label' using errcode = '22023';
    elsif (field ->> 'kind') = 'text' and char_length(answer #>> '{}') > 2000 then
      raise exception '"%" is at most 2,000 characters.', field ->> 'label' using errcode = '23514';
    elsif (field ->> 'kind') = 'choice' and not (field -> 'options') @> jsonb_build_array(answer) then
      raise exception '"%" must be one of its options.', field ->> 'label' using errcode = '22023';
    elsif (field ->> 'kind') = 'date' and not private.is_iso_date(answer #>> '{}') then
      raise exception '"%" must be a date (YYYY-MM-DD).', field ->> 'label' using errcode = '22023';
    end if;
    clean := clean || jsonb_build_object(field ->> 'key', answer);
  end loop;
  insert into public.traveller_form_responses (form_id, user_id, traveller_id, answers)
  values (p_form_id, (select auth.uid()), p_traveller_id, clean)
  on conflict (form_id, user_id, traveller_id) do update set answers = excluded.answers, submitted_at = now()
  returning submitted_at into sent;
  return sent;
end
$function$
;


  create policy "comment_reactions_delete_authenticated"
  on "public"."comment_reactions"
  as permissive
  for delete
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)));



  create policy "reactions_delete_authenticated"
  on "public"."reactions"
  as permissive
  for delete
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)));


CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.booking_installments FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.booking_travellers FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.bookings FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_flags FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_reactions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_replies FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comment_suspensions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.comments FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.contact_messages FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.customer_notes FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_follows FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_update_reads FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_updates FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.events FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.favorites FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.interest_registrations FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.poll_votes FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.polls FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.profiles FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.reactions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.traveller_forms FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.travellers FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.waitlist_submissions FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

-- What migra cannot write: view options, comments, and grants.
alter view public.comment_heart_counts set (security_invoker = false, security_barrier = true);
comment on view public.comment_heart_counts is 'Hearts per live comment or reply on a public event (an admin: all).';
alter view public.event_reaction_counts set (security_invoker = false, security_barrier = true);
alter view public.my_comment_hearts set (security_invoker = false, security_barrier = true);
alter view public.my_reactions set (security_invoker = false, security_barrier = true);
comment on view public.my_comment_hearts is 'The caller''s own hearts on comments and replies.';
comment on view public.my_reactions is 'The caller''s own reactions to events.';
revoke all on table public.my_comment_hearts, public.my_reactions from anon, authenticated;
grant all on table public.my_comment_hearts, public.my_reactions to service_role;
grant select on table public.my_comment_hearts, public.my_reactions to authenticated;

grant select (id, comment_id, reply_id, reaction_type) on table public.comment_reactions to authenticated;
grant select (id, event_id, reaction_type) on table public.reactions to authenticated;

revoke all on function private.caller_is_live() from public;
grant execute on function private.caller_is_live() to anon, authenticated, service_role;
revoke all on function private.require_live_caller() from public;
grant execute on function private.require_live_caller() to anon, authenticated, service_role;
