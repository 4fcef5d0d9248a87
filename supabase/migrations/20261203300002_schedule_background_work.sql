-- Issue 23, decision 0083: the schedules of the work 20261203300001 defines. Jobs are data, not schema
-- (decision 0079): written here by hand, so supabase/schemas does not hold them and db:check does not see
-- them. Times are UTC, pg_cron's: 14:05 UTC is just after Sydney's midnight in summer (01:05) and in winter
-- (00:05). cron.schedule replaces a job of the same name, so running this again changes nothing.

-- Hosted Supabase: the scheduler and HTTP from SQL are extensions, created where they are available and not
-- there yet. The local stack provides both interfaces itself (supabase/local/src/db/bootstrap.sql), so there
-- the schemas exist already and nothing is created.
do $$
begin
  if not exists (select from pg_namespace where nspname = 'cron')
     and exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension pg_cron with schema pg_catalog;
  end if;
  if not exists (select from pg_namespace where nspname = 'net')
     and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension pg_net with schema extensions;
  end if;
end
$$;

-- The outbox's sender, every minute: the insert trigger wakes it at once, and this sweep catches retries
-- (a failed message's next attempt is 1, 2, 4 … minutes later) and anything a lost call missed.
select cron.schedule('send-mail-sweep', '* * * * *', $$select private.invoke_edge_function('send-mail')$$);

-- Trips whose last day has passed become completed, daily after Sydney's midnight.
select cron.schedule('complete-ended-trips', '5 14 * * *', $$select private.complete_ended_events()$$);

-- Housekeeping, daily in Sydney's small hours: rows nobody reads again, then images no post names (removed
-- through the Storage API by the prune-images Edge Function).
select cron.schedule('prune-unread-rows', '30 16 * * *', $$select private.prune_unread_rows()$$);
select cron.schedule('prune-images', '45 16 * * *', $$select private.invoke_edge_function('prune-images')$$);
