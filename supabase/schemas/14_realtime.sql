-- Realtime: the tables whose changes reach signed-in members live.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- ---------------------------------------------------------------- publication

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.comment_reactions;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.comment_removals;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.comment_replies;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.comments;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.event_updates;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.poll_vote_signals;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.reactions;

