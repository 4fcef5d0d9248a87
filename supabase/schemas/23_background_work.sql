-- Work that happens on its own (issue 23, decision 0083): the call that starts the outbox's sender on hosted
-- Supabase (on every insert, and the scheduler's sweep), trips that have ended marked completed, housekeeping
-- of rows nobody reads again and of images no post names, and the admin's view of each job's last run.
-- The schedules themselves are data (cron.schedule), in the hand-written migration 20261203300002.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261203300001_run_background_work:
--   The outbox's sender is woken on insert and swept every minute through pg_net, with the project's URL
--   and service-role key from Vault (skipped quietly when they are unset: the local stack delivers itself);
--   ended trips become completed; housekeeping prunes comment removals already delivered, confirmation
--   links long expired, rate-limit rows past their hour and old job runs, and lists images no post names;
--   admins read each scheduled job's last run.

-- ---------------------------------------------------------------- calling Edge Functions from SQL

-- Calls one of the project's Edge Functions through pg_net (sent after commit) with the service-role key,
-- as Supabase's guide for scheduling Edge Functions does: the project's URL and key are the Vault secrets
-- 'project_url' and 'service_role_key'. Without them it calls nothing and answers null, so a project (or the
-- local stack, which delivers the outbox itself) that has not set them loses nothing and logs no error.
CREATE FUNCTION private.invoke_edge_function(function_name text, body jsonb DEFAULT '{}'::jsonb) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  project_url text;
  service_key text;
begin
  if function_name is null or function_name !~ '^[a-z0-9][a-z0-9_-]{0,62}$' then
    raise exception 'invalid Edge Function name: %', coalesce(function_name, 'null');
  end if;
  select max(s.decrypted_secret) filter (where s.name = 'project_url'),
         max(s.decrypted_secret) filter (where s.name = 'service_role_key')
  into project_url, service_key
  from vault.decrypted_secrets s
  where s.name in ('project_url', 'service_role_key');
  if nullif(btrim(project_url), '') is null or nullif(btrim(service_key), '') is null then
    return null;
  end if;
  -- A minute to answer: the sender drains for up to 50 s in one call.
  return net.http_post(
    url := rtrim(btrim(project_url), '/') || '/functions/v1/' || function_name,
    body := coalesce(body, '{}'::jsonb),
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || btrim(service_key)
    ),
    timeout_milliseconds := 60000
  );
end
$_$;

