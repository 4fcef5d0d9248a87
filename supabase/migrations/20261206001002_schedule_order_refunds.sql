-- The scheduler's sweep of store order refunds (decision 0097): every 10 minutes, while an order refund is
-- still 'requested' (a lost call to Stripe), private.wake_order_refunds calls the stripe-refund function,
-- which retries each with its idempotency key. cron.schedule replaces a job of the same name.

-- Hosted Supabase needs the extension before cron.schedule; the local stack provides the cron schema itself.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
end
$$;

select cron.schedule('order-refunds-sweep', '*/10 * * * *', $$select private.wake_order_refunds()$$);
