import { describe, expect, it } from 'vitest';
import { lengthCounter } from './counter';

describe('lengthCounter', () => {
  it('groups thousands the Australian way', () => {
    expect(lengthCounter(0, 2000)).toBe('0 / 2,000');
    expect(lengthCounter(12, 2000)).toBe('12 / 2,000');
    expect(lengthCounter(1234, 2000)).toBe('1,234 / 2,000');
    expect(lengthCounter(2001, 2000)).toBe('2,001 / 2,000');
  });
});
