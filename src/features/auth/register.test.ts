import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER, validateRegister } from './register';

describe('validateRegister', () => {
  it('requires full name, e-mail and password', () => {
    expect(validateRegister(EMPTY_REGISTER)).toEqual({
      fullName: 'Please enter your full name.',
      email: 'Please enter your e-mail address.',
      password: 'Please enter a password.',
    });
  });

  it('keeps a password exactly as typed, spaces included', () => {
    expect(validateRegister({ fullName: 'Ada', email: 'ada@example.com', password: ' ' })).toEqual({});
  });

  it('rejects a malformed e-mail and an absurdly long password', () => {
    const errors = validateRegister({ fullName: 'Ada', email: 'ada', password: 'x'.repeat(129) });
    expect(Object.keys(errors).sort()).toEqual(['email', 'password']);
  });
});
