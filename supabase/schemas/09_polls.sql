-- Polls and votes.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261127300001_create_polls:
--   Polls (issue 11, /admin/polls, decision 0041): an admin asks members a question with 2 to 6 options and a
--   closing time, for one event or for all members; each member votes once (the primary key of poll_votes is
--   the rule) while the poll is open, and sees the results once they have voted; admins see them always.
--   Field rules as src/features/polls/poll-rules.ts; polls.data.test.ts checks the boundaries agree.
-- 20261128200002_admin_polls_list:
--   /admin/polls as a server-paged list (decision 0044): one page of polls with their results and the total in
--   one answer, like admin_customers(); and live results through a signal table (below), so an admin's open
--   screen hears each vote and reads the page again (decision 0029's way).
--     state:  '' every poll | 'open' | 'closed'
--     sort:   question | for | closes | votes | created;  dir: asc | desc

-- ---------------------------------------------------------------- what public.polls checks, and its policies ask

-- The options: 2 to 6, each trimmed, 1 to 120 characters, one line, and no two the same (ignoring case).
CREATE FUNCTION private.are_poll_options(value text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(cardinality(value) between 2 and 6, false)
     and array_ndims(value) = 1
     and not exists (
       select 1 from unnest(value) o
       where o is null or not private.is_trimmed(o) or char_length(o) not between 1 and 120
          or o ~ '[\u0001-\u001F\u007F-\u009F]'
     )
     and (select count(distinct lower(o)) from unnest(value) o) = cardinality(value)
$$;

GRANT ALL ON FUNCTION private.are_poll_options(value text[]) TO authenticated;
GRANT ALL ON FUNCTION private.are_poll_options(value text[]) TO service_role;

-- A question: trimmed, 1 to 300 characters, one line.
CREATE FUNCTION private.is_poll_question(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 300
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_poll_question(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_poll_question(value text) TO service_role;

-- ---------------------------------------------------------------- public.polls

CREATE TABLE public.polls (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid,
    question text NOT NULL,
    options text[] NOT NULL,
    closes_at timestamp with time zone NOT NULL,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT polls_options_check CHECK (private.are_poll_options(options)),
    CONSTRAINT polls_question_check CHECK (private.is_poll_question(question))
);

COMMENT ON TABLE public.polls IS 'Questions admins ask members: for one event (event_id) or for all members (null). Options are ordered; a vote names one by its index.';

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.polls
    ADD CONSTRAINT polls_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

CREATE INDEX polls_closes_at_idx ON public.polls USING btree (closes_at DESC);

CREATE INDEX polls_event_id_idx ON public.polls USING btree (event_id);

ALTER TABLE public.polls ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.polls FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY polls_delete_admin ON public.polls FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY polls_insert_admin ON public.polls FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

-- Members see the polls for all members and those of the events they can see (the subquery runs under
-- events' own policy, so a draft's poll stays hidden); admins see every poll.
CREATE POLICY polls_select_authenticated ON public.polls FOR SELECT TO authenticated USING ((( SELECT private.is_admin() AS is_admin) OR (event_id IS NULL) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = polls.event_id)))));

CREATE POLICY polls_update_admin ON public.polls FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.polls TO service_role;
GRANT SELECT,DELETE ON TABLE public.polls TO authenticated;

GRANT INSERT(event_id) ON TABLE public.polls TO authenticated;

GRANT INSERT(question) ON TABLE public.polls TO authenticated;

GRANT INSERT(options) ON TABLE public.polls TO authenticated;

GRANT INSERT(closes_at),UPDATE(closes_at) ON TABLE public.polls TO authenticated;

-- public.polls: its functions and triggers

-- A new poll must close in the future; editing one later may close it early (closes_at = now()).
CREATE FUNCTION private.check_poll_closing() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.closes_at <= now() then
    raise exception 'The closing time must be in the future.' using errcode = '23514';
  end if;
  return new;
end
$$;

CREATE TRIGGER check_closing BEFORE INSERT ON public.polls FOR EACH ROW EXECUTE FUNCTION private.check_poll_closing();

-- ---------------------------------------------------------------- public.poll_vote_signals

-- One row per poll, stamped by each vote, published to Realtime, readable by admins only. Not poll_votes
-- itself: Realtime sends a DELETE to every subscriber whatever the policies, with the row's primary key, and
-- poll_votes' key names the voter (a deleted poll would tell any member who subscribed who had voted in it).
-- Here an UPDATE (read back under the policy: admins only) carries no voter, and a DELETE only a poll's id.
CREATE TABLE public.poll_vote_signals (
    poll_id uuid NOT NULL,
    last_vote_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.poll_vote_signals IS 'Live results for admins (decision 0044): the time of each poll''s latest vote, written by a trigger on poll_votes.';

ALTER TABLE ONLY public.poll_vote_signals
    ADD CONSTRAINT poll_vote_signals_pkey PRIMARY KEY (poll_id);

ALTER TABLE ONLY public.poll_vote_signals
    ADD CONSTRAINT poll_vote_signals_poll_id_fkey FOREIGN KEY (poll_id) REFERENCES public.polls(id) ON DELETE CASCADE;

ALTER TABLE public.poll_vote_signals ENABLE ROW LEVEL SECURITY;

CREATE POLICY poll_vote_signals_select_admin ON public.poll_vote_signals FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.poll_vote_signals TO service_role;
GRANT SELECT ON TABLE public.poll_vote_signals TO authenticated;

-- ---------------------------------------------------------------- public.poll_votes

CREATE TABLE public.poll_votes (
    poll_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    option_index smallint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT poll_votes_option_index_check CHECK ((option_index >= 0))
);

COMMENT ON TABLE public.poll_votes IS 'One row per member who voted in a poll: the option they chose. Never changed.';

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_once_per_member PRIMARY KEY (poll_id, user_id);

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_poll_id_fkey FOREIGN KEY (poll_id) REFERENCES public.polls(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.poll_votes
    ADD CONSTRAINT poll_votes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE public.poll_votes ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.poll_votes FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

-- Only in a poll the caller can see (the subquery runs under polls' policy).
CREATE POLICY poll_votes_insert_authenticated ON public.poll_votes FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.polls p
  WHERE (p.id = poll_votes.poll_id)))));

