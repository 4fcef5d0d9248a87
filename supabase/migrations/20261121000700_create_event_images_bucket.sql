-- Images members attach to comments: public to read, images only, 5 MB at most, and each member writes only
-- under their own folder (<user id>/<file>). Admins may remove any image (moderation).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('event-images', 'event-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy event_images_select_anyone on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'event-images');

create policy event_images_insert_owner on storage.objects
  for insert to authenticated
  with check (bucket_id = 'event-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy event_images_update_owner on storage.objects
  for update to authenticated
  using (bucket_id = 'event-images' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'event-images' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy event_images_delete_owner_or_admin on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'event-images'
    and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.is_admin()))
  );
