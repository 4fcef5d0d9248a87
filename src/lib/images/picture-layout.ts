// The arithmetic of a responsive picture, shared by the hosted and the local way of serving it: the size a
// picture can be shown at without upscaling, the widths its srcset offers, and where a crop centres.
import type { ContentImage } from '../content/types';

export type PictureSize = { width: number; height: number };
type Crop = NonNullable<ContentImage['crop']>;
type Hotspot = NonNullable<ContentImage['hotspot']>;

/** The asset's full size; checkImage refuses a picture without one, so a missing size here is a bug. */
export function assetSize(asset: ContentImage['asset']): PictureSize {
  if (asset.width === null || asset.height === null) throw new Error(`${asset._id} has no dimensions`);
  return { width: asset.width, height: asset.height };
}

/** The picture's own size after the editor's crop (Sanity stores the crop as fractions cut from each side). */
export function croppedSize(asset: PictureSize, crop: Crop | null): PictureSize {
  if (crop === null) return { width: asset.width, height: asset.height };
  return {
    width: Math.round(asset.width * (1 - crop.left - crop.right)),
    height: Math.round(asset.height * (1 - crop.top - crop.bottom)),
  };
}

/** The largest `aspectRatio` (width / height) rectangle inside `source`; the source's own when none is asked. */
export function largestSize(source: PictureSize, aspectRatio?: number): PictureSize {
  if (aspectRatio === undefined) return source;
  return source.width / source.height > aspectRatio
    ? { width: Math.round(source.height * aspectRatio), height: source.height }
    : { width: source.width, height: Math.round(source.width / aspectRatio) };
}

/** The srcset's widths: those the picture can give, and its full width when a wanted one is larger. */
export function srcsetWidths(wanted: readonly number[], maxWidth: number): number[] {
  const fitting = [...new Set(wanted)].filter((width) => width <= maxWidth).sort((a, b) => a - b);
  return wanted.some((width) => width > maxWidth) || fitting.length === 0 ? [...fitting, maxWidth] : fitting;
}

/** The size for height = width / aspectRatio, whole pixels. */
export const sizeAt = (width: number, aspectRatio: number): PictureSize => ({
  width,
  height: Math.round(width / aspectRatio),
});

/**
 * Where sharp keeps the picture when cutting it to another shape (Astro's `position`): the hotspot's centre
 * rounded to one of sharp's nine positions, the closest the local pipeline can come to Sanity's own
 * cropping around the hotspot.
 */
export function hotspotPosition(hotspot: Hotspot | null): string {
  if (hotspot === null) return 'centre';
  const third = (value: number, low: string, high: string) =>
    value < 1 / 3 ? low : value > 2 / 3 ? high : undefined;
  const parts = [third(hotspot.x, 'left', 'right'), third(hotspot.y, 'top', 'bottom')].filter(Boolean);
  return parts.length === 0 ? 'centre' : parts.join(' ');
}

export const hasCrop = (crop: Crop | null): boolean =>
  crop !== null && (crop.top > 0 || crop.bottom > 0 || crop.left > 0 || crop.right > 0);
