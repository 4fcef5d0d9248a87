import { describe, expect, it } from 'vitest';
import { EMPTY_WAITLIST, validateWaitlist } from './waitlist';

describe('validateWaitlist', () => {
  it('requires full name and e-mail', () => {
    expect(validateWaitlist(EMPTY_WAITLIST)).toEqual({
      fullName: 'Please enter your full name.',
      email: 'Please enter your e-mail address.',
    });
  });

  it('accepts the required fields alone', () => {
    expect(
      validateWaitlist({ ...EMPTY_WAITLIST, fullName: 'Ada Lovelace', email: 'ada@example.com' }),
    ).toEqual({});
  });

  it('rejects a malformed e-mail and overlong notes', () => {
    const errors = validateWaitlist({
      fullName: 'Ada',
      email: 'ada@',
      phone: '',
      notes: 'x'.repeat(2001),
      marketingConsent: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'notes']);
  });
});
