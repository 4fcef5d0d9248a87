import { describe, expect, it } from 'vitest';
import { collectErrors, hasErrors } from './validation';

describe('collectErrors', () => {
  it('keeps only the failing fields', () => {
    const errors = collectErrors({ name: undefined, email: 'bad' });
    expect(errors).toEqual({ email: 'bad' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(collectErrors({ name: undefined }))).toBe(false);
  });
});
