-- Issue 22, decision 0095: the hourly reconciliation of Stripe with the ledger. Jobs are data, not schema
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

-- At 17 past each hour: the stripe-reconcile function lists the last three days of Stripe's payments and
-- refunds and compares them with the ledger (without Stripe keys it does nothing and says so).
select cron.schedule('stripe-reconcile', '17 * * * *', $$select private.invoke_edge_function('stripe-reconcile')$$);
