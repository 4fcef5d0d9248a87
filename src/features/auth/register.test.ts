import { describe, expect, it } from 'vitest';
import { confirmationRedirect, EMPTY_REGISTER, validateRegister } from './register';

const VALID = { fullName: 'Ada', email: 'ada@example.com', password: 'correct horse 7' };

describe('validateRegister', () => {
  it('requires full name, e-mail and password', () => {
    expect(validateRegister(EMPTY_REGISTER)).toEqual({
      fullName: 'Please enter your full name.',
      email: 'Please enter your e-mail address.',
      password: 'Please enter a password.',
    });
  });

  it('refuses a password shorter than the server minimum, which it used to accept', () => {
    expect(validateRegister({ ...VALID, password: 'x' })).toEqual({
      password: 'Your password must be at least 8 characters.',
    });
    expect(validateRegister({ ...VALID, password: '1234567' })).toHaveProperty('password');
    expect(validateRegister({ ...VALID, password: '12345678' })).toEqual({
      password: 'Your password must contain at least one letter (a–z) and one digit (0–9).',
    });
    expect(validateRegister({ ...VALID, password: 'abcdefg8' })).toEqual({});
  });

  it('keeps a password exactly as typed, spaces included', () => {
    expect(validateRegister({ ...VALID, password: ' a1 '.repeat(2) })).toEqual({});
  });

  it('rejects a malformed e-mail and a password longer than bcrypt reads', () => {
    const errors = validateRegister({ ...VALID, email: 'ada', password: 'x'.repeat(73) });
    expect(Object.keys(errors).sort()).toEqual(['email', 'password']);
  });
});

describe('confirmationRedirect', () => {
  const origin = 'http://localhost:4321';
  it('brings a visitor who registers from a waitlist offer back to it after confirming', () => {
    const next = `/book?offer=${'a'.repeat(64)}`;
    expect(confirmationRedirect(`?next=${encodeURIComponent(next)}`, origin)).toBe(`${origin}${next}`);
  });

  it('leaves the dashboard as the default, and never follows a link off the site', () => {
    expect(confirmationRedirect('', origin)).toBeUndefined();
    expect(confirmationRedirect('?next=https%3A%2F%2Fevil.example%2F', origin)).toBeUndefined();
    expect(confirmationRedirect('?next=%2F%2Fevil.example', origin)).toBeUndefined();
  });
});
