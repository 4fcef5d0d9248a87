import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from './image-rules';
import { checkImage, imagePath, NOT_AN_IMAGE, sniffImage, TOO_LARGE } from './image-file';

// Real file starts: a 1×1 PNG and GIF, a JPEG's JFIF header, a WebP's RIFF header.
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const GIF = Uint8Array.from(
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Uint8Array.from(
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L')]),
);
const TEXT = Uint8Array.from(Buffer.from('just some notes, renamed to look like a picture\n'));
const SVG = Uint8Array.from(
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
);

const file = (bytes: Uint8Array, name = 'photo.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('sniffImage', () => {
  it('names the four bucket types by their first bytes', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(JPEG)).toBe('jpg');
    expect(sniffImage(GIF)).toBe('gif');
    expect(sniffImage(WEBP)).toBe('webp');
  });

  it('knows nothing else: text, SVG, a RIFF that is not WebP, a cut-off PNG, nothing', () => {
    expect(sniffImage(TEXT)).toBeNull();
    expect(sniffImage(SVG)).toBeNull();
    expect(sniffImage(Uint8Array.from(Buffer.from('RIFF\0\0\0\0WAVEfmt ')))).toBeNull();
    expect(sniffImage(PNG.slice(0, 7))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('checkImage', () => {
  it('accepts a real image with its type from its bytes, whatever its name and declared type say', async () => {
    expect(await checkImage(file(PNG))).toEqual({ ok: true, extension: 'png', contentType: 'image/png' });
    expect(await checkImage(file(GIF, 'cat.png', 'image/png'))).toEqual({
      ok: true,
      extension: 'gif',
      contentType: 'image/gif',
    });
  });

  it('refuses a text file renamed .png and an SVG', async () => {
    expect(await checkImage(file(TEXT, 'notes.png'))).toEqual({ ok: false, message: NOT_AN_IMAGE });
    expect(await checkImage(file(SVG, 'logo.svg', 'image/svg+xml'))).toEqual({
      ok: false,
      message: NOT_AN_IMAGE,
    });
  });

  it('takes an image of exactly 5 MB and refuses one byte more', async () => {
    const sized = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(PNG);
      return file(bytes);
    };
    expect(await checkImage(sized(IMAGE_MAX_BYTES))).toMatchObject({ ok: true });
    expect(await checkImage(sized(IMAGE_MAX_BYTES + 1))).toEqual({ ok: false, message: TOO_LARGE });
  });
});

describe('where the image goes', () => {
  it('puts it in the member’s folder as {user id}/{timestamp}.{ext}', () => {
    expect(imagePath('u-1', 'webp', 1_764_000_000_000)).toBe('u-1/1764000000000.webp');
  });
});

describe('the rules agree with the bucket', () => {
  it('has the size limit and types of the event-images bucket', () => {
    const sql = readFileSync(
      new URL('../../../supabase/migrations/20261121000700_create_event_images_bucket.sql', import.meta.url),
      'utf8',
    );
    const row = /values \('event-images', 'event-images', true, (\d+), array\[([^\]]+)\]\)/.exec(sql);
    expect(Number(row?.[1])).toBe(IMAGE_MAX_BYTES);
    const types = row?.[2]?.split(',').map((type) => type.trim().replaceAll("'", ''));
    expect(new Set(types)).toEqual(new Set(Object.values(IMAGE_TYPES)));
  });
});
