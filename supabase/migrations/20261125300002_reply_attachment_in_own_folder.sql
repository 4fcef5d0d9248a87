-- Replies gained image columns (20261125100002) beside the rule that keeps a comment's image its author's
-- own upload (20261125300001). One function now states that rule, and comments and replies both check it:
-- no image and no name, or a public URL in the event-images bucket under the author's folder, named
-- `{timestamp}.{ext}` as the page uploads it, with a non-blank name. coalesce: a CHECK that answers null
-- passes, and a null URL with a name must not.

create function private.is_authors_event_image(url text, name text, author uuid) returns boolean
language sql immutable set search_path = ''
as $$
  select (url is null and name is null)
    or coalesce(
      url ~ (
        '^https?://[^/?#@[:space:]]+/storage/v1/object/public/event-images/'
        || author::text
        || '/[0-9]{1,16}\.(png|jpg|gif|webp)$'
      )
      and name ~ '[^[:space:]]',
      false
    )
$$;
comment on function private.is_authors_event_image(text, text, uuid) is
  'Whether a post''s attachment is none, or its author''s own upload to event-images with a name.';

alter table public.comments
  drop constraint comments_attachment_in_authors_folder,
  drop constraint comments_attachment_named,
  add constraint comments_attachment_is_authors_image
    check (private.is_authors_event_image(attachment_url, attachment_name, user_id));

alter table public.comment_replies
  add constraint comment_replies_attachment_is_authors_image
    check (private.is_authors_event_image(attachment_url, attachment_name, user_id));
