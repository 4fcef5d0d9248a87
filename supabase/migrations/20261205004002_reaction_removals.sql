-- Live removals of hearts and event reactions (issue 25, decision 0070): a delete reaches other members'
-- pages with its primary key alone, so each heart or event reaction taken back also writes a row of ids to
-- public.reaction_removals (event, and the comment or reply), which Realtime delivers; the page reads again
-- that one event's comments, or patches that one event's reactions, instead of everything of its kind.
-- prune_unread_rows() prunes these rows after a day, as comment_removals'.
create table "public"."reaction_removals" (
    "id" bigint generated always as identity not null,
    "event_id" uuid not null,
    "comment_id" uuid,
    "reply_id" uuid,
    "removed_at" timestamp with time zone not null default now()
      );


alter table "public"."reaction_removals" enable row level security;

CREATE INDEX reaction_removals_comment_id_idx ON public.reaction_removals USING btree (comment_id);

CREATE INDEX reaction_removals_event_id_idx ON public.reaction_removals USING btree (event_id);

CREATE UNIQUE INDEX reaction_removals_pkey ON public.reaction_removals USING btree (id);

CREATE INDEX reaction_removals_reply_id_idx ON public.reaction_removals USING btree (reply_id);

alter table "public"."reaction_removals" add constraint "reaction_removals_pkey" PRIMARY KEY using index "reaction_removals_pkey";

alter table "public"."reaction_removals" add constraint "reaction_removals_comment_id_fkey" FOREIGN KEY (comment_id) REFERENCES comments(id) ON DELETE CASCADE not valid;

alter table "public"."reaction_removals" validate constraint "reaction_removals_comment_id_fkey";

alter table "public"."reaction_removals" add constraint "reaction_removals_event_id_fkey" FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE not valid;

alter table "public"."reaction_removals" validate constraint "reaction_removals_event_id_fkey";

alter table "public"."reaction_removals" add constraint "reaction_removals_one_post" CHECK ((num_nonnulls(comment_id, reply_id) <= 1)) not valid;

alter table "public"."reaction_removals" validate constraint "reaction_removals_one_post";

alter table "public"."reaction_removals" add constraint "reaction_removals_reply_id_fkey" FOREIGN KEY (reply_id) REFERENCES comment_replies(id) ON DELETE CASCADE not valid;

alter table "public"."reaction_removals" validate constraint "reaction_removals_reply_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.record_reaction_removal()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_table_name = 'reactions' then
    insert into public.reaction_removals (event_id)
    select e.id from public.events e where e.id = old.event_id;
  elsif old.comment_id is not null then
    insert into public.reaction_removals (event_id, comment_id)
    select c.event_id, c.id from public.comments c where c.id = old.comment_id;
  else
    insert into public.reaction_removals (event_id, reply_id)
    select r.event_id, r.id from public.comment_replies r where r.id = old.reply_id;
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.prune_unread_rows(as_of timestamp with time zone DEFAULT now())
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  removals integer;
  taken_back integer;
  confirmations integer;
  attempts integer;
  probes integer;
  job_runs integer;
begin
  delete from public.comment_removals r where r.removed_at < prune_unread_rows.as_of - interval '1 day';
  get diagnostics removals = row_count;
  delete from public.reaction_removals r where r.removed_at < prune_unread_rows.as_of - interval '1 day';
  get diagnostics taken_back = row_count;
  delete from private.marketing_confirmations c
  where c.confirmed_at is null
    and (c.requested_at is null
         or c.requested_at < prune_unread_rows.as_of - private.marketing_confirmation_lifetime() - interval '30 days');
  get diagnostics confirmations = row_count;
  delete from private.enquiry_attempts a where a.attempted_at <= prune_unread_rows.as_of - interval '1 hour';
  get diagnostics attempts = row_count;
  delete from private.waitlist_probes p where p.probed_at <= prune_unread_rows.as_of - interval '1 hour';
  get diagnostics probes = row_count;
  delete from cron.job_run_details d
  where d.end_time < prune_unread_rows.as_of - interval '30 days'
    and d.runid < (select max(l.runid) from cron.job_run_details l where l.jobid = d.jobid);
  get diagnostics job_runs = row_count;
  return jsonb_build_object(
    'comment_removals', removals,
    'reaction_removals', taken_back,
    'marketing_confirmations', confirmations,
    'enquiry_attempts', attempts,
    'waitlist_probes', probes,
    'job_run_details', job_runs
  );
end
$function$
;

grant select on table "public"."reaction_removals" to "authenticated";

grant delete on table "public"."reaction_removals" to "service_role";

grant insert on table "public"."reaction_removals" to "service_role";

grant references on table "public"."reaction_removals" to "service_role";

grant select on table "public"."reaction_removals" to "service_role";

grant trigger on table "public"."reaction_removals" to "service_role";

grant truncate on table "public"."reaction_removals" to "service_role";

grant update on table "public"."reaction_removals" to "service_role";


create policy "reaction_removals_select_authenticated"
  on "public"."reaction_removals"
  as permissive
  for select
  to authenticated
using ((private.is_public_event(event_id) OR ( SELECT private.is_admin() AS is_admin)));


CREATE TRIGGER record_reaction_removal AFTER DELETE ON public.comment_reactions FOR EACH ROW EXECUTE FUNCTION private.record_reaction_removal();

CREATE TRIGGER record_reaction_removal AFTER DELETE ON public.reactions FOR EACH ROW EXECUTE FUNCTION private.record_reaction_removal();

revoke all on function private.record_reaction_removal() from public;

grant all on table public.reaction_removals to service_role;

grant all on sequence public.reaction_removals_id_seq to service_role;

comment on table public.reaction_removals is 'Hearts (a comment or reply) and event reactions (no post) taken back, for Realtime.';

alter publication supabase_realtime add table only public.reaction_removals;
