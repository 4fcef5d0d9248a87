-- A reply may carry an image as a comment does (issue 9): the same two columns with the same rules, and the
-- author sets them when posting (no update grant: an attachment is not edited, as on comments).
alter table public.comment_replies
  add column attachment_url text check (attachment_url ~ '^https?://' and char_length(attachment_url) <= 2048),
  add column attachment_name text check (char_length(attachment_name) <= 255);

grant insert (attachment_url, attachment_name) on table public.comment_replies to authenticated;
