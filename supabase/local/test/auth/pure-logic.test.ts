import { describe, expect, it } from 'vitest';
import { brandName, composeEmail } from '../../src/auth/emails.ts';
import { RateLimiter } from '../../src/auth/rate-limit.ts';
import { allowedRedirect, globMatches, withFragment } from '../../src/auth/redirect.ts';
import { tokenHash } from '../../src/auth/tokens.ts';
import { checkPasswordStrength, normaliseEmail } from '../../src/auth/validation.ts';

const auth = {
  siteUrl: 'http://localhost:4321',
  additionalRedirectUrls: ['https://*.example.com/**', 'myapp://callback'],
};

describe('redirects', () => {
  it('allows the site host and listed globs, and falls back to the site URL otherwise', () => {
    expect(allowedRedirect('http://localhost:4321/dashboard', auth)).toBe('http://localhost:4321/dashboard');
    expect(allowedRedirect('https://www.example.com/a/b?c=1', auth)).toBe('https://www.example.com/a/b?c=1');
    expect(allowedRedirect('https://a.b.example.com/', auth)).toBe('http://localhost:4321');
    expect(allowedRedirect('myapp://callback', auth)).toBe('myapp://callback');
    expect(allowedRedirect('javascript:alert(1)', auth)).toBe('http://localhost:4321');
    expect(allowedRedirect('not a url', auth)).toBe('http://localhost:4321');
    expect(allowedRedirect(undefined, auth)).toBe('http://localhost:4321');
  });

  it('never lets a control character through to the Location header', () => {
    expect(allowedRedirect('http://localhost:4321/\r\nset-cookie: x=1', auth)).toBe('http://localhost:4321');
    expect(allowedRedirect('https://www.example.com/a\u0000', auth)).toBe('http://localhost:4321');
  });

  it('reads * as one segment and ** as anything', () => {
    expect(globMatches('http://localhost:4321/**', 'http://localhost:4321/a/b')).toBe(true);
    expect(globMatches('http://localhost:4321/*', 'http://localhost:4321/a/b')).toBe(false);
    expect(globMatches('http://localhost:????/x', 'http://localhost:4321/x')).toBe(true);
  });

  it('puts session parameters in the fragment, sorted by key, replacing any old fragment', () => {
    expect(withFragment('http://x.test/p?q=1#old', { type: 'signup', access_token: 'a b' })).toBe(
      'http://x.test/p?q=1#access_token=a+b&type=signup',
    );
  });
});

describe('validation', () => {
  it('trims and lower-cases addresses and refuses malformed ones', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'a b@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(() => normaliseEmail(bad)).toThrow();
    }
  });

  it('counts characters for the minimum and bytes for bcrypt’s maximum', () => {
    expect(() => checkPasswordStrength('ééééé', 6)).toThrow('Password should be at least 6 characters.');
    expect(() => checkPasswordStrength('éééééé', 6)).not.toThrow();
    expect(() => checkPasswordStrength('é'.repeat(40), 6)).toThrow(
      'Password cannot be longer than 72 characters',
    );
  });
});

describe('RateLimiter', () => {
  it('refuses a key at its limit until the window moves on, independently of other keys', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    expect([1, 2, 3].map(() => limiter.allow('a', 2, 10))).toEqual([true, true, false]);
    expect(limiter.allow('b', 2, 10)).toBe(true);
    now = 10_001;
    expect(limiter.allow('a', 2, 10)).toBe(true);
  });
});

describe('e-mail copy and tokens', () => {
  it('names the brand, carries the link and the code, and escapes HTML', () => {
    const mail = composeEmail({
      kind: 'recovery',
      to: 'a@example.org',
      link: 'http://x.test/verify?token=t&type=recovery',
      otp: '012345',
      brand: brandName('"Haunted <Trips>" <no-reply@x.test>'),
      validHours: 1,
    });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Reset my password: http://x.test/verify?token=t&type=recovery');
    expect(mail.text).toContain('Or enter this code: 012345');
    expect(mail.text).toContain('The link works for 1 hour and only once.');
    expect(mail.html).toContain('href="http://x.test/verify?token=t&amp;type=recovery"');
    expect(brandName('no-reply@x.test')).toBe('Haunted Horizons');
  });

  it('hashes the address and code with sha224, as GoTrue stores them', () => {
    expect(tokenHash('a@example.org', '123456')).toMatch(/^[0-9a-f]{56}$/);
    expect(tokenHash('a@example.org', '123456')).not.toBe(tokenHash('a@example.org', '123457'));
  });
});
