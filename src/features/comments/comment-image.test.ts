import { describe, expect, it } from 'vitest';
import { attachmentName, isShownImageUrl } from './comment-image';

describe('what is kept', () => {
  it('keeps the picked name, at most 255 characters, else a plain one', () => {
    expect(attachmentName('  Ghost at the window.png ', 'png')).toBe('Ghost at the window.png');
    expect(attachmentName('👻'.repeat(300), 'png')).toBe('👻'.repeat(255));
    expect(attachmentName('   ', 'jpg')).toBe('image.jpg');
  });
});

describe('isShownImageUrl', () => {
  const base = 'http://127.0.0.1:54321';
  const ok = `${base}/storage/v1/object/public/event-images/author/1764000000000.png`;
  it('shows an image in the author’s folder of this site’s bucket', () => {
    expect(isShownImageUrl(ok, `${base}/`, 'author')).toBe(true);
  });

  it('shows nothing from another host, another folder, another bucket or another name', () => {
    expect(isShownImageUrl(ok.replace(base, 'https://evil.example'), base, 'author')).toBe(false);
    expect(isShownImageUrl(ok, base, 'someone-else')).toBe(false);
    expect(isShownImageUrl(ok.replace('event-images', 'avatars'), base, 'author')).toBe(false);
    expect(isShownImageUrl(`${ok}?x=1`, base, 'author')).toBe(false);
    expect(isShownImageUrl(ok.replace('1764000000000.png', '../x/1.png'), base, 'author')).toBe(false);
  });
});
