-- The store's expiry job (issue 24, decision 0091): every 5 minutes, orders still awaiting payment whose time
-- ran out (a card order after 35 minutes, a bank transfer order after store_settings.bank_transfer_days)
-- expire and their stock goes back on the shelf. Declared as on hosted Supabase (decision 0079): pg_cron
-- there, the local stack's scheduler here. cron.schedule replaces a job of the same name.

-- Hosted Supabase needs the extension before cron.schedule; the local stack provides the cron schema itself.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
end
$$;

select cron.schedule('expire-store-orders', '*/5 * * * *', $$select private.expire_store_orders()$$);
