import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { RateLimiter } from '../../src/auth/rate-limit.ts';
import { allowedRedirect, globMatches, withFragment } from '../../src/auth/redirect.ts';
import { composeEmail, htmlToText, renderTemplate } from '../../src/auth/templates.ts';
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

  it('keeps GoTrue’s rules: same scheme, any port only on loopback, IPs only when loopback', () => {
    // The finding: any scheme and port on the site's host used to pass.
    expect(allowedRedirect('https://localhost:4321/dashboard', auth)).toBe('http://localhost:4321');
    expect(allowedRedirect('ftp://localhost:4321/x', auth)).toBe('http://localhost:4321');
    expect(allowedRedirect('javascript://localhost:4321/%0aalert(1)', auth)).toBe('http://localhost:4321');
    // RFC 8252: a native app on loopback may pick its port, as GoTrue allows.
    expect(allowedRedirect('http://localhost:5555/cb', auth)).toBe('http://localhost:5555/cb');
    const hosted = { siteUrl: 'https://hauntedhorizons.com.au', additionalRedirectUrls: [] };
    expect(allowedRedirect('https://hauntedhorizons.com.au:8443/x', hosted)).toBe(hosted.siteUrl);
    expect(allowedRedirect('http://hauntedhorizons.com.au/x', hosted)).toBe(hosted.siteUrl);
    expect(allowedRedirect('https://hauntedhorizons.com.au/x', hosted)).toBe(
      'https://hauntedhorizons.com.au/x',
    );
    expect(allowedRedirect('http://127.0.0.1:9/x', hosted)).toBe('http://127.0.0.1:9/x');
    expect(allowedRedirect('http://10.0.0.1/x', hosted)).toBe(hosted.siteUrl);
    expect(allowedRedirect('http://2130706433/x', hosted)).toBe(hosted.siteUrl);
    expect(allowedRedirect('http://evil.test/x', hosted)).toBe(hosted.siteUrl);
  });

  it('matches globs without the fragment', () => {
    expect(allowedRedirect('https://www.example.com/a#frag', auth)).toBe('https://www.example.com/a#frag');
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

  const rules = { minimumPasswordLength: 6, passwordRequiredCharacters: [] };

  it('counts characters for the minimum and bytes for bcrypt’s maximum', () => {
    expect(() => checkPasswordStrength('ééééé', rules)).toThrow('Password should be at least 6 characters.');
    expect(() => checkPasswordStrength('éééééé', rules)).not.toThrow();
    expect(() => checkPasswordStrength('é'.repeat(40), rules)).toThrow(
      'Password cannot be longer than 72 characters',
    );
  });

  it('applies the repository’s rules: 8 characters with letters and digits, every reason given', () => {
    const { auth: repo } = loadConfig({});
    expect(repo.minimumPasswordLength).toBe(8);
    let error: unknown;
    try {
      checkPasswordStrength('123456', repo);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: expect.stringMatching(/^Password should be at least 8 characters\. Password should contain/),
      extra: { weak_password: { reasons: ['length', 'characters'] } },
    });
    expect(() => checkPasswordStrength('passwordpassword', repo)).toThrow('at least one character of each');
    expect(() => checkPasswordStrength('password123', repo)).not.toThrow();
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

describe('e-mail templates and tokens', () => {
  const data = { SiteURL: 'http://site.test', Email: 'a@example.org', Data: { full_name: '<Ada>' } };

  it('fills GoTrue fields and Data keys, escaped, and refuses actions it cannot render', () => {
    expect(renderTemplate('Hi {{ .Data.full_name }} ({{.Email}}) {{ .Token }}!', data)).toBe(
      'Hi &lt;Ada&gt; (a@example.org) !',
    );
    expect(() => renderTemplate('{{ if .Token }}x{{ end }}', data)).toThrow('unsupported template action');
  });

  it('renders the repository’s template files with the link, the code and the brand', async () => {
    const config = loadConfig({});
    const link = 'http://x.test/verify?token=t&type=recovery';
    const mail = await composeEmail(config, 'recovery', 'a@example.org', {
      ...data,
      ConfirmationURL: link,
      Token: '012345',
    });
    expect(mail.subject).toBe('Reset your Haunted Horizons password');
    expect(mail.html).toContain('href="http://x.test/verify?token=t&amp;type=recovery"');
    expect(mail.text).toContain(`Reset my password: ${link}`);
    expect(mail.text).toContain('Or enter this code: 012345');
    expect(mail.text).toContain('Haunted Horizons team');
    for (const type of ['confirmation', 'email_change'] as const) {
      expect(config.auth.emailTemplates[type]?.contentPath).toMatch(
        new RegExp(`supabase/templates/${type}\\.html$`),
      );
    }
    for (const type of ['password_changed', 'email_changed'] as const) {
      expect(config.auth.emailNotifications[type]).toMatchObject({ enabled: true });
      await expect(
        composeEmail(config, type, 'a@example.org', { ...data, OldEmail: 'o@x.test' }),
      ).resolves.toMatchObject({
        html: expect.stringContaining('a@example.org'),
      });
    }
  });

  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>One &amp; two</p>\n<p><a href="http://x.test/?a=1&amp;b=2">Go</a></p>')).toBe(
      'One & two\n\nGo: http://x.test/?a=1&b=2',
    );
  });

  it('hashes the address and code with sha224, as GoTrue stores them', () => {
    expect(tokenHash('a@example.org', '123456')).toMatch(/^[0-9a-f]{56}$/);
    expect(tokenHash('a@example.org', '123456')).not.toBe(tokenHash('a@example.org', '123457'));
  });
});
