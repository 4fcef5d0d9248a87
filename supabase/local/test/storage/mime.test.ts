import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http.ts';
import { assertAcceptableContent, isMimeTypeAllowed, sniffImageType } from '../../src/storage/mime.ts';
import { samples } from './samples.ts';

const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

function refusal(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error instanceof HttpError ? error.body : error;
  }
  return undefined;
}

describe('allowed mime types', () => {
  it('matches exact types and type/* wildcards as supabase/storage does', () => {
    expect(isMimeTypeAllowed('image/png', ['image/png'])).toBe(true);
    expect(isMimeTypeAllowed('image/webp', ['image/*'])).toBe(true);
    expect(isMimeTypeAllowed('text/plain', ['image/*'])).toBe(false);
    expect(isMimeTypeAllowed('image', ['image/*'])).toBe(false);
    expect(isMimeTypeAllowed('image/png/x', ['image/*'])).toBe(false);
  });
});

describe('content sniffing', () => {
  it('recognises each accepted raster format by its magic bytes', () => {
    expect(sniffImageType(samples.png)).toBe('image/png');
    expect(sniffImageType(samples.jpeg)).toBe('image/jpeg');
    expect(sniffImageType(samples.gif)).toBe('image/gif');
    expect(sniffImageType(samples.webp)).toBe('image/webp');
    expect(sniffImageType(samples.avif)).toBe('image/avif');
  });

  it('does not take text, SVG or a truncated header for an image', () => {
    expect(sniffImageType(samples.svg)).toBeUndefined();
    expect(sniffImageType(samples.script)).toBeUndefined();
    expect(sniffImageType(samples.png.subarray(0, 4))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it('accepts a real image in an images-only bucket', () => {
    expect(refusal(() => assertAcceptableContent('image/png', samples.png, IMAGES))).toBeUndefined();
  });

  it('refuses a script named .png, an SVG disguised as PNG and an SVG declared as such', () => {
    expect(refusal(() => assertAcceptableContent('image/png', samples.script, IMAGES))).toMatchObject({
      statusCode: '415',
      error: 'invalid_mime_type',
    });
    expect(refusal(() => assertAcceptableContent('image/png', samples.svg, IMAGES))).toMatchObject({
      statusCode: '415',
    });
    expect(refusal(() => assertAcceptableContent('image/svg+xml', samples.svg, ['image/*']))).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type image/svg+xml is not supported',
    });
  });

  it('refuses a type the bucket does not list, and an image whose real format it does not list', () => {
    expect(refusal(() => assertAcceptableContent('text/plain', samples.script, IMAGES))).toMatchObject({
      message: 'mime type text/plain is not supported',
    });
    expect(refusal(() => assertAcceptableContent('image/png', samples.gif, ['image/png']))).toMatchObject({
      message: 'mime type image/gif is not supported',
    });
  });

  it('leaves non-image content alone in buckets without an images-only rule', () => {
    expect(refusal(() => assertAcceptableContent('text/plain', samples.script, null))).toBeUndefined();
    expect(refusal(() => assertAcceptableContent('image/png', samples.script, null))).toMatchObject({
      statusCode: '415',
    });
  });
});
