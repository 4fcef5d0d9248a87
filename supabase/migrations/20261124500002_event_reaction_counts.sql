-- The events page's reaction counts in one small request whatever the number of reactions (PostgREST
-- returns at most max_rows = 1000 rows, so counting raw rows in the browser would undercount). Security
-- invoker: the reactions policies decide which rows are counted (published events; an admin also drafts).
create view public.event_reaction_counts
with (security_invoker = true)
as
  select r.event_id, r.reaction_type, count(*)::integer as total
  from public.reactions r
  group by r.event_id, r.reaction_type;

revoke all on table public.event_reaction_counts from anon, authenticated;
grant select on table public.event_reaction_counts to anon, authenticated;
grant all on table public.event_reaction_counts to service_role;