CREATE POLICY poll_votes_select_authenticated ON public.poll_votes FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

GRANT ALL ON TABLE public.poll_votes TO service_role;
GRANT SELECT ON TABLE public.poll_votes TO authenticated;

GRANT INSERT(poll_id) ON TABLE public.poll_votes TO authenticated;

GRANT INSERT(option_index) ON TABLE public.poll_votes TO authenticated;

-- public.poll_votes: its functions and triggers

-- Clear refusals before the key's: a closed poll, an option it does not have, a second vote. The primary key
-- still decides between two votes sent at once.
CREATE FUNCTION private.check_poll_vote() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  poll record;
begin
  select p.closes_at, cardinality(p.options) as option_count into poll from public.polls p where p.id = new.poll_id;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if poll.closes_at <= now() then
    raise exception 'This poll closed on %.',
      to_char(poll.closes_at at time zone 'Australia/Sydney', 'FMDD FMMonth YYYY "at" HH24:MI')
      using errcode = '23514';
  end if;
  if new.option_index >= poll.option_count then
    raise exception 'This poll has no such option.' using errcode = '23514';
  end if;
  if exists (select 1 from public.poll_votes v where v.poll_id = new.poll_id and v.user_id = new.user_id) then
    raise exception 'You have already voted in this poll.' using errcode = '23505';
  end if;
  return new;
end
$$;

-- Security definer: the voting member has no right to write here, and must not need one.
CREATE FUNCTION private.signal_poll_vote() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.poll_vote_signals (poll_id, last_vote_at) values (new.poll_id, now())
  on conflict (poll_id) do update set last_vote_at = excluded.last_vote_at;
  return null;
end
$$;

REVOKE ALL ON FUNCTION private.signal_poll_vote() FROM PUBLIC;

