import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  isHttpsUrl,
  isSafeLinkHref,
  messageProblem,
  MESSAGE_MAX,
  NAME_MAX,
  nameProblem,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIREMENTS,
  passwordProblem,
  phoneProblem,
} from '.';

// Boundaries of each rule in the browser's terms. Whether Postgres says the same is proven by
// supabase/tests/database/field-rules-agree.test.ts.

describe('the password rule', () => {
  it('has the minimum length supabase/config.toml gives Supabase Auth', () => {
    const config = parse(readFileSync(new URL('../../../supabase/config.toml', import.meta.url), 'utf8'));
    const auth = config['auth'] as { minimum_password_length: number; password_requirements: string };
    expect(PASSWORD_MIN_LENGTH).toBe(auth.minimum_password_length);
    expect(PASSWORD_REQUIREMENTS).toBe(auth.password_requirements);
  });

  it('wants a letter and a digit, as password_requirements = "letters_digits" makes GoTrue want', () => {
    expect(passwordProblem('password123')).toBeUndefined();
    expect(passwordProblem('passwordpassword')).toMatch(/one letter .* and one digit/);
    expect(passwordProblem('1234567890')).toMatch(/one letter .* and one digit/);
    expect(passwordProblem('123456')).toMatch(/at least 8 characters/);
  });

  it('counts characters for the minimum and UTF-8 bytes for the maximum, as GoTrue does', () => {
    expect(passwordProblem(`${'é'.repeat(PASSWORD_MIN_LENGTH - 2)}a1`)).toBeUndefined();
    expect(passwordProblem(`${'é'.repeat(PASSWORD_MIN_LENGTH - 3)}a1`)).toMatch(/at least/);
    expect(passwordProblem(`${'x'.repeat(71)}1`)).toBeUndefined();
    expect(passwordProblem(`${'é'.repeat(36)}a1`)).toMatch(/too long/);
  });
});

describe('the name rule', () => {
  it('counts characters, not UTF-16 units, so emoji and astral scripts fit as Postgres counts them', () => {
    expect(nameProblem('😀'.repeat(NAME_MAX))).toBeUndefined();
    expect(nameProblem('😀'.repeat(NAME_MAX + 1))).toMatch(/120 characters or fewer/);
  });

  it('takes any script and refuses control characters and lone surrogates', () => {
    for (const name of ['Zoë Ōtsuka', '李小龍', 'محمد علي', "Seán O'Brien-Smith"])
      expect(nameProblem(name), name).toBeUndefined();
    for (const name of ['Ada\nLovelace', 'Ada\u0007', 'Ada\u0085', 'Ada\uD800'])
      expect(nameProblem(name), JSON.stringify(name)).toMatch(/can't save/);
  });
});

describe('the e-mail rule', () => {
  it('accepts what Supabase Auth accepts, with a dotted domain', () => {
    for (const email of ['ada@example.com', ' ada+trips@mail.example.com.au ', "o'brien@example.ie"])
      expect(emailProblem(email), email).toBeUndefined();
    for (const email of ['ada@localhost', 'jörg@example.de', 'ada@-example.com', 'a da@example.com', 'ada@'])
      expect(emailProblem(email), email).toMatch(/valid e-mail/);
  });
});

describe('the phone rule', () => {
  it('needs six digits among the usual separators', () => {
    for (const phone of ['', '   ', '(03) 9000-0000', '+61 400.111.222', '131 450'])
      expect(phoneProblem(phone), phone).toBeUndefined();
    for (const phone of ['------', '(((((((', '12345', '+61 4OO 111 222', '0400\t111 222', '1'.repeat(31)])
      expect(phoneProblem(phone), phone).toMatch(/valid phone/);
  });
});

describe('the message rule', () => {
  it('keeps line breaks and tabs, refuses other controls, and is optional unless required', () => {
    expect(messageProblem('Line one\r\n\tLine two')).toBeUndefined();
    expect(messageProblem('Bell\u0007')).toMatch(/can't save/);
    expect(messageProblem('  ')).toBeUndefined();
    expect(messageProblem('  ', 'message', { required: true })).toBe('Please enter your message.');
    expect(messageProblem('x'.repeat(MESSAGE_MAX))).toBeUndefined();
    expect(messageProblem('x'.repeat(MESSAGE_MAX + 1))).toMatch(/2000 characters or fewer/);
  });
});

describe('link rules', () => {
  it('allow https, mailto, tel and site paths in body text, and nothing that runs script', () => {
    for (const href of [
      'https://example.com/a?b#c',
      'mailto:hello@example.com',
      'tel:+61-3-9000-0000',
      '/terms',
    ])
      expect(isSafeLinkHref(href), href).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>',
      'http://example.com',
      '//evil.example',
      '/\\evil.example',
      'https://',
      'mailto:',
      'tel:call-me',
      ' https://example.com',
    ])
      expect(isSafeLinkHref(href), href).toBe(false);
  });

  it('take only absolute https URLs for profiles', () => {
    expect(isHttpsUrl('https://instagram.com/hauntedhorizons')).toBe(true);
    expect(isHttpsUrl('http://instagram.com')).toBe(false);
    expect(isHttpsUrl('instagram.com')).toBe(false);
  });
});
