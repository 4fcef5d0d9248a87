import { describe, expect, it } from 'vitest';
import { asksToConfirm, confirmationAnswer } from './consent';

describe('asksToConfirm', () => {
  it('asks whoever ticks the box for an address they have not proven', () => {
    expect(asksToConfirm(true, 'ada@example.org', '')).toBe(true);
    expect(asksToConfirm(true, 'friend@example.org', 'ada@example.org')).toBe(true);
    expect(asksToConfirm(false, 'ada@example.org', '')).toBe(false);
  });

  it('does not ask a signed-in member giving their own address, whatever its letter case', () => {
    expect(asksToConfirm(true, ' Ada@Example.org ', 'ada@example.org')).toBe(false);
  });
});

describe('confirmationAnswer', () => {
  it('names the address only when it was just confirmed', () => {
    expect(confirmationAnswer({ outcome: 'confirmed', email: 'ada@example.org' }).text).toContain(
      'at ada@example.org',
    );
    for (const outcome of ['already', 'expired', 'invalid', 'error'] as const) {
      expect(confirmationAnswer({ outcome, email: null }).text).not.toContain('@');
    }
  });
});
