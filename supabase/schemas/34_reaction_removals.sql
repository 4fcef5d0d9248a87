-- Live removals of hearts and event reactions (issue 25, decision 0070): a heart or reaction taken back is a
-- DELETE, and Realtime delivers a delete with its primary key alone (under row-level security it sends no
-- more), so an open page could not tell which post or event it was on and read again everything of its kind
-- it showed. Each removal now also writes a row here naming the event and the post, as comment_removals does
-- for soft-deleted posts (decision 0029); the page reads again that one event's comments, or patches that
-- one event's reactions. Ids only: nothing of who took it back.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- ---------------------------------------------------------------- public.reaction_removals

CREATE TABLE public.reaction_removals (
    id bigint NOT NULL,
    event_id uuid NOT NULL,
    comment_id uuid,
    reply_id uuid,
    removed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reaction_removals_one_post CHECK ((num_nonnulls(comment_id, reply_id) <= 1))
);

COMMENT ON TABLE public.reaction_removals IS 'Hearts (a comment or reply) and event reactions (no post) taken back, for Realtime.';

ALTER TABLE public.reaction_removals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.reaction_removals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.reaction_removals
    ADD CONSTRAINT reaction_removals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.reaction_removals
    ADD CONSTRAINT reaction_removals_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reaction_removals
    ADD CONSTRAINT reaction_removals_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reaction_removals
    ADD CONSTRAINT reaction_removals_reply_id_fkey FOREIGN KEY (reply_id) REFERENCES public.comment_replies(id) ON DELETE CASCADE;

CREATE INDEX reaction_removals_comment_id_idx ON public.reaction_removals USING btree (comment_id);

CREATE INDEX reaction_removals_event_id_idx ON public.reaction_removals USING btree (event_id);

CREATE INDEX reaction_removals_reply_id_idx ON public.reaction_removals USING btree (reply_id);

ALTER TABLE public.reaction_removals ENABLE ROW LEVEL SECURITY;

CREATE POLICY reaction_removals_select_authenticated ON public.reaction_removals FOR SELECT TO authenticated USING ((private.is_public_event(event_id) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.reaction_removals TO service_role;
GRANT SELECT ON TABLE public.reaction_removals TO authenticated;

GRANT ALL ON SEQUENCE public.reaction_removals_id_seq TO service_role;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.reaction_removals;

-- public.reaction_removals: its functions and triggers

-- A heart's row names its post's event (from the comment or reply); an event reaction's, its event. A removal
-- that cascades from its post's or event's deletion writes nothing: the post or event is gone, and its own
-- removal signal (comment_removals, or the event's) says so. Security definer: the member taking a heart back
-- has no right to insert here, and must not need one.
CREATE FUNCTION private.record_reaction_removal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_table_name = 'reactions' then
    insert into public.reaction_removals (event_id)
    select e.id from public.events e where e.id = old.event_id;
  elsif old.comment_id is not null then
    insert into public.reaction_removals (event_id, comment_id)
    select c.event_id, c.id from public.comments c where c.id = old.comment_id;
  else
    insert into public.reaction_removals (event_id, reply_id)
    select r.event_id, r.id from public.comment_replies r where r.id = old.reply_id;
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.record_reaction_removal() FROM PUBLIC;

CREATE TRIGGER record_reaction_removal AFTER DELETE ON public.comment_reactions FOR EACH ROW EXECUTE FUNCTION private.record_reaction_removal();

CREATE TRIGGER record_reaction_removal AFTER DELETE ON public.reactions FOR EACH ROW EXECUTE FUNCTION private.record_reaction_removal();
