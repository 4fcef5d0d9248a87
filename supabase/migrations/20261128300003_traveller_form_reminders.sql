-- A history of a traveller form's reminders (decision 0045): when, by whom and how many people, written
-- only by remind_traveller_form and read by admins on the form's screen.
create table public.traveller_form_reminders (
  id uuid primary key default gen_random_uuid(),
  form_id uuid not null references public.traveller_forms (id) on delete cascade,
  sent_at timestamptz not null default now(),
  sent_by uuid references public.profiles (id) on delete set null,
  reminded integer not null check (reminded > 0),
  -- What the audit log shows for the row ("3 people reminded").
  summary text generated always as
    (reminded::text || case when reminded = 1 then ' person reminded' else ' people reminded' end) stored
);
alter table public.traveller_form_reminders enable row level security;
create index traveller_form_reminders_form_id_idx on public.traveller_form_reminders (form_id, sent_at desc);
create index traveller_form_reminders_sent_by_idx on public.traveller_form_reminders (sent_by);
create trigger audit_change after insert or update or delete on public.traveller_form_reminders
  for each row execute function private.audit_change('summary', 'traveller form reminder');

-- Read by admins; nobody writes it through the API (remind_traveller_form is security definer).
revoke all on table public.traveller_form_reminders from anon, authenticated;
grant select on table public.traveller_form_reminders to authenticated;
grant all on table public.traveller_form_reminders to service_role;
create policy traveller_form_reminders_select_authenticated on public.traveller_form_reminders
  for select to authenticated using ((select private.is_admin()));

-- E-mails every booked member who still has something to do on the form: their answers (holder form), or
-- a named traveller's answers or travellers to name (traveller form). Records the reminder; returns how many.
create or replace function public.remind_traveller_form(p_form_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  form public.traveller_forms;
  event_title text;
  settings private.company_settings;
  reminded integer;
begin
  perform private.require_admin('remind travellers');
  select * into form from public.traveller_forms where id = p_form_id;
  if form is null then
    raise exception 'This form no longer exists.' using errcode = 'P0002';
  end if;
  select e.title into event_title from public.events e where e.id = form.event_id;
  select * into settings from private.company_settings;
  insert into private.outbound_mail (recipient, reply_to, subject, body)
  select u.email, settings.contact_email,
    left('Reminder: ' || form.title || ' for ' || event_title, 300),
    'Please fill in "' || form.title || '" for ' || event_title
      || case when form.answered_by = 'traveller' then ', once for each traveller on your booking,' else '' end
      || ' by ' || to_char(form.due_date, 'FMDD Mon YYYY') || '.' || E'\n\n'
      || 'Open your dashboard: ' || coalesce(settings.site_url, '') || '/dashboard'
      || E'\n\n-- \n' || coalesce(settings.brand_name, 'The team')
  from (select b.user_id from public.bookings b
        where b.event_id = form.event_id and b.status <> 'cancelled'
        group by b.user_id
        having case when form.answered_by = 'holder' then
            not exists (select 1 from public.traveller_form_responses r
                        where r.form_id = p_form_id and r.user_id = b.user_id and r.traveller_id is null)
          else
            -- a place nobody is named for, or a named traveller without answers
            bool_or(b.travellers > (select count(*) from public.booking_travellers bt where bt.booking_id = b.id))
            or exists (select 1 from public.bookings b2
                       join public.booking_travellers bt on bt.booking_id = b2.id
                       where b2.event_id = form.event_id and b2.user_id = b.user_id and b2.status <> 'cancelled'
                         and not exists (select 1 from public.traveller_form_responses r
                                         where r.form_id = p_form_id and r.user_id = b.user_id
                                           and r.traveller_id = bt.traveller_id))
          end) todo
  join auth.users u on u.id = todo.user_id
  where u.email is not null;
  get diagnostics reminded = row_count;
  if reminded > 0 then
    insert into public.traveller_form_reminders (form_id, sent_by, reminded)
    values (p_form_id, (select auth.uid()), reminded);
    perform pg_notify('outbound_mail', '');
  end if;
  return reminded;
end
$$;
