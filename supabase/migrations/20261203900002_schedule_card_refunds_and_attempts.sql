-- Issue 22, decision 0090: the schedules of the work 20261203900001 defines. Jobs are data, not schema
-- (decision 0079): written here by hand, so supabase/schemas does not hold them and db:check does not see
-- them. cron.schedule replaces a job of the same name, so running this again changes nothing.

-- Hosted Supabase needs the extension before cron.schedule; the local stack provides the cron schema itself.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
end
$$;

-- Card payment attempts whose Checkout Session was never made, closed and their hold given back.
select cron.schedule('card-attempts-sweep', '*/5 * * * *', $$select private.sweep_card_attempts()$$);

-- Refunds still waiting for Stripe (the admin's call was lost, or Stripe was down): retried with the same
-- idempotency key, so each is made once.
select cron.schedule('card-refunds-sweep', '*/10 * * * *', $$select private.wake_card_refunds()$$);
