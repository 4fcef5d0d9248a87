import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '../../stores/toasts';
import { completeInterestRegistration, EMPTY_INTEREST, validateInterest } from './interest';

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

describe('completeInterestRegistration', () => {
  beforeEach(() => $toasts.set([]));

  it("shows 'Interest Registered!' with thanks for the event and clears the form", () => {
    const clearForm = vi.fn();
    completeInterestRegistration('Tasmania Paranormal Getaway', clearForm);
    expect(clearForm).toHaveBeenCalledOnce();
    const [toast] = $toasts.get();
    expect(toast?.title).toBe('Interest Registered!');
    expect(toast?.variant).toBe('success');
    expect(toast?.description).toContain('Thank you for your interest in Tasmania Paranormal Getaway');
  });
});
