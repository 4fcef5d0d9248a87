import { describe, expect, it } from 'vitest';
import { tierLabel } from './membership-tier';

describe('tierLabel', () => {
  it('names each tier as the product does, and nothing while unknown', () => {
    expect(tierLabel('vip')).toBe('VIP Member');
    expect(tierLabel('next_room')).toBe('Next Room Member');
    expect(tierLabel(null)).toBe('');
    expect(tierLabel(undefined)).toBe('');
  });
});
