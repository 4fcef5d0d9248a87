import { describe, expect, it } from 'vitest';
import { tabFromSearch } from './AuthTabs';
import { EMPTY_LOGIN, validateLogin, validateReset, weakPasswordMessage } from './login';

describe('validateLogin', () => {
  it('requires an e-mail and a password', () => {
    expect(validateLogin(EMPTY_LOGIN)).toEqual({
      email: 'Please enter your e-mail address.',
      password: 'Please enter your password.',
    });
  });

  it('checks the e-mail is one, and leaves the password to the server', () => {
    expect(Object.keys(validateLogin({ email: 'ada', password: 'x' }))).toEqual(['email']);
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('validateReset', () => {
  it('needs an e-mail address', () => {
    expect(validateReset({ email: '' })).toHaveProperty('email');
    expect(validateReset({ email: 'ada@example.com' })).toEqual({});
  });
});

describe('weakPasswordMessage', () => {
  it("puts the server's reasons in words", () => {
    expect(weakPasswordMessage(['length', 'characters'])).toBe(
      'The server refused this password: it must have at least 8 characters, and at least one letter (a–z) and one digit (0–9).',
    );
    expect(weakPasswordMessage([])).toBeUndefined();
  });
});

describe('tabFromSearch', () => {
  it('reads ?tab=login|register and ignores anything else', () => {
    expect(tabFromSearch('?tab=register')).toBe('register');
    expect(tabFromSearch('?next=%2Fadmin&tab=login')).toBe('login');
    expect(tabFromSearch('?tab=admin')).toBeNull();
    expect(tabFromSearch('')).toBeNull();
  });
});
