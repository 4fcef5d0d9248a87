/**
 * Uploading a picked image into its uploader's folder of a public bucket: checked in the browser first
 * (image-file.ts), then stored as the type its bytes are, cached for an hour, never over another file. Admin
 * event images use it as it is; comments and event updates do the same steps in their own data modules.
 */
import type { StorageClient } from '@supabase/storage-js';
import { dataError } from '../supabase/data';
import { checkImage, imagePath } from './image-file';

export type ImageUpload = { outcome: 'uploaded'; path: string } | { outcome: 'refused'; message: string };

/** Checks the file, then uploads it; a refusal says why, a failed upload throws a DataError. */
export async function uploadImage(
  storage: StorageClient,
  bucket: string,
  userId: string,
  file: File,
  now: number = Date.now(),
): Promise<ImageUpload> {
  const check = await checkImage(file);
  if (!check.ok) return { outcome: 'refused', message: check.message };
  const path = imagePath(userId, check.extension, now);
  // storage-js sends a Blob as a multipart part of the Blob's own type (the browser's guess from the file
  // name), so the bytes go in a Blob of the type they really are.
  const body = new Blob([file], { type: check.contentType });
  const { error } = await storage.from(bucket).upload(path, body, {
    contentType: check.contentType,
    cacheControl: '3600',
    upsert: false,
  });
  if (error) throw dataError(error);
  return { outcome: 'uploaded', path };
}
