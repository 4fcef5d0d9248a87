import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeNextPath('/manage-booking?booking=abc#plan')).toBe('/manage-booking?booking=abc#plan');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['relative', 'dashboard'],
    ['absolute URL', 'https://evil.example/dashboard'],
    ['protocol-relative', '//evil.example/'],
    ['backslash trick', '/\\evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['tab inside the slashes', '/\t/evil.example'],
  ])('refuses a %s target', (_label, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('round-trips through safeNextPath', () => {
    const login = loginPathFor({ pathname: '/settings', search: '?x=1&y=2', hash: '#danger' });
    const next = new URL(login, 'http://localhost').searchParams.get('next');
    expect(safeNextPath(next)).toBe('/settings?x=1&y=2#danger');
  });
});
