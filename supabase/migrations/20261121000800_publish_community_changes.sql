-- Live community activity: Realtime's postgres_changes streams only tables in this publication. Each
-- subscriber still receives only rows its own policies let it read.
alter publication supabase_realtime add table
  public.comments,
  public.comment_replies,
  public.reactions,
  public.comment_reactions;
