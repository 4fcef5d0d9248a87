-- Change capture for Realtime's postgres_changes. Hosted Supabase reads the WAL; that needs logical
-- replication, which PGlite lacks, so triggers queue each change instead and the stack delivers it.
-- Applied when the stack starts (after the migrations), not by a migration: hosted Supabase provides this.

create schema if not exists realtime;

create table if not exists realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);
revoke all on table realtime.changes from public, anon, authenticated, service_role;

-- Security definer: whoever writes the table (anon included) must be able to queue the change.
create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into realtime.changes (schema_name, table_name, type, record, old_record)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  perform pg_notify('realtime_changes', '');
  return null;
end
$$;

-- One capture trigger on each table of the supabase_realtime publication, and none elsewhere.
create or replace function realtime.sync_triggers() returns void
language plpgsql set search_path = ''
as $$
declare
  target record;
begin
  for target in
    select p.schemaname, p.tablename
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_catalog.pg_trigger t
        where t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
          and t.tgname = 'realtime_capture_change'
      )
  loop
    execute format(
      'create trigger realtime_capture_change after insert or update or delete on %I.%I '
      'for each row execute function realtime.capture_change()',
      target.schemaname, target.tablename
    );
  end loop;
  for target in
    select n.nspname as schemaname, c.relname as tablename
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'realtime_capture_change'
      and not exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger realtime_capture_change on %I.%I', target.schemaname, target.tablename);
  end loop;
end
$$;

revoke all on function realtime.capture_change(), realtime.sync_triggers() from public;
