-- AutoPay's daily run (issue 22, decisions 0079 and 0088): private.run_autopay() at 21:30 UTC, 8:30 am in
-- Sydney in summer (AEDT) and 7:30 am in winter (AEST), so the notices land in the morning and each
-- instalment is charged early on its due date, before the payment reminders (22:00 UTC) look at what is owed.
-- Jobs are data, not schema (decision 0079): this migration is written by hand, after the function it calls;
-- where the server has no `cron` schema the job is not scheduled (as for the payment reminders).

do $$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron')
     and not exists (select from pg_catalog.pg_namespace where nspname = 'cron') then
    create extension pg_cron;
  end if;
  if exists (select from pg_catalog.pg_namespace where nspname = 'cron') then
    -- cron.schedule upserts by name, so running this again changes nothing.
    perform cron.schedule('autopay', '30 21 * * *', 'select private.run_autopay()');
  end if;
end
$$;
