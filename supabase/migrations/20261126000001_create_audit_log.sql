-- The audit log: one row for every change an admin makes to customers, roles, events and enquiries, written
-- by triggers in the same transaction as the change, so no client can make a change without its row or
-- write a row without a change. Admins read it; nobody edits or deletes it (not even the service role).

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- Who: the admin's id and, as they were at the time, their name and e-mail. No foreign key: the record
  -- outlives the account.
  actor_id uuid not null,
  actor_name text,
  actor_email text,
  -- What: the table, the row, a readable label of the row (an event's title, a person's name) and the verb.
  entity text not null,
  entity_id text not null,
  entity_label text,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- Before and after: the columns that changed (update), or the whole row (insert: after; delete: before).
  before jsonb,
  after jsonb
);
comment on table public.audit_log is
  'Admin changes, written by private.audit_change() triggers. Append-only: admins read, nobody edits.';
alter table public.audit_log enable row level security;

create index audit_log_at_idx on public.audit_log (at desc);
create index audit_log_actor_idx on public.audit_log (actor_id, at desc);
create index audit_log_entity_idx on public.audit_log (entity, entity_id, at desc);

-- ---------------------------------------------------------------- writing

-- After each row change by a signed-in admin (the access token's user, also inside security-definer
-- functions): one audit row. TG_ARGV[0] names the column that labels the row (title, full_name …).
-- Changes by the service role, the auth service or a member are not admin changes and are not logged here.
create function private.audit_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  label_column text := tg_argv[0];
  changed_before jsonb;
  changed_after jsonb;
  who record;
begin
  if actor is null or not private.is_admin() then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
    into changed_before, changed_after
    from jsonb_each(old_row) o
    where o.key <> 'updated_at' and o.value is distinct from new_row -> o.key;
    if changed_after is null then
      return null; -- nothing changed
    end if;
  else
    changed_before := old_row - 'updated_at';
    changed_after := new_row - 'updated_at';
  end if;
  select p.full_name, u.email into who
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = actor;
  insert into public.audit_log (actor_id, actor_name, actor_email, entity, entity_id, entity_label, action,
                                before, after)
  values (
    actor, who.full_name, who.email, tg_table_name,
    coalesce(new_row ->> 'id', old_row ->> 'id'),
    case when label_column is not null then coalesce(new_row ->> label_column, old_row ->> label_column) end,
    lower(tg_op), changed_before, changed_after
  );
  return null;
end
$$;
revoke all on function private.audit_change() from public;

-- Append-only for everyone, the table's owner included: corrections are new rows, never edits.
create function private.refuse_audit_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'the audit log cannot be changed or deleted'
    using errcode = '42501', hint = 'Audit rows are written by the database and kept.';
end
$$;

create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function private.refuse_audit_change();
create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.refuse_audit_change();

-- ---------------------------------------------------------------- what is audited

create trigger audit_change
  after update or delete on public.profiles
  for each row execute function private.audit_change('full_name');
create trigger audit_change
  after insert or update or delete on public.events
  for each row execute function private.audit_change('title');
create trigger audit_change
  after insert or update or delete on public.waitlist_submissions
  for each row execute function private.audit_change('full_name');
create trigger audit_change
  after insert or update or delete on public.interest_registrations
  for each row execute function private.audit_change('full_name');
create trigger audit_change
  after insert or update or delete on public.contact_messages
  for each row execute function private.audit_change('full_name');

-- ---------------------------------------------------------------- access

revoke all on table public.audit_log from anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

create policy audit_log_select_admin on public.audit_log
  for select to authenticated
  using ((select private.is_admin()));
