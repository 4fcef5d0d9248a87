// Comment images (issue 9): what a comment keeps of its image and which attached URLs the page shows. The
// browser's check of the file and its path in the bucket are every image's (src/lib/images/image-file.ts);
// the upload is in comment-image.data.ts.
import type { ImageExtension } from '../../lib/images/image-rules';

/** An uploaded image, not yet (or now) on a comment. */
export interface Attachment {
  /** Its public URL: the comment's attachment_url. */
  url: string;
  /** The picked file's name: the comment's attachment_name. */
  name: string;
  /** The object's path in the bucket, to remove it if the member drops it before posting. */
  path: string;
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
