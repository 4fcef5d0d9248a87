import { describe, expect, it } from 'vitest';
import { CONTACT_TOASTS, EMPTY_CONTACT, validateContact } from './contact';

describe('validateContact', () => {
  it('requires name, e-mail and message', () => {
    expect(validateContact(EMPTY_CONTACT)).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      message: 'Please enter your message.',
    });
  });

  it('treats a message of spaces as empty and checks the optional phone', () => {
    const errors = validateContact({ name: 'Ada', email: 'ada@example.com', phone: 'soon', message: '   ' });
    expect(Object.keys(errors).sort()).toEqual(['message', 'phone']);
  });

  it('accepts the required fields alone', () => {
    expect(
      validateContact({ ...EMPTY_CONTACT, name: 'Ada', email: 'ada@example.com', message: 'Hi' }),
    ).toEqual({});
  });
});

describe('CONTACT_TOASTS', () => {
  it('tells a sender past the hourly limit what happened and when to try again, apart from a failure', () => {
    expect(CONTACT_TOASTS['too-many']).toEqual({
      title: 'Too many messages',
      description: "You've sent several messages in the last hour. Please try again in an hour.",
      variant: 'destructive',
    });
    expect(CONTACT_TOASTS.error.title).toBe('Error');
    expect(CONTACT_TOASTS.sent.title).toBe('Message sent!');
  });
});
