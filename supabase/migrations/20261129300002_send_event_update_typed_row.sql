-- send_event_update() returns one typed row (id, in_app, email) instead of a jsonb object (issue 18), so
-- `npm run db:types` describes what the admin's screen reads; callers ask for it as one object (supabase-js
-- .single()). A function's return type cannot be replaced in place, hence the drop.
drop function public.send_event_update(uuid, text, jsonb, text, text, text);

create function public.send_event_update(
  event_id uuid, title text, body_doc jsonb, segment text, image_path text default null, image_alt text default null
)
returns table (id uuid, in_app integer, email integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  alt text := case when send_event_update.image_path is null then null else send_event_update.image_alt end;
  trip public.events;
  body_text text;
  members integer;
  mails integer;
  new_id uuid;
begin
  trip := private.check_event_update(send_event_update.event_id, send_event_update.title,
    send_event_update.body_doc, send_event_update.segment, send_event_update.image_path, alt);
  body_text := private.update_doc_text(send_event_update.body_doc);
  members := private.event_update_member_count(trip.id, send_event_update.segment);
  mails := private.queue_event_update_mail(trip, send_event_update.segment, send_event_update.title, body_text,
    private.update_node_html(send_event_update.body_doc), send_event_update.image_path, alt);
  new_id := private.record_event_update(trip.id, send_event_update.title, body_text, send_event_update.body_doc,
    send_event_update.image_path, alt, send_event_update.segment, members, mails);
  return query select new_id, members, mails;
end
$$;
revoke all on function public.send_event_update(uuid, text, jsonb, text, text, text) from public, anon;
grant execute on function public.send_event_update(uuid, text, jsonb, text, text, text)
  to authenticated, service_role;
