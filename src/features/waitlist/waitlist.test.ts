import { describe, expect, it } from 'vitest';
import { EMPTY_WAITLIST, toWaitlistSubmission, validateWaitlist } from './waitlist';

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
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'notes']);
  });
});

describe('toWaitlistSubmission', () => {
  it('trims values and saves empty optional fields as null', () => {
    expect(
      toWaitlistSubmission('USA Paranormal Road Trip', {
        fullName: ' Ada Lovelace ',
        email: ' Ada@Example.com ',
        phone: ' ',
        notes: '',
      }),
    ).toEqual({
      event_name: 'USA Paranormal Road Trip',
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: null,
      notes: null,
    });
  });
});
