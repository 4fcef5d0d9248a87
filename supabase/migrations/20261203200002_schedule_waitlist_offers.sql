-- The waitlist job (issue 23, decision 0082): every 5 minutes, release the pending bookings whose hold ran
-- out (one e-mail each), close the waitlist offers that ran out, and offer each departure's free places to
-- the next people on its waitlist. Jobs are data, declared as on hosted Supabase (decision 0079): pg_cron
-- there, the local stack's scheduler here. The body takes the moment as an argument so tests move the clock;
-- cron calls it without one (now()).

-- Hosted Supabase needs the extension before cron.schedule; the local stack provides the cron schema itself.
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
end
$$;

select cron.schedule('waitlist-offers', '*/5 * * * *', $$select private.run_waitlist_offers()$$);
