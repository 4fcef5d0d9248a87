-- The daily payment reminders (issue 23, decisions 0079 and 0081): private.send_payment_reminders() at 22:00
-- UTC, 9 am in Sydney in summer (AEDT) and 8 am in winter (AEST), so reminders land in the morning.
-- Jobs are data, not schema (decision 0079): this migration is written by hand, after the function it calls.
-- Hosted Supabase: pg_cron is created here where the server offers it (the first job needs it). Locally the
-- stack's bootstrap provides the `cron` schema and runs due jobs itself; a server with neither gets no job
-- rather than a failed migration (the reminders are then sent by calling the function).

do $$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron')
     and not exists (select from pg_catalog.pg_namespace where nspname = 'cron') then
    create extension pg_cron;
  end if;
  if exists (select from pg_catalog.pg_namespace where nspname = 'cron') then
    -- cron.schedule upserts by name, so running this again changes nothing.
    perform cron.schedule('payment-reminders', '0 22 * * *', 'select private.send_payment_reminders()');
  end if;
end
$$;
