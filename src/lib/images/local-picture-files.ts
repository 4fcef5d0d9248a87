// The sample dataset's picture files as Astro image imports: Astro reads each one's size and, through the
// <ContentPicture> component, resizes and re-encodes it at build time (sharp). An asset document's `path`
// is relative to the dataset file (studio/data/), as in a Sanity export.
import type { ImageMetadata } from 'astro';

const files = import.meta.glob<ImageMetadata>('/studio/data/images/*.{jpg,jpeg,png,webp}', {
  eager: true,
  import: 'default',
});

export function localPictureFile(path: string): ImageMetadata {
  const file = files[`/studio/data/${path}`];
  if (file === undefined) {
    throw new Error(`Content error: the picture "${path}" is not a file in studio/data/images/`);
  }
  return file;
}
