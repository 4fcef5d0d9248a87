// An image picked for upload, whoever picks it (a member's comment, an admin's event or update): what the
// browser checks before sending it and where it goes in a bucket. The buckets (event-images, update-images)
// set the same limits, so this check tells the person first what Storage would refuse. Pure; the upload
// itself is upload-image.ts.
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type ImageExtension } from './image-rules';

/** The refusals shown under an image picker (comments, admin events and updates). */
export const NOT_AN_IMAGE = 'That file is not an image. Choose a PNG, JPEG, GIF or WebP picture.';
export const TOO_LARGE = 'That image is larger than 5 MB. Choose a smaller one.';

/** How many leading bytes tell the four types apart. */
export const SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The real type of a file from its first bytes (its magic number), whatever its name or declared type
 * say: a text file renamed .png is no PNG.
 */
export function sniffImage(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export type ImageCheck =
  | { ok: true; extension: ImageExtension; contentType: (typeof IMAGE_TYPES)[ImageExtension] }
  | { ok: false; message: string };

/** The browser's check of a picked file: a real image by its bytes, then at most 5 MB. */
export async function checkImage(file: Blob): Promise<ImageCheck> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const extension = sniffImage(head);
  if (!extension) return { ok: false, message: NOT_AN_IMAGE };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: TOO_LARGE };
  return { ok: true, extension, contentType: IMAGE_TYPES[extension] };
}

/**
 * Where an image goes in its bucket: its uploader's own folder, `{user id}/{timestamp}.{ext}` (spec §7). The
 * buckets' policies let each user write only in their own folder.
 */
export function imagePath(userId: string, extension: ImageExtension, now: number = Date.now()): string {
  return `${userId}/${now}.${extension}`;
}
