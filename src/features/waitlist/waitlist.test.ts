import { describe, expect, it } from 'vitest';
import { EMPTY_WAITLIST, validateWaitlist, waitlistToast } from './waitlist';

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

describe('waitlistToast', () => {
  it('asks a visitor who ticked trip news to confirm it from their inbox (decision 0059)', () => {
    expect(waitlistToast('joined', true)).toEqual({
      title: 'Thanks!',
      description: "You've been added to the waitlist for this event. Check your inbox to confirm trip news.",
      variant: 'success',
    });
  });

  it("keeps the spec's thanks without a tick, and says nothing of trip news on any other answer", () => {
    expect(waitlistToast('joined', false).description).toBe(
      "You've been added to the waitlist for this event.",
    );
    expect(waitlistToast('already', true).description).toBe("You're already on the waitlist for this event.");
  });
});
