// Images (comments, events, updates): the same limits as the bucket's (storage.buckets row 'event-images' in
// supabase/schemas/13_storage.sql: file_size_limit and allowed_mime_types).

/** Largest image a member may attach: 5 MB, the bucket's file_size_limit. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The image types the bucket accepts, by the file extension the upload gets. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageExtension = keyof typeof IMAGE_TYPES;
