import { storageErrors } from './errors.ts';

export type RasterImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif';

/** Checks a declared type against a bucket's allowed_mime_types as supabase/storage does (`type/*` allowed). */
export function isMimeTypeAllowed(mimeType: string, allowed: readonly string[]): boolean {
  const [type, subtype, ...extra] = mimeType.split('/');
  if (type === undefined || subtype === undefined || extra.length > 0) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/');
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** AVIF is an ISO-BMFF file whose `ftyp` box names avif/avis as its major or a compatible brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** The raster image type the content really is, judged by its magic bytes; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): RasterImageType | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return undefined;
}

/** A bucket whose allowed types are all images: everything stored there must really be an image. */
function isImageBucket(allowed: readonly string[] | null): boolean {
  return allowed !== null && allowed.length > 0 && allowed.every((entry) => entry.startsWith('image/'));
}

/**
 * Refuses what the bucket does not allow (415 invalid_mime_type). Anything declared as an image, and anything
 * put in an images-only bucket, must carry a raster image's magic bytes: a script renamed `.png` is refused,
 * and SVG is never accepted there because it can carry script.
 */
export function assertAcceptableContent(
  mimeType: string,
  content: Uint8Array,
  allowed: readonly string[] | null,
): void {
  if (allowed !== null && allowed.length > 0 && !isMimeTypeAllowed(mimeType, allowed)) {
    throw storageErrors.invalidMimeType(mimeType);
  }
  const declaresImage = mimeType.toLowerCase().startsWith('image/');
  if (!declaresImage && !isImageBucket(allowed)) return;
  if (mimeType.toLowerCase().startsWith('image/svg')) throw storageErrors.invalidMimeType(mimeType);
  const actual = sniffImageType(content);
  if (actual === undefined) throw storageErrors.contentNotImage(mimeType);
  if (allowed !== null && allowed.length > 0 && !isMimeTypeAllowed(actual, allowed)) {
    throw storageErrors.invalidMimeType(actual);
  }
}
