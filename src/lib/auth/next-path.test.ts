import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPathFor, nextParam, safeNextPath } from './next-path';

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

describe('afterSignInPath', () => {
  it('follows a same-site next, for members and admins alike', () => {
    expect(afterSignInPath('/dashboard', false)).toBe('/dashboard');
    expect(afterSignInPath('/manage-booking?booking=1', true)).toBe('/manage-booking?booking=1');
  });

  it('sends admins to /admin and members to /events without one', () => {
    expect(afterSignInPath(null, true)).toBe('/admin');
    expect(afterSignInPath(null, false)).toBe('/events');
  });

  it('refuses an open redirect and falls back', () => {
    expect(afterSignInPath(nextParam('?next=https%3A%2F%2Fevil.example'), false)).toBe('/events');
    expect(afterSignInPath(nextParam('?next=//evil.example/x'), true)).toBe('/admin');
  });
});
