/**
 * The comment image's calls to Storage (spec §7: upload to event-images at `{user id}/{timestamp}.{ext}`,
 * cache-control 3600 s, no upsert, then its public URL). Loaded on demand with the Storage client, when a
 * member picks an image. The bucket's policies refuse any folder but the member's own, its limits any file
 * over 5 MB or of another type; the browser's check (comment-image.ts) tells the member first.
 */
import { checkImage, imagePath } from '../../lib/images/image-file';
import { sharedStorage, unwrap, type LoadStorage } from '../../lib/supabase/data';
import { attachmentName, type Attachment } from './comment-image';

export const BUCKET = 'event-images';

export type UploadOutcome =
  | { outcome: 'uploaded'; attachment: Attachment }
  | { outcome: 'refused'; message: string }
  | { outcome: 'failed' };

/**
 * Checks the picked file in the browser, then uploads it into the member's folder. The bucket's refusal is
 * 'failed' (the member is told to try again); a Storage client that could not be loaded is thrown.
 */
export async function uploadCommentImage(
  userId: string,
  file: File,
  now: number = Date.now(),
  storage: LoadStorage = sharedStorage,
): Promise<UploadOutcome> {
  const check = await checkImage(file);
  if (!check.ok) return { outcome: 'refused', message: check.message };
  const path = imagePath(userId, check.extension, now);
  const bucket = (await storage()).from(BUCKET);
  // storage-js sends a Blob as a multipart part of the Blob's own type (the browser's guess from the file
  // name), so the bytes go in a Blob of the type they really are.
  const body = new Blob([file], { type: check.contentType });
  try {
    unwrap(
      await bucket.upload(path, body, {
        contentType: check.contentType,
        cacheControl: '3600',
        upsert: false,
      }),
    );
  } catch {
    return { outcome: 'failed' };
  }
  const { publicUrl } = bucket.getPublicUrl(path).data;
  return {
    outcome: 'uploaded',
    attachment: { url: publicUrl, name: attachmentName(file.name, check.extension), path },
  };
}

/** Removes an uploaded image the member dropped before posting (best effort: true when it is gone). */
export async function removeCommentImage(
  path: string,
  storage: LoadStorage = sharedStorage,
): Promise<boolean> {
  const bucket = (await storage()).from(BUCKET);
  try {
    return unwrap(await bucket.remove([path])).length === 1;
  } catch {
    return false;
  }
}
