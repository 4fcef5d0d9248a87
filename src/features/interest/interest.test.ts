import { describe, expect, it } from 'vitest';
import { EMPTY_INTEREST, interestToast, validateInterest } from './interest';

describe('validateInterest', () => {
  it('requires name and e-mail', () => {
    expect(validateInterest(EMPTY_INTEREST)).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
    });
  });

  it('type-checks the e-mail and the optional phone', () => {
    const errors = validateInterest({
      ...EMPTY_INTEREST,
      name: 'Ada',
      email: 'ada-at-example',
      phone: 'soon',
    });
    expect(Object.keys(errors).sort()).toEqual(['email', 'phone']);
  });

  it('accepts a form with only the required fields', () => {
    expect(validateInterest({ ...EMPTY_INTEREST, name: 'Ada', email: 'ada@example.com' })).toEqual({});
  });
});

describe('interestToast', () => {
  it('thanks, says the hourly limit was reached, or says it failed', () => {
    expect(interestToast('registered', 'Port Arthur Ghost Tour').title).toBe('Interest Registered!');
    expect(interestToast('too-many', 'Port Arthur Ghost Tour')).toEqual({
      title: 'Too many attempts',
      description: 'Please wait an hour before trying again, or e-mail us and we will note your interest.',
      variant: 'destructive',
    });
    expect(interestToast('error', 'Port Arthur Ghost Tour').title).toBe('Error');
  });

  it("says an address already registered for the trip, in the waitlist's words, and nothing of trip news", () => {
    expect(interestToast('already', 'Tasmania Paranormal Getaway', true)).toEqual({
      title: 'Already registered',
      description: "You've already registered your interest in the Tasmania Paranormal Getaway.",
      variant: 'destructive',
    });
  });

  it('asks a visitor who ticked trip news to confirm it from their inbox (decision 0059)', () => {
    expect(interestToast('registered', 'Tasmania Paranormal Getaway', true).description).toBe(
      "Thank you for your interest in the Tasmania Paranormal Getaway. We'll be in touch soon. Check your inbox to confirm trip news.",
    );
    expect(interestToast('registered', 'Tasmania Paranormal Getaway', false).description).toBe(
      "Thank you for your interest in the Tasmania Paranormal Getaway. We'll be in touch soon.",
    );
  });
});
