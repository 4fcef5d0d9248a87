import { describe, expect, it } from 'vitest';
import {
  collectErrors,
  emailError,
  emptyToNull,
  hasErrors,
  MAX_LENGTH,
  optionalPhoneError,
  optionalTextError,
  requiredTextError,
} from './validation';

describe('form validation', () => {
  it('requires non-blank text within the limit', () => {
    expect(requiredTextError('', 'name', 5)).toBe('Please enter your name.');
    expect(requiredTextError('   ', 'name', 5)).toBe('Please enter your name.');
    expect(requiredTextError('Ada', 'name', 5)).toBeUndefined();
    expect(requiredTextError('Ada Lovelace', 'name', 5)).toBe('Your name must be 5 characters or fewer.');
  });

  it('checks the shape of e-mail addresses', () => {
    expect(emailError('')).toBe('Please enter your e-mail address.');
    for (const bad of ['ada', 'ada@', 'ada@example', 'a da@example.com', '@example.com'])
      expect(emailError(bad)).toBe('Please enter a valid e-mail address, like name@example.com.');
    expect(emailError(' ada@example.com.au ')).toBeUndefined();
    expect(emailError(`${'a'.repeat(MAX_LENGTH.email)}@example.com`)).toBeDefined();
  });

  it('accepts an empty or plausible phone number only', () => {
    expect(optionalPhoneError('')).toBeUndefined();
    expect(optionalPhoneError('+61 3 9000 0000')).toBeUndefined();
    expect(optionalPhoneError('(03) 9000-0000')).toBeUndefined();
    expect(optionalPhoneError('call me')).toBe('Please enter a valid phone number, or leave it empty.');
    expect(optionalPhoneError('<script>')).toBeDefined();
  });

  it('limits optional text', () => {
    expect(optionalTextError('', 'message', 3)).toBeUndefined();
    expect(optionalTextError('four', 'message', 3)).toBe('Your message must be 3 characters or fewer.');
  });

  it('collects only the failing fields', () => {
    const errors = collectErrors({ name: undefined, email: 'bad' });
    expect(errors).toEqual({ email: 'bad' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(collectErrors({ name: undefined }))).toBe(false);
  });

  it('turns empty optional values into null', () => {
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(' 0400 000 000 ')).toBe('0400 000 000');
  });
});
