-- A comment's image (issue 9, decision 0028) is its author's own upload to the event-images bucket: its
-- public URL names the bucket, the author's folder and a `{timestamp}.{ext}` file, as the page uploads it
-- (src/features/comments/comment-image.ts), and it comes with a non-blank name. The storage policies already
-- keep each member's uploads in their own folder; this keeps a comment from pointing at anything else (an
-- image elsewhere on the web, a tracking pixel, another member's picture). The host is not checked: the
-- database does not know where its Storage is served from; the page shows only its own Supabase's URLs.
-- The columns are insert-only for members (no update grant), so a checked URL stays checked.

alter table public.comments
  add constraint comments_attachment_in_authors_folder check (
    attachment_url is null
    or attachment_url ~ (
      '^https?://[^/?#@[:space:]]+/storage/v1/object/public/event-images/'
      || user_id::text
      || '/[0-9]{1,16}\.(png|jpg|gif|webp)$'
    )
  ),
  add constraint comments_attachment_named check (
    (attachment_url is null) = (attachment_name is null)
    and (attachment_name is null or attachment_name ~ '[^[:space:]]')
  );
