-- Storage: the event-images and update-images buckets and who may read and write them.
-- Generated from the migrated database, then kept by hand; npm run db:check proves it equals what the migrations build.

-- Function bodies may name objects of later files: check them when called, as a pg_dump restore does.
set check_function_bodies = false;

-- The buckets: public to read, images only, 5 MB at most. event-images holds what members attach to comments
-- (each member writes only under their own folder); update-images holds what admins put in event updates.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('event-images', 'event-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
       ('update-images', 'update-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

-- The migrations that built this domain, and what they said they were for:
-- 20261121000700_create_event_images_bucket:
--   Images members attach to comments: public to read, images only, 5 MB at most, and each member writes only
--   under their own folder (<user id>/<file>). Admins may remove any image (moderation).
-- 20261128100002_update_images_bucket:
--   An event update's optional image (issue 11, decision 0043): public to read (members and the e-mail's
--   link), written only by admins, each in their own folder (<user id>/<ms>.<ext>, the shape the update's
--   CHECK wants). Images only, 5 MB at most, as the event-images bucket.

-- ---------------------------------------------------------------- row level security and policies

-- Every write also needs a live caller: a token whose account was deleted or whose sessions all ended may not
-- upload, replace or remove an image (private.caller_is_live(), decision 0058).
CREATE POLICY event_images_delete_owner_or_admin ON storage.objects FOR DELETE TO authenticated USING ((((bucket_id = 'event-images'::text) AND (((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text) OR ( SELECT private.is_admin() AS is_admin)))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY event_images_insert_owner ON storage.objects FOR INSERT TO authenticated WITH CHECK ((((bucket_id = 'event-images'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY event_images_select_anyone ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = 'event-images'::text));

CREATE POLICY event_images_update_owner ON storage.objects FOR UPDATE TO authenticated USING ((((bucket_id = 'event-images'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))) AND ( SELECT private.caller_is_live() AS caller_is_live)) WITH CHECK ((((bucket_id = 'event-images'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY update_images_delete_admin ON storage.objects FOR DELETE TO authenticated USING ((((bucket_id = 'update-images'::text) AND ( SELECT private.is_admin() AS is_admin))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY update_images_insert_admin ON storage.objects FOR INSERT TO authenticated WITH CHECK ((((bucket_id = 'update-images'::text) AND ( SELECT private.is_admin() AS is_admin) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text))) AND ( SELECT private.caller_is_live() AS caller_is_live));

CREATE POLICY update_images_select_anyone ON storage.objects FOR SELECT TO anon, authenticated USING ((bucket_id = 'update-images'::text));

CREATE POLICY update_images_update_admin ON storage.objects FOR UPDATE TO authenticated USING ((((bucket_id = 'update-images'::text) AND ( SELECT private.is_admin() AS is_admin))) AND ( SELECT private.caller_is_live() AS caller_is_live)) WITH CHECK ((((bucket_id = 'update-images'::text) AND ( SELECT private.is_admin() AS is_admin))) AND ( SELECT private.caller_is_live() AS caller_is_live));

