-- An event update's optional image (issue 11, decision 0043): public to read (members and the e-mail's
-- link), written only by admins, each in their own folder (<user id>/<ms>.<ext>, the shape the update's
-- CHECK wants). Images only, 5 MB at most, as the event-images bucket.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('update-images', 'update-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy update_images_select_anyone on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'update-images');

create policy update_images_insert_admin on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'update-images' and (select private.is_admin())
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy update_images_update_admin on storage.objects
  for update to authenticated
  using (bucket_id = 'update-images' and (select private.is_admin()))
  with check (bucket_id = 'update-images' and (select private.is_admin()));

create policy update_images_delete_admin on storage.objects
  for delete to authenticated
  using (bucket_id = 'update-images' and (select private.is_admin()));
