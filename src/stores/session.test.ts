import { describe, expect, it } from 'vitest';
import { sessionDisplayName } from './session';

describe('sessionDisplayName', () => {
  it('shows the full name when there is one', () => {
    expect(sessionDisplayName({ id: '1', email: 'a@b.au', fullName: 'Ada Lovelace', isAdmin: false })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the e-mail when the name is missing or blank', () => {
    expect(sessionDisplayName({ id: '1', email: 'a@b.au', fullName: null, isAdmin: false })).toBe('a@b.au');
    expect(sessionDisplayName({ id: '1', email: 'a@b.au', fullName: '  ', isAdmin: false })).toBe('a@b.au');
  });
});
