-- The events pages' order (start date, then id): the comments' first read embeds each event's first comments
-- and takes the first few events, which PostgreSQL does event by event, stopping early, only when it can
-- walk the events in that order (issue 25, decision 0070).
CREATE INDEX events_start_date_id_idx ON public.events USING btree (start_date, id);
