-- The events page's comments in compact rows (issue 25, decision 0070): thread_replies, one row per live
-- reply with its author's name, heart count, the caller's heart and whether it was edited; comment_threads,
-- the same per live comment with its pin, its reply count and its first three replies. The caller's rights
-- (security invoker), so row-level security on comments and replies decides what a member reads. Members
-- only: visitors see no comments on the page.

-- Each live reply as the events page shows it, in one compact row: its author's public name, its heart
-- count, whether the caller gave one, and whether it was edited (the set_updated_at trigger stamps every
-- update). The caller's rights (security invoker): comment_replies' policies decide what a member reads;
-- the three views it asks run with their owner's, as they do when embedded. Members only: visitors see
-- no comments on the page, and my_comment_hearts is theirs alone. Decision 0070.
CREATE VIEW public.thread_replies WITH (security_invoker='true') AS
 SELECT r.id,
    r.event_id,
    r.parent_comment_id,
    r.user_id,
    ( SELECT p.full_name
           FROM public.public_profiles p
          WHERE (p.id = r.user_id)) AS author,
    r.content,
    r.created_at,
    (r.updated_at > r.created_at) AS edited,
    COALESCE(( SELECT h.total
           FROM public.comment_heart_counts h
          WHERE (h.reply_id = r.id)), 0) AS hearts,
    (EXISTS ( SELECT 1
           FROM public.my_comment_hearts m
          WHERE (m.reply_id = r.id))) AS hearted,
    r.attachment_url,
    r.attachment_name
   FROM public.comment_replies r
  WHERE (NOT r.is_deleted);

COMMENT ON VIEW public.thread_replies IS 'Live replies as the events page shows them: author, hearts, the caller''s heart, edited.';

REVOKE ALL ON TABLE public.thread_replies FROM anon, authenticated;
GRANT SELECT ON TABLE public.thread_replies TO authenticated;
GRANT ALL ON TABLE public.thread_replies TO service_role;

-- Each live comment as the events page shows it, the same compact row as a reply's plus its pin, how many
-- live replies it has and the first three of them (oldest first, as thread_replies rows), so an event's
-- first comments cost one bounded read whatever the number of replies; the rest of a thread's replies come
-- from thread_replies on demand. Embedded under events through event_id. The caller's rights, as
-- thread_replies. Decision 0070.
CREATE VIEW public.comment_threads WITH (security_invoker='true') AS
 SELECT c.id,
    c.event_id,
    c.user_id,
    ( SELECT p.full_name
           FROM public.public_profiles p
          WHERE (p.id = c.user_id)) AS author,
    c.content,
    c.created_at,
    (c.updated_at > c.created_at) AS edited,
    COALESCE(( SELECT h.total
           FROM public.comment_heart_counts h
          WHERE (h.comment_id = c.id)), 0) AS hearts,
    (EXISTS ( SELECT 1
           FROM public.my_comment_hearts m
          WHERE (m.comment_id = c.id))) AS hearted,
    c.attachment_url,
    c.attachment_name,
    c.is_pinned,
    ( SELECT (count(*))::integer AS count
           FROM public.comment_replies r
          WHERE ((r.parent_comment_id = c.id) AND (NOT r.is_deleted))) AS reply_count,
    COALESCE(( SELECT jsonb_agg(((to_jsonb(t.*) - 'event_id'::text) - 'parent_comment_id'::text) ORDER BY t.created_at, t.id) AS jsonb_agg
           FROM ( SELECT r.id,
                    r.event_id,
                    r.parent_comment_id,
                    r.user_id,
                    r.author,
                    r.content,
                    r.created_at,
                    r.edited,
                    r.hearts,
                    r.hearted,
                    r.attachment_url,
                    r.attachment_name
                   FROM public.thread_replies r
                  WHERE (r.parent_comment_id = c.id)
                  ORDER BY r.created_at, r.id
                 LIMIT 3) t), '[]'::jsonb) AS replies
   FROM public.comments c
  WHERE (NOT c.is_deleted);

COMMENT ON VIEW public.comment_threads IS 'Live comments as the events page shows them, with their reply count and first three replies.';

REVOKE ALL ON TABLE public.comment_threads FROM anon, authenticated;
GRANT SELECT ON TABLE public.comment_threads TO authenticated;
GRANT ALL ON TABLE public.comment_threads TO service_role;
