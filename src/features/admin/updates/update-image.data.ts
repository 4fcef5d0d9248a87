/**
 * An update's image in Storage: the update-images bucket (20261128100002: public to read, admins write, each
 * in their own folder). The file is checked in the browser first with the comment images' rules (a real
 * PNG, JPEG, GIF or WebP by its bytes, at most 5 MB, as the bucket's limits); the update keeps the path.
 */
import type { StorageClient } from '@supabase/storage-js';
import { checkImage, imagePath } from '../../../lib/images/image-file';
import { UPDATE_IMAGES_BUCKET } from '../../event-updates/event-updates';

export type UpdateImageUpload =
  { outcome: 'uploaded'; path: string } | { outcome: 'refused'; message: string };

/** Checks the file, then uploads it into the admin's folder; throws when the upload itself fails. */
export async function uploadUpdateImage(
  storage: StorageClient,
  userId: string,
  file: File,
  now: number = Date.now(),
): Promise<UpdateImageUpload> {
  const check = await checkImage(file);
  if (!check.ok) return { outcome: 'refused', message: check.message };
  const path = imagePath(userId, check.extension, now);
  const { error } = await storage
    .from(UPDATE_IMAGES_BUCKET)
    .upload(path, new Blob([file], { type: check.contentType }), {
      contentType: check.contentType,
      cacheControl: '3600',
      upsert: false,
    });
  if (error) throw error;
  return { outcome: 'uploaded', path };
}
