-- Hearts per comment and per reply in one small row each, whatever the number of hearts, so the events
-- page's comments request embeds them under every comment (through comment_id) and reply (through
-- reply_id) instead of carrying every heart. PostgREST is never asked to aggregate (hosted projects keep
-- its aggregates switched off). Security invoker: comment_reactions' policies decide which hearts count.
create view public.comment_heart_counts
with (security_invoker = true)
as
  select h.comment_id, h.reply_id, count(*)::integer as total
  from public.comment_reactions h
  group by h.comment_id, h.reply_id;
comment on view public.comment_heart_counts is 'Hearts per comment or reply, as the caller may see them.';

revoke all on table public.comment_heart_counts from anon, authenticated;
grant select on table public.comment_heart_counts to anon, authenticated;
grant all on table public.comment_heart_counts to service_role;
