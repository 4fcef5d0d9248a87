import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http.ts';
import { assertNoDotSegments, objectKeyProblem, parseBucketAndKey } from '../../src/storage/object-key.ts';

describe('object keys', () => {
  it('accepts the paths the app uploads (user id / timestamp.extension)', () => {
    expect(objectKeyProblem('6f1c2a1e-2b7d-4c55-9a3e-0f5b7c1d2e3f/1763700000000.png')).toBeUndefined();
    expect(objectKeyProblem('folder/sub folder/file (1).jpg')).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['../etc/passwd', "'..'"],
    ['a/../../b.png', "'..'"],
    ['a/./b.png', "'..'"],
    ['/leading.png', 'start with a slash'],
    ['a//b.png', 'empty folder name'],
    ['a/b/', 'empty folder name'],
    ['a\u0000b.png', 'control characters'],
    ['a\nb.png', 'control characters'],
    ['a\\b.png', 'not allowed'],
    ['x'.repeat(1025), 'longer than 1024 bytes'],
    [`${'x'.repeat(256)}/a.png`, 'longer than 255 bytes'],
  ])('refuses %j (%s)', (key, reason) => {
    expect(objectKeyProblem(key)).toContain(reason);
  });

  it('decodes the URL path and answers 400 InvalidKey with the reason', () => {
    expect(parseBucketAndKey('event-images/u%201/a.png')).toEqual({
      bucket: 'event-images',
      key: 'u 1/a.png',
    });
    const refusal = (() => {
      try {
        parseBucketAndKey('event-images/u/..%2F..%2Fsecret.png');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(400);
    expect((refusal as HttpError).body).toEqual({
      statusCode: '400',
      code: 'InvalidKey',
      error: 'InvalidKey',
      message: "Invalid key: the object path must not contain '.' or '..' segments",
    });
  });

  it('refuses malformed percent-encoding and bad bucket names', () => {
    expect(() => parseBucketAndKey('event-images/%E0%A4%A.png')).toThrow(/not valid URL encoding/);
    expect(() => parseBucketAndKey('..%2Fx/a.png')).toThrow('Bucket name invalid');
  });

  it('refuses dot segments in the raw request target, which URL parsing would silently resolve', () => {
    expect(() => assertNoDotSegments('/storage/v1/object/b/u/a.png?download=x')).not.toThrow();
    expect(() => assertNoDotSegments('/storage/v1/object/b/u/..a.png')).not.toThrow();
    for (const target of [
      '/storage/v1/object/b/u/../v/a.png',
      '/storage/v1/object/b/u/%2e%2E/a.png',
      '/x/./a',
    ]) {
      expect(() => assertNoDotSegments(target)).toThrow(
        "Invalid key: the object path must not contain '.' or '..'",
      );
    }
  });
});
