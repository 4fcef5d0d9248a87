-- Event updates in rich text (issue 11, decision 0043). The editor's document (Tiptap's JSON) is stored as
-- it is in `body_doc`; the database is its rule (only the nodes and marks below, links https: or mailto:,
-- the plain text 1 to 5000 characters) and its one renderer: from the document it derives the plain text
-- (`body`: search, CSV, the e-mail's text part) and the HTML (`body_html`: escaped, a fixed set of tags),
-- which /event-updates and the e-mail both show. Updates written before this have no document: their HTML
-- is their text as paragraphs. The field rules in TypeScript are src/lib/rules/event-updates.ts.

-- ---------------------------------------------------------------- small rules

-- Text for HTML: element content and double-quoted attribute values.
create function private.html_escape(value text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
    '"', '&quot;'), '''', '&#39;')
$$;

-- A link in an update: https with a host, or mailto: an address; at most 2000 characters, no spaces.
create function private.is_update_link(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select char_length(value) <= 2000
     and (value ~ '^https://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
          or value ~* '^mailto:[^@?[:space:]]+@[^@?[:space:]]+(\?[^[:space:]]*)?$')
$$;

-- An image's alt text: trimmed, 1 to 200 characters, one line, no control characters.
create function private.is_image_alt(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 200
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- ---------------------------------------------------------------- the renderer

-- Leading and trailing white space off (the set private.is_trimmed refuses).
create function private.trim_space(value text) returns text
language sql immutable set search_path = ''
as $$
  select regexp_replace(regexp_replace(value,
    '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+', ''),
    '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+$', '')
$$;

-- A node's children, in order (none when `content` is missing or not a list).
create function private.doc_children(node jsonb) returns table (child jsonb, ord bigint)
language sql immutable set search_path = ''
as $$
  select c.value, c.ordinality
  from jsonb_array_elements(case when jsonb_typeof(node -> 'content') = 'array' then node -> 'content'
                                 else '[]'::jsonb end) with ordinality c
$$;

-- A node as plain text: blocks apart by a blank line, list items on their own lines ("- " or "1. ",
-- indented two spaces per level), a link's address after its words unless the words are the address.
create function private.update_node_text(node jsonb, depth integer) returns text
language plpgsql immutable set search_path = ''
as $$
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

-- The document as plain text.
create function private.update_doc_text(doc jsonb) returns text
language sql immutable set search_path = ''
as $$ select private.update_node_text(doc, 0) $$;

-- A node as HTML: text escaped, marks as <strong>, <em>, <a href>; blocks as <p>, <h2>/<h3>, <ul>/<ol>,
-- <li>, <br>. Anything else renders as nothing (the CHECK keeps it out anyway).
create function private.update_node_html(node jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
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

-- An update written as plain text (before rich text): paragraphs at blank lines, line breaks kept.
create function private.update_text_html(body text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(string_agg('<p>' || replace(private.html_escape(p.part), E'\n', '<br>') || '</p>', ''
                             order by p.ord), '')
  from regexp_split_to_table(replace(coalesce(body, ''), E'\r', ''), E'\n[ \t]*\n+') with ordinality p(part, ord)
  where btrim(p.part) <> ''
$$;

-- ---------------------------------------------------------------- the document's rule

-- What is wrong with a node under `parent` (null when nothing): only the editor's nodes, in their places.
create function private.update_node_problem(node jsonb, parent text, depth integer) returns text
language plpgsql immutable set search_path = ''
as $$
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

-- What is wrong with an update's document, in words for the admin (null when nothing).
create function private.update_doc_problem(doc jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
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

create function private.is_update_doc(doc jsonb) returns boolean
language sql immutable set search_path = ''
as $$ select private.update_doc_problem(doc) is null $$;

grant execute on function private.html_escape(text), private.is_update_link(text), private.is_image_alt(text),
  private.trim_space(text), private.doc_children(jsonb), private.update_node_text(jsonb, integer),
  private.update_doc_text(jsonb), private.update_node_html(jsonb), private.update_text_html(text),
  private.update_node_problem(jsonb, text, integer), private.update_doc_problem(jsonb),
  private.is_update_doc(jsonb)
  to authenticated, service_role;

-- ---------------------------------------------------------------- the columns

-- The image: a path in the update-images bucket, the shape of an event image's (<user id>/<ms>.<ext>),
-- always with its alt text.
alter table public.event_updates
  add column body_doc jsonb
    constraint event_updates_body_doc_check check (body_doc is null or private.is_update_doc(body_doc)),
  add column body_html text not null default '',
  add column image_path text
    constraint event_updates_image_path_check
      check (image_path is null or private.are_event_image_paths(array[image_path])),
  add column image_alt text
    constraint event_updates_image_alt_check check (image_alt is null or private.is_image_alt(image_alt)),
  add constraint event_updates_image_alt_needed check ((image_path is null) = (image_alt is null));
comment on column public.event_updates.body_doc is
  'The update as the editor wrote it (Tiptap JSON; null for plain-text updates). body and body_html derive from it.';
comment on column public.event_updates.body_html is 'The update as HTML, rendered by the database (escaped).';
comment on column public.event_updates.image_path is 'An image in the update-images bucket, or null.';

-- The plain text and the HTML always follow the document (or, without one, the plain text).
create function private.event_update_derive() returns trigger
language plpgsql set search_path = ''
as $$
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
create trigger event_update_derive before insert or update of body, body_doc, body_html
  on public.event_updates for each row execute function private.event_update_derive();

-- Existing updates get their HTML (no audit entry: the audit records admins' changes, and a migration has
-- no signed-in admin).
update public.event_updates set body_html = private.update_text_html(body);

grant insert (body_doc, image_path, image_alt) on table public.event_updates to authenticated;
grant update (body_doc, image_path, image_alt) on table public.event_updates to authenticated;

-- A new update reaches an open /event-updates (Realtime reads each change back under the member's select
-- policy, so only its readers hear of it).
alter publication supabase_realtime add table public.event_updates;
