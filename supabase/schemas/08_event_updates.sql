-- Event updates: the rich document, its HTML, who receives it and sending it.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The migrations that built this domain, and what they said they were for:
-- 20261124700001_create_event_updates:
--   Event updates (issue 9, /event-updates): news an admin posts for an event. Members read the updates of
--   the events they follow or have booked (a booking not cancelled); visitors read nothing. Each member
--   marks updates read in event_update_reads, their own rows only. Field rules as
--   src/features/admin/updates/update-rules.ts; field-rules-agree.test.ts proves they agree.
-- 20261127200001_send_event_updates:
--   /admin/event-updates (issue 11): an admin sends an update to a segment of an event's people, in-app and by
--   e-mail, in ONE database call: the update row, its readers (the select policy follows the segment) and one
--   outbox message per address are written in one transaction, so a closed tab loses nothing and a second
--   sender never doubles a message (the outbox's claim takes each row once). Decision 0040.
-- 20261128100001_rich_event_updates:
--   Event updates in rich text (issue 11, decision 0043). The editor's document (Tiptap's JSON) is stored as
--   it is in `body_doc`; the database is its rule (only the nodes and marks below, links https: or mailto:,
--   the plain text 1 to 5000 characters) and its one renderer: from the document it derives the plain text
--   (`body`: search, CSV, the e-mail's text part) and the HTML (`body_html`: escaped, a fixed set of tags),
--   which /event-updates and the e-mail both show. Updates written before this have no document: their HTML
--   is their text as paragraphs. The field rules in TypeScript are src/features/admin/updates/update-rules.ts.
-- 20261128100003_send_rich_event_updates:
--   Sending a rich event update (issue 11, decision 0043): the outbox gains an optional HTML part (the stack's
--   sender then sends multipart/alternative: the text part and the HTML part), and send_event_update takes
--   the editor's document and an optional image with its alt text instead of plain text. The audience and
--   consent rules are decision 0040's, unchanged.
-- 20261128500001_one_click_unsubscribe:
--   RFC 8058 one-click unsubscribe for event-update e-mails (issue 11, decision 0047). The database writes
--   the List-Unsubscribe target, so it must know where the project's API (and its Edge Functions) answer:
--   `api_url` beside `site_url`. Marketing messages carry the target in `list_unsubscribe`, the sender turns it
--   into the List-Unsubscribe and List-Unsubscribe-Post headers. With the API's origin known, the HTML part
--   also shows the update's image by its public Storage URL (amends decision 0043).

-- ---------------------------------------------------------------- what public.event_updates checks, and its policies ask

-- An update's body: trimmed, 1 to 5000 characters, no controls but tab, line feed, return.
CREATE FUNCTION private.is_update_body(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 5000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_update_body(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_update_body(value text) TO service_role;

CREATE FUNCTION private.is_update_doc(doc jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select private.update_doc_problem(doc) is null $$;

GRANT ALL ON FUNCTION private.is_update_doc(doc jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.is_update_doc(doc jsonb) TO service_role;

-- An update's title: trimmed, 1 to 200 characters, one line, no control characters.
CREATE FUNCTION private.is_update_title(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

GRANT ALL ON FUNCTION private.is_update_title(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_update_title(value text) TO service_role;

-- ---------------------------------------------------------------- public.event_updates

-- (20261128100001, added columns)
-- The image: a path in the update-images bucket, the shape of an event image's (<user id>/<ms>.<ext>),
-- always with its alt text.
CREATE TABLE public.event_updates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    event_id uuid NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by uuid DEFAULT auth.uid(),
    segment text DEFAULT 'followers'::text NOT NULL,
    in_app_count integer DEFAULT 0 NOT NULL,
    email_count integer DEFAULT 0 NOT NULL,
    body_doc jsonb,
    body_html text DEFAULT ''::text NOT NULL,
    image_path text,
    image_alt text,
    CONSTRAINT event_updates_body_check CHECK (private.is_update_body(body)),
    CONSTRAINT event_updates_body_doc_check CHECK (((body_doc IS NULL) OR private.is_update_doc(body_doc))),
    CONSTRAINT event_updates_email_count_check CHECK ((email_count >= 0)),
    CONSTRAINT event_updates_image_alt_check CHECK (((image_alt IS NULL) OR private.is_image_alt(image_alt))),
    CONSTRAINT event_updates_image_alt_needed CHECK (((image_path IS NULL) = (image_alt IS NULL))),
    CONSTRAINT event_updates_image_path_check CHECK (((image_path IS NULL) OR private.are_event_image_paths(ARRAY[image_path]))),
    CONSTRAINT event_updates_in_app_count_check CHECK ((in_app_count >= 0)),
    CONSTRAINT event_updates_segment_check CHECK ((segment = ANY (ARRAY['followers'::text, 'travellers'::text, 'waitlist'::text, 'all'::text]))),
    CONSTRAINT event_updates_title_check CHECK (private.is_update_title(title))
);

COMMENT ON COLUMN public.event_updates.segment IS 'Who it is for: followers (and travellers), travellers booked, the waitlist, or all members.';

COMMENT ON COLUMN public.event_updates.body_doc IS 'The update as the editor wrote it (Tiptap JSON; null for plain-text updates). body and body_html derive from it.';

COMMENT ON COLUMN public.event_updates.body_html IS 'The update as HTML, rendered by the database (escaped).';

COMMENT ON COLUMN public.event_updates.image_path IS 'An image in the update-images bucket, or null.';

ALTER TABLE ONLY public.event_updates
    ADD CONSTRAINT event_updates_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.event_updates
    ADD CONSTRAINT event_updates_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.event_updates
    ADD CONSTRAINT event_updates_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

-- The screen's history: every update with its event and reach, newest first (admins read all updates).
CREATE INDEX event_updates_created_at_idx ON public.event_updates USING btree (created_at DESC);

CREATE INDEX event_updates_created_by_idx ON public.event_updates USING btree (created_by);

CREATE INDEX event_updates_event_id_created_at_idx ON public.event_updates USING btree (event_id, created_at DESC);

ALTER TABLE public.event_updates ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_updates FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

CREATE POLICY event_updates_delete_admin ON public.event_updates FOR DELETE TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY event_updates_insert_admin ON public.event_updates FOR INSERT TO authenticated WITH CHECK (( SELECT private.is_admin() AS is_admin));

CREATE POLICY event_updates_select_authenticated ON public.event_updates FOR SELECT TO authenticated USING ((( SELECT private.is_admin() AS is_admin) OR
CASE segment
    WHEN 'followers'::text THEN private.follows_or_booked(event_id)
    WHEN 'travellers'::text THEN private.has_booked(event_id)
    WHEN 'waitlist'::text THEN (private.on_waitlist(event_id) OR private.has_booked(event_id))
    ELSE true
END));

CREATE POLICY event_updates_update_admin ON public.event_updates FOR UPDATE TO authenticated USING (( SELECT private.is_admin() AS is_admin)) WITH CHECK (( SELECT private.is_admin() AS is_admin));

GRANT ALL ON TABLE public.event_updates TO service_role;
GRANT SELECT,DELETE ON TABLE public.event_updates TO authenticated;

GRANT INSERT(event_id) ON TABLE public.event_updates TO authenticated;

GRANT INSERT(title),UPDATE(title) ON TABLE public.event_updates TO authenticated;

GRANT INSERT(body),UPDATE(body) ON TABLE public.event_updates TO authenticated;

GRANT INSERT(body_doc),UPDATE(body_doc) ON TABLE public.event_updates TO authenticated;

GRANT INSERT(image_path),UPDATE(image_path) ON TABLE public.event_updates TO authenticated;

GRANT INSERT(image_alt),UPDATE(image_alt) ON TABLE public.event_updates TO authenticated;

-- public.event_updates: its functions and triggers

-- The plain text and the HTML always follow the document (or, without one, the plain text).
CREATE FUNCTION private.event_update_derive() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.body_doc is not null and private.is_update_doc(new.body_doc) then
    new.body := private.update_doc_text(new.body_doc);
    new.body_html := private.update_node_html(new.body_doc);
  else
    new.body_html := private.update_text_html(new.body);
  end if;
  return new;
end
$$;

CREATE TRIGGER event_update_derive BEFORE INSERT OR UPDATE OF body, body_doc, body_html ON public.event_updates FOR EACH ROW EXECUTE FUNCTION private.event_update_derive();

-- ---------------------------------------------------------------- public.event_update_reads

-- A read marker is inserted once and never changed.
CREATE TABLE public.event_update_reads (
    update_id uuid NOT NULL,
    user_id uuid DEFAULT auth.uid() NOT NULL,
    read_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.event_update_reads
    ADD CONSTRAINT event_update_reads_pkey PRIMARY KEY (update_id, user_id);

ALTER TABLE ONLY public.event_update_reads
    ADD CONSTRAINT event_update_reads_update_id_fkey FOREIGN KEY (update_id) REFERENCES public.event_updates(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.event_update_reads
    ADD CONSTRAINT event_update_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

CREATE INDEX event_update_reads_user_id_idx ON public.event_update_reads USING btree (user_id);

ALTER TABLE public.event_update_reads ENABLE ROW LEVEL SECURITY;

-- A write needs a live account and session (decision 0058).
CREATE TRIGGER refuse_ended_session BEFORE INSERT OR DELETE OR UPDATE ON public.event_update_reads FOR EACH STATEMENT EXECUTE FUNCTION private.refuse_ended_session();

-- Only an update the caller can read (the lookup runs under the caller's own policy above).
CREATE POLICY event_update_reads_insert_authenticated ON public.event_update_reads FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.event_updates u
  WHERE (u.id = event_update_reads.update_id)))));

CREATE POLICY event_update_reads_select_authenticated ON public.event_update_reads FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

GRANT ALL ON TABLE public.event_update_reads TO service_role;
GRANT SELECT ON TABLE public.event_update_reads TO authenticated;

GRANT INSERT(update_id) ON TABLE public.event_update_reads TO authenticated;

-- ---------------------------------------------------------------- functions

-- A node's children, in order (none when `content` is missing or not a list).
CREATE FUNCTION private.doc_children(node jsonb) RETURNS TABLE(child jsonb, ord bigint)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select c.value, c.ordinality
  from jsonb_array_elements(case when jsonb_typeof(node -> 'content') = 'array' then node -> 'content'
                                 else '[]'::jsonb end) with ordinality c
$$;

GRANT ALL ON FUNCTION private.doc_children(node jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.doc_children(node jsonb) TO service_role;

-- A link in an update: https with a host, or mailto: an address; at most 2000 characters, no spaces.
CREATE FUNCTION private.is_update_link(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select char_length(value) <= 2000
     and (value ~ '^https://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
          or value ~* '^mailto:[^@?[:space:]]+@[^@?[:space:]]+(\?[^[:space:]]*)?$')
$_$;

GRANT ALL ON FUNCTION private.is_update_link(value text) TO authenticated;
GRANT ALL ON FUNCTION private.is_update_link(value text) TO service_role;

-- What is wrong with an update's document, in words for the admin (null when nothing).
CREATE FUNCTION private.update_doc_problem(doc jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  child record;
  problem text;
begin
  if doc is null or jsonb_typeof(doc) <> 'object' or doc ->> 'type' is distinct from 'doc'
     or jsonb_typeof(doc -> 'content') is distinct from 'array' or jsonb_array_length(doc -> 'content') = 0 then
    return 'Please enter the update.';
  end if;
  -- Far above any 5000-character update; keeps the walk short.
  if octet_length(doc::text) > 200000 then
    return 'The update must be 1 to 5000 characters.';
  end if;
  for child in select c.child from private.doc_children(doc) c order by c.ord loop
    problem := private.update_node_problem(child.child, 'doc', 1);
    if problem is not null then
      return problem;
    end if;
  end loop;
  if not private.is_update_body(private.update_doc_text(doc)) then
    return 'The update must be 1 to 5000 characters.';
  end if;
  return null;
end
$$;

GRANT ALL ON FUNCTION private.update_doc_problem(doc jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.update_doc_problem(doc jsonb) TO service_role;

-- The document as plain text.
CREATE FUNCTION private.update_doc_text(doc jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select private.update_node_text(doc, 0) $$;

GRANT ALL ON FUNCTION private.update_doc_text(doc jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.update_doc_text(doc jsonb) TO service_role;

-- the e-mail's HTML:

-- An update's e-mail as HTML: its title, the update as the page shows it, a line about the image (linked to
-- /event-updates: the database knows the site's address, not where Storage serves files, so it does not
-- embed one), and the footer. Everything from people is escaped; body_html is the renderer's own.
CREATE FUNCTION private.update_mail_html(title text, body_html text, image_url text, image_alt text, brand_name text, footer_html text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select '<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>'
    || private.html_escape(title) || '</title></head><body style="font-family:sans-serif;line-height:1.5">'
    || '<h1>' || private.html_escape(title) || '</h1>' || body_html
    || case when image_url is null then ''
            else '<p><img src="' || private.html_escape(image_url) || '" alt="' || private.html_escape(image_alt)
                 || '" style="max-width:100%;height:auto"></p>' end
    || '<hr><p>' || private.html_escape(brand_name) || '<br>' || footer_html || '</p></body></html>'
$$;

REVOKE ALL ON FUNCTION private.update_mail_html(title text, body_html text, image_url text, image_alt text, brand_name text, footer_html text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.update_mail_html(title text, body_html text, image_url text, image_alt text, brand_name text, footer_html text) TO service_role;

-- A node as HTML: text escaped, marks as <strong>, <em>, <a href>; blocks as <p>, <h2>/<h3>, <ul>/<ol>,
-- <li>, <br>. Anything else renders as nothing (the CHECK keeps it out anyway).
CREATE FUNCTION private.update_node_html(node jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  kind text := node ->> 'type';
  inner_html text;
  out text;
  mark jsonb;
  bold boolean := false;
  italic boolean := false;
  href text;
begin
  if kind = 'text' then
    out := private.html_escape(coalesce(node ->> 'text', ''));
    for mark in select m from jsonb_array_elements(
        case when jsonb_typeof(node -> 'marks') = 'array' then node -> 'marks' else '[]'::jsonb end) m loop
      if mark ->> 'type' = 'bold' then bold := true;
      elsif mark ->> 'type' = 'italic' then italic := true;
      elsif mark ->> 'type' = 'link' then href := mark -> 'attrs' ->> 'href';
      end if;
    end loop;
    if italic then out := '<em>' || out || '</em>'; end if;
    if bold then out := '<strong>' || out || '</strong>'; end if;
    if href is not null and private.is_update_link(href) then
      out := '<a href="' || private.html_escape(href) || '">' || out || '</a>';
    end if;
    return out;
  elsif kind = 'hardBreak' then
    return '<br>';
  end if;
  inner_html := coalesce((select string_agg(private.update_node_html(c.child), '' order by c.ord)
                          from private.doc_children(node) c), '');
  return case kind
    when 'doc' then inner_html
    when 'paragraph' then '<p>' || inner_html || '</p>'
    when 'heading' then case when node -> 'attrs' ->> 'level' = '3' then '<h3>' || inner_html || '</h3>'
                             else '<h2>' || inner_html || '</h2>' end
    when 'bulletList' then '<ul>' || inner_html || '</ul>'
    when 'orderedList' then '<ol>' || inner_html || '</ol>'
    when 'listItem' then '<li>' || inner_html || '</li>'
    else ''
  end;
end
$$;

GRANT ALL ON FUNCTION private.update_node_html(node jsonb) TO authenticated;
GRANT ALL ON FUNCTION private.update_node_html(node jsonb) TO service_role;

-- the document's rule:

-- What is wrong with a node under `parent` (null when nothing): only the editor's nodes, in their places.
CREATE FUNCTION private.update_node_problem(node jsonb, parent text, depth integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  kind text;
  allowed text[];
  child record;
  mark jsonb;
  problem text;
begin
  if depth > 12 then
    return 'The lists are nested too deeply.';
  end if;
  if jsonb_typeof(node) is distinct from 'object' then
    return 'The update has formatting we cannot keep.';
  end if;
  kind := node ->> 'type';
  allowed := case parent
    when 'doc' then array['paragraph', 'heading', 'bulletList', 'orderedList']
    when 'paragraph' then array['text', 'hardBreak']
    when 'heading' then array['text', 'hardBreak']
    when 'bulletList' then array['listItem']
    when 'orderedList' then array['listItem']
    when 'listItem' then array['paragraph', 'bulletList', 'orderedList']
    else array[]::text[]
  end;
  if kind is null or not kind = any (allowed)
     or (node ? 'content' and jsonb_typeof(node -> 'content') is distinct from 'array')
     or (node ? 'marks' and (kind <> 'text' or jsonb_typeof(node -> 'marks') is distinct from 'array')) then
    return 'The update has formatting we cannot keep.';
  end if;
  if kind = 'text' then
    if jsonb_typeof(node -> 'text') is distinct from 'string' or node ->> 'text' = '' or node ? 'content' then
      return 'The update has formatting we cannot keep.';
    end if;
    for mark in select m from jsonb_array_elements(coalesce(node -> 'marks', '[]'::jsonb)) m loop
      if jsonb_typeof(mark) is distinct from 'object'
         or coalesce(mark ->> 'type', '') not in ('bold', 'italic', 'link') then
        return 'The update has formatting we cannot keep.';
      end if;
      if mark ->> 'type' = 'link' and not coalesce(private.is_update_link(mark -> 'attrs' ->> 'href'), false) then
        return 'Links must start with https:// or mailto: (at most 2000 characters, no spaces).';
      end if;
    end loop;
    return null;
  end if;
  if kind = 'hardBreak' then
    return case when node ? 'content' then 'The update has formatting we cannot keep.' end;
  end if;
  if kind = 'heading' and coalesce(node -> 'attrs' ->> 'level', '') not in ('2', '3') then
    return 'Headings are level 2 or 3.';
  end if;
  if kind in ('bulletList', 'orderedList', 'listItem')
     and not exists (select 1 from private.doc_children(node)) then
    return 'A list needs at least one item.';
  end if;
  if kind = 'listItem' and node -> 'content' -> 0 ->> 'type' is distinct from 'paragraph' then
    return 'The update has formatting we cannot keep.';
  end if;
  for child in select c.child from private.doc_children(node) c order by c.ord loop
    problem := private.update_node_problem(child.child, kind, depth + 1);
    if problem is not null then
      return problem;
    end if;
  end loop;
  return null;
end
$$;

GRANT ALL ON FUNCTION private.update_node_problem(node jsonb, parent text, depth integer) TO authenticated;
GRANT ALL ON FUNCTION private.update_node_problem(node jsonb, parent text, depth integer) TO service_role;

-- A node as plain text: blocks apart by a blank line, list items on their own lines ("- " or "1. ",
-- indented two spaces per level), a link's address after its words unless the words are the address.
CREATE FUNCTION private.update_node_text(node jsonb, depth integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  kind text := node ->> 'type';
  words text;
  href text;
begin
  if kind = 'text' then
    words := coalesce(node ->> 'text', '');
    select m -> 'attrs' ->> 'href' into href from jsonb_array_elements(
      case when jsonb_typeof(node -> 'marks') = 'array' then node -> 'marks' else '[]'::jsonb end) m
    where m ->> 'type' = 'link' limit 1;
    if href is not null and href <> words and href <> 'mailto:' || words then
      words := words || ' (' || href || ')';
    end if;
    return words;
  elsif kind = 'hardBreak' then
    return E'\n';
  elsif kind in ('paragraph', 'heading') then
    return coalesce((select string_agg(private.update_node_text(c.child, depth), '' order by c.ord)
                     from private.doc_children(node) c), '');
  elsif kind in ('bulletList', 'orderedList') then
    return coalesce((select string_agg(
        repeat('  ', depth) || case when kind = 'bulletList' then '- ' else c.ord || '. ' end
          || private.update_node_text(c.child, depth + 1), E'\n' order by c.ord)
      from private.doc_children(node) c), '');
  elsif kind = 'listItem' then
    return coalesce((select string_agg(private.update_node_text(c.child, depth), E'\n' order by c.ord)
                     from private.doc_children(node) c), '');
  elsif kind = 'doc' then
    return private.trim_space(coalesce((select string_agg(private.update_node_text(c.child, 0), E'\n\n'
                                                           order by c.ord)
                                        from private.doc_children(node) c), ''));
  end if;
  return '';
end
$$;

GRANT ALL ON FUNCTION private.update_node_text(node jsonb, depth integer) TO authenticated;
GRANT ALL ON FUNCTION private.update_node_text(node jsonb, depth integer) TO service_role;

-- An update written as plain text (before rich text): paragraphs at blank lines, line breaks kept.
CREATE FUNCTION private.update_text_html(body text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(string_agg('<p>' || replace(private.html_escape(p.part), E'\n', '<br>') || '</p>', ''
                             order by p.ord), '')
  from regexp_split_to_table(replace(coalesce(body, ''), E'\r', ''), E'\n[ \t]*\n+') with ordinality p(part, ord)
  where btrim(p.part) <> ''
$$;

GRANT ALL ON FUNCTION private.update_text_html(body text) TO authenticated;
GRANT ALL ON FUNCTION private.update_text_html(body text) TO service_role;

-- ---------------------------------------------------------------- sending an update, in parts

-- send_event_update (issue 18) as its parts: who an update reaches (the audience and, of it, who is sent
-- e-mail), what the e-mail says (subject, text, HTML and the one-click header for one recipient) and the
-- send (the checks, the outbox rows, the update's own row). The rules are 20261128500001's, unchanged:
-- decision 0040 for the audience and consent, 0043 for the rich text, 0047 for one-click unsubscribe. A
-- change to one rule now replaces one of these functions; send_event_update is their short composition,
-- with the same signature, grants, result and errors as before.

-- ---------------------------------------------------------------- the audience

-- Everyone the segment names, one row per way they qualify: members with their trip-news consent (the
-- followers, or all), travellers booked on the event (transactional: a notice about their booking), and for
-- the waitlist its addresses, matched to an account when one has the address. The in-app count and the
-- e-mail both come from these rows; the row-level policy on event_updates mirrors them for reading.
-- consent is trip news given (on the profile or the waitlist entry) AND confirmed by the address's holder
-- (private.marketing_confirmations, decision 0059): an address someone else typed in gets no marketing.
create function private.event_update_audience(trip_id uuid, segment text)
returns table (user_id uuid, email text, consent boolean, transactional boolean)
language sql stable security definer set search_path = ''
as $$
  select p.id, lower(u.email), p.marketing_consent and c.confirmed_at is not null, false
  from public.profiles p join auth.users u on u.id = p.id
  left join private.marketing_confirmations c on c.email = lower(u.email)
  where (segment = 'all')
     or (segment = 'followers' and exists (
           select 1 from public.event_follows f where f.event_id = trip_id and f.user_id = p.id))
  union all
  select distinct b.user_id, lower(u.email), p.marketing_consent and c.confirmed_at is not null, true
  from public.bookings b join auth.users u on u.id = b.user_id join public.profiles p on p.id = b.user_id
  left join private.marketing_confirmations c on c.email = lower(u.email)
  where segment = 'travellers' and b.event_id = trip_id and b.status <> 'cancelled'
  union all
  select u.id, lower(w.email), w.marketing_consent and c.confirmed_at is not null, false
  from public.waitlist_submissions w left join auth.users u on lower(u.email) = lower(w.email)
  left join private.marketing_confirmations c on c.email = lower(w.email)
  where segment = 'waitlist' and w.event_id = trip_id
$$;
revoke all on function private.event_update_audience(uuid, text) from public, anon, authenticated;
grant execute on function private.event_update_audience(uuid, text) to service_role;

-- Whether one audience row may be e-mailed: a booking notice always (transactional), anything else only
-- with trip-news consent (Spam Act), and never to something that is not an address.
create function private.may_email_update(email text, consent boolean, transactional boolean) returns boolean
language sql immutable set search_path = ''
as $$ select (transactional or consent) and coalesce(private.is_email(email), false) $$;
revoke all on function private.may_email_update(text, boolean, boolean) from public, anon, authenticated;
grant execute on function private.may_email_update(text, boolean, boolean) to service_role;

-- The addresses an update is e-mailed to: one row per address however many ways it qualifies, a booking
-- notice when any of them is transactional (then it carries no unsubscribe).
create function private.event_update_recipients(trip_id uuid, segment text)
returns table (email text, transactional boolean)
language sql stable security definer set search_path = ''
as $$
  select a.email, bool_or(a.transactional)
  from private.event_update_audience(trip_id, segment) a
  where private.may_email_update(a.email, a.consent, a.transactional)
  group by a.email
$$;
revoke all on function private.event_update_recipients(uuid, text) from public, anon, authenticated;
grant execute on function private.event_update_recipients(uuid, text) to service_role;

-- How many members read the update in the app: the audience's distinct accounts.
create function private.event_update_member_count(trip_id uuid, segment text) returns integer
language sql stable security definer set search_path = ''
as $$ select count(distinct a.user_id)::integer from private.event_update_audience(trip_id, segment) a $$;
revoke all on function private.event_update_member_count(uuid, text) from public, anon, authenticated;
grant execute on function private.event_update_member_count(uuid, text) to service_role;

-- What a send would reach if it went now, for the screen to show before the Send button (decision 0063):
-- the members who read it in the app (event_update_member_count) and the e-mails it would queue (one per
-- address of event_update_recipients; none while the company's settings (its reply-to address) are missing, as
-- queue_event_update_mail sends none then). The same parts the send uses, so the two cannot disagree.
-- Admins only (42501); a segment the send would refuse, or no such event, is 22023 in the send's words.
create function public.event_update_reach(event_id uuid, segment text)
returns table (in_app integer, email integer)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin('see who an update reaches');
  if segment is null or segment not in ('followers', 'travellers', 'waitlist', 'all') then
    raise exception 'Choose who the update is for.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.events e where e.id = event_update_reach.event_id) then
    raise exception 'No such event.' using errcode = '22023';
  end if;
  return query select
    private.event_update_member_count(event_update_reach.event_id, event_update_reach.segment),
    case when exists (select 1 from private.company_settings s where s.contact_email is not null)
         then (select count(*)::integer
               from private.event_update_recipients(event_update_reach.event_id, event_update_reach.segment))
         else 0 end;
end
$$;
revoke all on function public.event_update_reach(uuid, text) from public, anon;
grant execute on function public.event_update_reach(uuid, text) to authenticated, service_role;

-- ---------------------------------------------------------------- the message

-- The e-mail one recipient gets. `token` is their unsubscribe token (null for a booking notice, which has
-- no unsubscribe: decision 0047); the footer says why they receive it. The text part names the picture and
-- links to /event-updates; the HTML part shows it by its public Storage URL (update_mail_html escapes).
create function private.event_update_message(
  settings private.company_settings, event_title text, title text, body_text text, body_html text,
  image_path text, image_alt text, transactional boolean, token text
)
returns table (subject text, body text, html_body text, list_unsubscribe text)
language sql stable set search_path = ''
as $$
  select
    left(regexp_replace(event_title || ': ' || title, '[[:cntrl:]]+', ' ', 'g'), 300),
    body_text
      || case when image_alt is null then ''
              else E'\n\nThis update has a picture (' || image_alt || '): ' || settings.site_url || '/event-updates' end
      || E'\n\n-- \n' || settings.brand_name || E'\n' || f.reason
      || case when f.unsubscribe is null then '' else ' Unsubscribe: ' || f.unsubscribe end,
    private.update_mail_html(title, body_html,
      case when image_alt is null then null
           else settings.api_url || '/storage/v1/object/public/update-images/' || image_path end,
      image_alt, settings.brand_name,
      private.html_escape(f.reason)
        || case when f.unsubscribe is null then ''
                else ' <a href="' || private.html_escape(f.unsubscribe) || '">Unsubscribe</a>' end),
    -- RFC 8058: marketing mail only.
    case when f.unsubscribe is null then null
         else settings.api_url || '/functions/v1/unsubscribe-one-click?token=' || token end
  from (
    select
      case when transactional then 'You receive this because you are booked on ' || event_title || '.'
           else 'You receive this because you asked for trip news.' end as reason,
      case when transactional then null
           else settings.site_url || '/unsubscribe?token=' || token end as unsubscribe
  ) f
$$;
revoke all on function private.event_update_message(
  private.company_settings, text, text, text, text, text, text, boolean, text
) from public, anon, authenticated;
grant execute on function private.event_update_message(
  private.company_settings, text, text, text, text, text, text, boolean, text
) to service_role;

-- ---------------------------------------------------------------- the send

-- The fields' rules, in the order the admin meets them; raises the first problem in words (22023) and
-- answers the event. The caller is checked first: only admins send.
create function private.check_event_update(
  event_id uuid, title text, body_doc jsonb, segment text, image_path text, image_alt text
) returns public.events
language plpgsql volatile security definer set search_path = ''
as $$
declare
  trip public.events;
  problem text;
begin
  perform private.require_admin('send event updates');
  if segment is null or segment not in ('followers', 'travellers', 'waitlist', 'all') then
    raise exception 'Choose who the update is for.' using errcode = '22023';
  end if;
  if title is null or not private.is_update_title(title) then
    raise exception 'The title must be 1 to 200 characters on one line.' using errcode = '22023';
  end if;
  problem := private.update_doc_problem(body_doc);
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  if image_path is not null and not private.are_event_image_paths(array[image_path]) then
    raise exception 'The image could not be used. Please upload it again.' using errcode = '22023';
  end if;
  if image_path is not null and (image_alt is null or not private.is_image_alt(image_alt)) then
    raise exception 'Please describe the image in 1 to 200 characters (its alt text).' using errcode = '22023';
  end if;
  select * into trip from public.events e where e.id = check_event_update.event_id;
  if trip.id is null then
    raise exception 'No such event.' using errcode = '22023';
  end if;
  return trip;
end
$$;
revoke all on function private.check_event_update(uuid, text, jsonb, text, text, text)
  from public, anon, authenticated;
grant execute on function private.check_event_update(uuid, text, jsonb, text, text, text) to service_role;

-- Every address that consented to trip news (and is not only here as a traveller) gets its unsubscribe
-- token before the mail that links to it is written.
create function private.issue_update_unsubscribe_tokens(trip_id uuid, segment text) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into private.unsubscribe_tokens (email)
  select distinct a.email from private.event_update_audience(trip_id, segment) a
  where a.consent and not a.transactional and private.is_email(a.email)
  on conflict (email) do nothing
$$;
revoke all on function private.issue_update_unsubscribe_tokens(uuid, text) from public, anon, authenticated;
grant execute on function private.issue_update_unsubscribe_tokens(uuid, text) to service_role;

-- Queues one message per recipient in the outbox and wakes the sender; answers how many were queued. No
-- company address (nobody to reply to) or a marketing address without a token: nothing is sent.
create function private.queue_event_update_mail(
  trip public.events, segment text, title text, body_text text, body_html text, image_path text, image_alt text
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  settings private.company_settings;
  mails integer;
begin
  select * into settings from private.company_settings;
  perform private.issue_update_unsubscribe_tokens(trip.id, segment);
  insert into private.outbound_mail (recipient, reply_to, subject, body, html_body, list_unsubscribe)
  select r.email, settings.contact_email, m.subject, m.body, m.html_body, m.list_unsubscribe
  from private.event_update_recipients(trip.id, segment) r
  left join private.unsubscribe_tokens t on t.email = r.email
  cross join lateral private.event_update_message(settings, trip.title, title, body_text, body_html,
    image_path, image_alt, r.transactional, case when r.transactional then null else t.token end) m
  where settings.contact_email is not null and (r.transactional or t.token is not null);
  get diagnostics mails = row_count;
  if mails > 0 then
    perform pg_notify('outbound_mail', '');
  end if;
  return mails;
end
$$;
revoke all on function private.queue_event_update_mail(public.events, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function private.queue_event_update_mail(public.events, text, text, text, text, text, text)
  to service_role;

-- Writes the update itself: its readers in the app follow from its segment (the select policy on
-- event_updates), so the row is the in-app notice; the reach is recorded beside it for the history.
create function private.record_event_update(
  trip_id uuid, title text, body_text text, body_doc jsonb, image_path text, image_alt text, segment text,
  members integer, mails integer
) returns uuid
language sql volatile security definer set search_path = ''
as $$
  insert into public.event_updates
    (event_id, title, body, body_doc, image_path, image_alt, segment, in_app_count, email_count)
  values (trip_id, title, body_text, body_doc, image_path, image_alt, segment, members, mails)
  returning id
$$;
revoke all on function private.record_event_update(uuid, text, text, jsonb, text, text, text, integer, integer)
  from public, anon, authenticated;
grant execute on function private.record_event_update(uuid, text, text, jsonb, text, text, text, integer, integer)
  to service_role;

-- Sends an update: checks the caller and the fields, queues one e-mail per address (text and HTML), writes
-- the update (its readers follow from its segment) and returns one row: its id, how many members see it
-- in the app and how many e-mails were queued. Who gets it: decision 0040.
create or replace function public.send_event_update(
  event_id uuid, title text, body_doc jsonb, segment text, image_path text default null, image_alt text default null
)
returns table (id uuid, in_app integer, email integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  alt text := case when send_event_update.image_path is null then null else send_event_update.image_alt end;
  trip public.events;
  body_text text;
  members integer;
  mails integer;
  new_id uuid;
begin
  trip := private.check_event_update(send_event_update.event_id, send_event_update.title,
    send_event_update.body_doc, send_event_update.segment, send_event_update.image_path, alt);
  body_text := private.update_doc_text(send_event_update.body_doc);
  members := private.event_update_member_count(trip.id, send_event_update.segment);
  mails := private.queue_event_update_mail(trip, send_event_update.segment, send_event_update.title, body_text,
    private.update_node_html(send_event_update.body_doc), send_event_update.image_path, alt);
  new_id := private.record_event_update(trip.id, send_event_update.title, body_text, send_event_update.body_doc,
    send_event_update.image_path, alt, send_event_update.segment, members, mails);
  return query select new_id, members, mails;
end
$$;
revoke all on function public.send_event_update(uuid, text, jsonb, text, text, text) from public, anon;
grant execute on function public.send_event_update(uuid, text, jsonb, text, text, text)
  to authenticated, service_role;
