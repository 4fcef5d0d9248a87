import { MAX_ALT_LENGTH } from '../../../studio/schemaTypes/constants';
import type { FieldChecker } from './fieldChecker';
import type { ContentImage } from './types';

const fraction = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;

/**
 * A picture as the site serves it (studio/schemaTypes/imageWithAlt.ts): alt text within the Studio's limit,
 * an asset that exists with its size known (the page sets width and height from it, so nothing shifts), and
 * crop and hotspot as fractions of the picture.
 */
export function checkImage(check: FieldChecker, field: string, value: unknown): ContentImage {
  const image = check.object(field, value);
  const alt = check.text(`${field}.alt`, image['alt']);
  if (alt.length > MAX_ALT_LENGTH) check.fail(`${field}.alt`, `must be at most ${MAX_ALT_LENGTH} characters`);
  check.optionalText(`${field}.caption`, image['caption']);
  if (image['asset'] === null || image['asset'] === undefined) {
    check.fail(`${field}.asset`, 'must point at an uploaded image (the asset is missing)');
  }
  const asset = check.object(`${field}.asset`, image['asset']);
  check.matching(`${field}.asset._id`, asset['_id'], /^image-[0-9a-f]+-\d+x\d+-[a-z]+$/, 'an image asset id');
  check.text(`${field}.asset.path`, asset['path']);
  check.wholeNumber(`${field}.asset.width`, asset['width'], 1, Number.MAX_SAFE_INTEGER);
  check.wholeNumber(`${field}.asset.height`, asset['height'], 1, Number.MAX_SAFE_INTEGER);
  for (const part of ['crop', 'hotspot'] as const) {
    if (image[part] === null || image[part] === undefined) continue;
    const box = check.object(`${field}.${part}`, image[part]);
    for (const [key, number] of Object.entries(box)) {
      if (!fraction(number)) check.fail(`${field}.${part}.${key}`, 'must be a number from 0 to 1');
    }
  }
  return image as ContentImage;
}
