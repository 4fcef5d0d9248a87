// Comment images (issue 9): what the browser checks before an upload, where the file goes, and which
// attached URLs the page shows. Pure, so the tests pin it down; the upload is in comment-image.data.ts.
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type ImageExtension } from '../../lib/rules';

/** The refusals the member reads under the picker. */
export const NOT_AN_IMAGE = 'That file is not an image. Choose a PNG, JPEG, GIF or WebP picture.';
export const TOO_LARGE = 'That image is larger than 5 MB. Choose a smaller one.';

/** An uploaded image, not yet (or now) on a comment. */
export interface Attachment {
  /** Its public URL: the comment's attachment_url. */
  url: string;
  /** The picked file's name: the comment's attachment_name. */
  name: string;
  /** The object's path in the bucket, to remove it if the member drops it before posting. */
  path: string;
}

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

/** Where the image goes in the bucket: the member's own folder, `{user id}/{timestamp}.{ext}` (spec §7). */
export function imagePath(userId: string, extension: ImageExtension, now: number = Date.now()): string {
  return `${userId}/${now}.${extension}`;
}

/** The name kept with the comment: the picked file's name, trimmed to the column's 255 characters. */
export function attachmentName(fileName: string, extension: ImageExtension): string {
  const name = [...fileName.trim()].slice(0, 255).join('');
  return name || `image.${extension}`;
}

/**
 * Whether an attached URL is an image in the bucket of this site's Supabase, in its author's folder. The
 * database holds the path to the author's folder (20261125300001_comment_attachment_in_own_folder.sql) but
 * cannot know its own public host, so the page shows nothing else.
 */
export function isShownImageUrl(url: string, supabaseUrl: string, authorId: string): boolean {
  const prefix = `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/event-images/${authorId}/`;
  return url.startsWith(prefix) && /^[0-9]+\.(png|jpg|gif|webp)$/.test(url.slice(prefix.length));
}
