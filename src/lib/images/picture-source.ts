// Where the site's pictures come from, decided by the content source (contentSource.ts): Sanity's image CDN
// when the content is hosted, the sample dataset's own files (processed by Astro at build time) otherwise.
import { createImageUrlBuilder } from '@sanity/image-url';
import { contentSourceFromEnv, readEnv, type ContentSource } from '../content/contentSource';
import type { ContentImage } from '../content/types';
import {
  assetSize,
  croppedSize,
  largestSize,
  sizeAt,
  srcsetWidths,
  type PictureSize,
} from './picture-layout';

export type PictureSource = { kind: 'hosted'; projectId: string; dataset: string } | { kind: 'local' };

export function pictureSourceOf(content: ContentSource): PictureSource {
  return content.kind === 'hosted'
    ? { kind: 'hosted', projectId: content.projectId, dataset: content.dataset }
    : { kind: 'local' };
}

export const pictureSourceFromEnv = (): PictureSource => pictureSourceOf(contentSourceFromEnv(readEnv()));

/** Sanity's image CDN, where @sanity/image-url points every hosted picture. */
export const SANITY_IMAGE_ORIGIN = 'https://cdn.sanity.io';

/** The origins the pages load pictures from besides their own (the CSP's img-src allows exactly these). */
export const pictureOrigins = (source: PictureSource): string[] =>
  source.kind === 'hosted' ? [SANITY_IMAGE_ORIGIN] : [];

/** `width` and `height`: the largest size the picture can be shown at (its shape, for the box). */
export type HostedPicture = PictureSize & { src: string; srcset: string };

// Quality 75 matches what the local build's encoders default to; `auto=format` lets the CDN send AVIF or
// WebP to browsers that take them (it reads the Accept header), JPEG to the rest.
const QUALITY = 75;

/**
 * Sanity CDN URLs for a picture cut to `aspectRatio` at each width: @sanity/image-url applies the editor's
 * crop and crops around the hotspot (`fit=crop` with width and height).
 */
export function hostedPicture(
  source: Extract<PictureSource, { kind: 'hosted' }>,
  image: ContentImage,
  { aspectRatio, widths }: { aspectRatio?: number; widths: readonly number[] },
): HostedPicture {
  const builder = createImageUrlBuilder({ projectId: source.projectId, dataset: source.dataset });
  const full = largestSize(croppedSize(assetSize(image.asset), image.crop), aspectRatio);
  const ratio = full.width / full.height;
  const sanityImage = {
    asset: { _ref: image.asset._id },
    ...(image.crop === null ? {} : { crop: image.crop }),
    ...(image.hotspot === null ? {} : { hotspot: image.hotspot }),
  };
  const url = ({ width, height }: PictureSize) =>
    builder.image(sanityImage).width(width).height(height).fit('crop').auto('format').quality(QUALITY).url();
  const candidates = srcsetWidths(widths, full.width).map((width) => sizeAt(width, ratio));
  return {
    // Width and height give the box its shape before the picture loads; the local build sets the same.
    ...full,
    src: url(candidates[Math.floor((candidates.length - 1) / 2)]!),
    srcset: candidates.map((size) => `${url(size)} ${size.width}w`).join(', '),
  };
}
