import { storageErrors } from './errors.ts';

/** S3's key limit; also keeps every on-disk path well inside the file system's limits. */
export const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;

// Characters supabase/storage accepts in keys (S3-safe plus a few that need special handling).
const VALID_KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]{1,100}$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Why a key is refused, or undefined when it is fine. Keys map to files, so anything that could escape is out. */
export function objectKeyProblem(key: string): string | undefined {
  if (key === '') return 'the object path is empty';
  if (CONTROL_CHARACTERS.test(key)) return 'the object path contains control characters';
  if (key.startsWith('/')) return 'the object path must not start with a slash';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `the object path is longer than ${MAX_KEY_BYTES} bytes`;
  const segments = key.split('/');
  if (segments.some((segment) => segment === '')) return 'the object path has an empty folder name';
  if (segments.some((segment) => segment === '..' || segment === '.'))
    return "the object path must not contain '.' or '..' segments";
  if (segments.some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES))
    return `a folder or file name is longer than ${MAX_SEGMENT_BYTES} bytes`;
  if (!VALID_KEY_CHARACTERS.test(key))
    return `the object path contains characters that are not allowed: ${key}`;
  return undefined;
}

export function assertValidObjectKey(key: string): void {
  const problem = objectKeyProblem(key);
  if (problem) throw storageErrors.invalidKey(problem);
}

export function isValidBucketName(name: string): boolean {
  return VALID_BUCKET_NAME.test(name) && name !== '.' && name !== '..';
}

export function assertValidBucketName(name: string): void {
  if (!isValidBucketName(name)) throw storageErrors.invalidBucketName();
}

/** `<bucket>/<key…>` as it follows a route prefix in the URL, decoded; bucket and key are validated. */
export function parseBucketAndKey(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/');
  const rawBucket = slash === -1 ? rest : rest.slice(0, slash);
  const rawKey = slash === -1 ? '' : rest.slice(slash + 1);
  const bucket = decodeSegment(rawBucket, storageErrors.invalidBucketName);
  const key = decodeSegment(rawKey, () =>
    storageErrors.invalidKey('the object path is not valid URL encoding'),
  );
  assertValidBucketName(bucket);
  assertValidObjectKey(key);
  return { bucket, key };
}

export function parseBucket(rest: string): string {
  const bucket = decodeSegment(rest, storageErrors.invalidBucketName);
  assertValidBucketName(bucket);
  return bucket;
}

function decodeSegment(raw: string, onError: () => Error): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw onError();
  }
}

/**
 * URL parsing resolves `.` and `..` segments before routing, so `<uid>/../<other>/x.png` would quietly become
 * another path; the raw request target is checked instead, and such a path is refused outright.
 */
export function assertNoDotSegments(rawTarget: string): void {
  const rawPath = rawTarget.split('?')[0] ?? '';
  for (const segment of rawPath.split('/')) {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // Malformed encoding is reported where the key is decoded.
    }
    if (decoded === '.' || decoded === '..') {
      throw storageErrors.invalidKey("the object path must not contain '.' or '..' segments");
    }
  }
}
