import { describe, expect, it } from 'vitest';
import { linkErrorMessage, urlAuth, urlCarriesAuth, withoutAuthParams } from './url-auth';

const at = (href: string) => new URL(href, 'http://localhost:4321');

describe('urlAuth', () => {
  it('finds the session GoTrue puts in the fragment after a confirmation or recovery link', () => {
    expect(urlAuth(at('/dashboard#access_token=a&refresh_token=r&expires_in=3600&type=signup'))).toEqual({
      kind: 'session',
      type: 'signup',
    });
    expect(urlAuth(at('/reset-password#access_token=a&refresh_token=r&type=recovery'))).toEqual({
      kind: 'session',
      type: 'recovery',
    });
  });

  it('finds a PKCE code in the query', () => {
    expect(urlAuth(at('/dashboard?code=abc'))).toEqual({ kind: 'code' });
  });

  it("finds a spent or expired link's error, in the fragment or the query", () => {
    const expected = {
      kind: 'error',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    };
    expect(
      urlAuth(
        at(
          '/dashboard#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        ),
      ),
    ).toEqual(expected);
    expect(
      urlAuth(
        at(
          '/dashboard?error=access_denied&error_code=otp_expired&error_description=Email%20link%20is%20invalid%20or%20has%20expired',
        ),
      ),
    ).toEqual(expected);
  });

  it('ignores ordinary pages, anchors and queries', () => {
    for (const href of ['/', '/terms#privacy', '/login?tab=register&next=%2Fadmin', '/x#access_token=only'])
      expect(urlCarriesAuth(at(href)), href).toBe(false);
  });
});

describe('linkErrorMessage', () => {
  it('says an expired link is expired, in our own words', () => {
    expect(linkErrorMessage({ code: 'otp_expired' })).toMatch(/invalid or has expired/);
  });

  it('never repeats text from the URL', () => {
    expect(linkErrorMessage({ code: 'Call 0400 000 000 for help' })).not.toMatch(/0400/);
  });
});

describe('withoutAuthParams', () => {
  it('drops the link parameters and keeps the rest', () => {
    expect(withoutAuthParams('http://x.au/login?next=%2Fadmin&error=a&error_code=b#error=a')).toBe(
      'http://x.au/login?next=%2Fadmin',
    );
    expect(withoutAuthParams('http://x.au/terms#section-2')).toBe('http://x.au/terms#section-2');
  });
});