REVOKE ALL ON FUNCTION private.invoke_edge_function(function_name text, body jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.invoke_edge_function(function_name text, body jsonb) FROM anon;
REVOKE ALL ON FUNCTION private.invoke_edge_function(function_name text, body jsonb) FROM authenticated;

-- Wakes the outbox's sender (supabase/functions/send-mail) once per statement that queues mail, so a
-- 5,000-member update makes one call, not 5,000. The sender claims rows, so however many calls and sweeps
-- run at once, each message goes out once. Waking is best effort: a call that cannot be queued (pg_net
-- missing, say) is a warning, never the failure of the enquiry or booking that queued the mail; the
-- scheduler's sweep delivers it.
CREATE FUNCTION private.wake_mail_sender() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  begin
    perform private.invoke_edge_function('send-mail');
  exception when others then
    raise warning 'could not wake the mail sender: %', sqlerrm;
  end;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.wake_mail_sender() FROM PUBLIC;
REVOKE ALL ON FUNCTION private.wake_mail_sender() FROM anon;
REVOKE ALL ON FUNCTION private.wake_mail_sender() FROM authenticated;

CREATE TRIGGER wake_mail_sender AFTER INSERT ON private.outbound_mail FOR EACH STATEMENT EXECUTE FUNCTION private.wake_mail_sender();

-- ---------------------------------------------------------------- completed trips

-- Marks every published departure whose last day is before `today` (Sydney's, by default) completed: the
-- rule private.event_phase already reads, made the event's status, so members' pages, the admin lists and
-- anything reading events.status agree. Answers how many it marked. Run daily by the scheduler.
CREATE FUNCTION private.complete_ended_events(today date DEFAULT private.sydney_today()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  marked integer;
begin
  update public.events e set status = 'completed'
  where e.status = 'published' and e.end_date < complete_ended_events.today;
  get diagnostics marked = row_count;
  return marked;
end
$$;

REVOKE ALL ON FUNCTION private.complete_ended_events(today date) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.complete_ended_events(today date) FROM anon;
REVOKE ALL ON FUNCTION private.complete_ended_events(today date) FROM authenticated;

-- ---------------------------------------------------------------- housekeeping

-- Deletes what is never read again, as of `as_of` (now by default), and answers how many rows of each kind:
--   comment_removals: a removal's only reader is Realtime, which delivers it when it is written (decision
--     0029); a day later no page is waiting for it. reaction_removals likewise (decision 0070).
--   marketing_confirmations never confirmed (or withdrawn) whose link expired 30 days ago: the link then
--     answers 'invalid' instead of 'expired', and the daily limit on asking (1 day) is long past.
--     Unsubscribe tokens are never pruned: the link in every marketing e-mail must keep working.
--   enquiry_attempts and waitlist_probes past their hour: the limits count only the last hour.
--   cron.job_run_details older than 30 days, but always each job's latest run (the overview shows it).
CREATE FUNCTION private.prune_unread_rows(as_of timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

REVOKE ALL ON FUNCTION private.prune_unread_rows(as_of timestamp with time zone) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.prune_unread_rows(as_of timestamp with time zone) FROM anon;
REVOKE ALL ON FUNCTION private.prune_unread_rows(as_of timestamp with time zone) FROM authenticated;

-- Images in the event-images bucket uploaded more than a day before `as_of` that nothing names: no comment or
-- reply attaches them (by their public URL, private.is_authors_event_image's shape) and no event lists them
-- (events.image_paths). A day leaves a member time to post what they uploaded. Storage objects are removed
-- through the Storage API, never by SQL (hosted Storage refuses direct deletes and would keep the file): the
-- prune-images Edge Function asks for these names and removes them. The service role only.
CREATE FUNCTION public.orphan_event_images(as_of timestamp with time zone DEFAULT now(), max_rows integer DEFAULT 500) RETURNS SETOF text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select o.name
  from storage.objects o
  where o.bucket_id = 'event-images'
    and o.created_at < orphan_event_images.as_of - interval '1 day'
    and not exists (
      select 1 from public.comments c
      where c.attachment_url like '%/storage/v1/object/public/event-images/' || o.name)
    and not exists (
      select 1 from public.comment_replies r
      where r.attachment_url like '%/storage/v1/object/public/event-images/' || o.name)
    and not exists (select 1 from public.events e where o.name = any (e.image_paths))
  order by o.created_at
  limit least(greatest(coalesce(orphan_event_images.max_rows, 500), 1), 1000)
$$;

REVOKE ALL ON FUNCTION public.orphan_event_images(as_of timestamp with time zone, max_rows integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.orphan_event_images(as_of timestamp with time zone, max_rows integer) FROM anon;
REVOKE ALL ON FUNCTION public.orphan_event_images(as_of timestamp with time zone, max_rows integer) FROM authenticated;
GRANT ALL ON FUNCTION public.orphan_event_images(as_of timestamp with time zone, max_rows integer) TO service_role;

-- ---------------------------------------------------------------- the admin's view of the jobs

-- Each scheduled job (pg_cron's cron.job) with its last run from cron.job_run_details: when it started,
-- 'succeeded' or 'failed', and pg_cron's message for a failure. Jobs that never ran have no run columns.
-- Admins only (42501 for anyone else); security definer, since nobody in the API may read the cron schema.
CREATE FUNCTION public.admin_job_runs() RETURNS TABLE(job_name text, schedule text, active boolean, last_run_at timestamp with time zone, last_status text, last_error text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform private.require_admin('read the scheduled jobs');
  return query
    select coalesce(j.jobname, 'job ' || j.jobid::text)::text, j.schedule::text, j.active,
           d.start_time, d.status::text,
           case when d.status = 'succeeded' then null else nullif(d.return_message, '') end::text
    from cron.job j
    left join lateral (
      select r.start_time, r.status, r.return_message
      from cron.job_run_details r
      where r.jobid = j.jobid
      order by r.runid desc
      limit 1
    ) d on true
    order by 1;
end
$$;

REVOKE ALL ON FUNCTION public.admin_job_runs() FROM PUBLIC;
REVOKE ALL ON FUNCTION public.admin_job_runs() FROM anon;
GRANT ALL ON FUNCTION public.admin_job_runs() TO authenticated;
GRANT ALL ON FUNCTION public.admin_job_runs() TO service_role;
