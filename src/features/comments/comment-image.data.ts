/**
 * The comment image's calls to Storage (spec §7: upload to event-images at `{user id}/{timestamp}.{ext}`,
 * cache-control 3600 s, no upsert, then its public URL). Loaded on demand with the Storage client, when a
 * member picks an image. The bucket's policies refuse any folder but the member's own, its limits any file
 * over 5 MB or of another type; the browser's check (comment-image.ts) tells the member first.
 */
import type { StorageClient } from '@supabase/storage-js';
import { checkImage, imagePath } from '../../lib/images/image-file';
import { attachmentName, type Attachment } from './comment-image';

export const BUCKET = 'event-images';

export type UploadOutcome =
  | { outcome: 'uploaded'; attachment: Attachment }
  | { outcome: 'refused'; message: string }
  | { outcome: 'failed' };

/** Checks the picked file in the browser, then uploads it into the member's folder. */
export async function uploadCommentImage(
  storage: StorageClient,
  userId: string,
  file: File,
  now: number = Date.now(),
): Promise<UploadOutcome> {
  const check = await checkImage(file);
  if (!check.ok) return { outcome: 'refused', message: check.message };
  const path = imagePath(userId, check.extension, now);
  const bucket = storage.from(BUCKET);
  // storage-js sends a Blob as a multipart part of the Blob's own type (the browser's guess from the file
  // name), so the bytes go in a Blob of the type they really are.
  const body = new Blob([file], { type: check.contentType });
  const { error } = await bucket.upload(path, body, {
    contentType: check.contentType,
    cacheControl: '3600',
    upsert: false,
  });
  if (error) return { outcome: 'failed' };
  const { publicUrl } = bucket.getPublicUrl(path).data;
  return {
    outcome: 'uploaded',
    attachment: { url: publicUrl, name: attachmentName(file.name, check.extension), path },
  };
}

/** Removes an uploaded image the member dropped before posting (best effort: true when it is gone). */
export async function removeCommentImage(storage: StorageClient, path: string): Promise<boolean> {
  const { data, error } = await storage.from(BUCKET).remove([path]);
  return !error && data.length === 1;
}