-- The votes per option of the polls asked for that the caller may see the results of: every poll for an
-- admin, the polls a member has voted in for a member (results after voting). Options nobody chose count 0.
CREATE FUNCTION public.poll_results(poll_ids uuid[]) RETURNS TABLE(poll_id uuid, option_index integer, votes bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p.id, o.i::integer - 1, count(v.user_id)
  from public.polls p
  cross join lateral generate_subscripts(p.options, 1) as o(i)
  left join public.poll_votes v on v.poll_id = p.id and v.option_index = o.i - 1
  where p.id = any (poll_ids)
    and (
      private.is_admin()
      or exists (select 1 from public.poll_votes mine where mine.poll_id = p.id and mine.user_id = auth.uid())
    )
  group by p.id, o.i
  order by p.id, o.i
$$;

REVOKE ALL ON FUNCTION public.poll_results(poll_ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.poll_results(poll_ids uuid[]) TO service_role;
GRANT ALL ON FUNCTION public.poll_results(poll_ids uuid[]) TO authenticated;

CREATE TRIGGER check_vote BEFORE INSERT ON public.poll_votes FOR EACH ROW EXECUTE FUNCTION private.check_poll_vote();

CREATE TRIGGER signal_vote AFTER INSERT ON public.poll_votes FOR EACH ROW EXECUTE FUNCTION private.signal_poll_vote();

-- ---------------------------------------------------------------- polls

-- A poll's votes per option, in the options' order (an option nobody chose counts 0).
create function private.poll_option_votes(poll_id uuid, options text[]) returns integer[]
language sql stable set search_path = ''
as $$
  select coalesce(array_agg((select count(*)::integer from public.poll_votes v
                             where v.poll_id = $1 and v.option_index = o.i - 1) order by o.i), '{}')
  from generate_subscripts(options, 1) as o(i)
$$;
revoke all on function private.poll_option_votes(uuid, text[]) from public;

-- filter: '' every poll | 'open' | 'closed'.
create function public.admin_polls(
  search text default '',
  filter text default '',
  sort text default 'closes',
  direction text default 'desc',
  page_size integer default 25,
  page_offset integer default 0
) returns table (
  id uuid,
  event_id uuid,
  event_title text,
  question text,
  options text[],
  closes_at timestamptz,
  created_at timestamptz,
  is_open boolean,
  votes integer,
  results integer[],
  total_count integer
)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('list polls');
  perform private.check_list_arguments('polls', sort, array['question', 'for', 'closes', 'votes', 'created'],
                                       direction, page_size, page_offset, search);
  if coalesce(filter, '') not in ('', 'open', 'closed') then
    raise exception 'Show open polls, closed polls or every poll.' using errcode = '22023';
  end if;

  -- The sort expression is chosen from the names checked above; only %1$s and %2$s are formatted in.
  return query execute format(
    $sql$
      with matching as (
        select p.id, p.event_id, e.title as event_title, p.question, p.options, p.closes_at, p.created_at,
               p.closes_at > now() as is_open,
               (select count(*)::int from public.poll_votes v where v.poll_id = p.id) as votes
        from public.polls p
        left join public.events e on e.id = p.event_id
        where ($1::text is null or p.question ilike $1 or e.title ilike $1)
          and ($2 = '' or (p.closes_at > now()) = ($2 = 'open'))
      )
      select m.id, m.event_id, m.event_title, m.question, m.options, m.closes_at, m.created_at, m.is_open,
             m.votes, private.poll_option_votes(m.id, m.options), (count(*) over ())::integer
      from matching m
      order by %1$s %2$s nulls last, m.created_at desc, m.id
      limit $3 offset $4
    $sql$,
    case sort
      when 'question' then 'lower(m.question)'
      when 'for' then 'lower(m.event_title)'
      when 'closes' then 'm.closes_at'
      when 'votes' then 'm.votes'
      else 'm.created_at'
    end,
    direction
  ) using private.search_pattern(search), coalesce(filter, ''), page_size, page_offset;
end
$$;
revoke all on function public.admin_polls(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.admin_polls(text, text, text, text, integer, integer)
  to authenticated, service_role;
