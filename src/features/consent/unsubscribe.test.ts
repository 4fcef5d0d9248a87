import { describe, expect, it } from 'vitest';
import { unsubscribeTokenFrom } from './unsubscribe.data';

describe('unsubscribeTokenFrom', () => {
  const token = 'ab12'.repeat(16);

  it('takes the 64-hex-character token from the link, whatever its letter case', () => {
    expect(unsubscribeTokenFrom(`?token=${token}`)).toBe(token);
    expect(unsubscribeTokenFrom(`?utm=x&token=${token.toUpperCase()}`)).toBe(token);
  });

  it('refuses a missing, cut-off or foreign token without sending it', () => {
    expect(unsubscribeTokenFrom('')).toBeNull();
    expect(unsubscribeTokenFrom(`?token=${token.slice(0, 63)}`)).toBeNull();
    expect(unsubscribeTokenFrom(`?token=${token}00`)).toBeNull();
    expect(unsubscribeTokenFrom("?token=' or 1=1 --")).toBeNull();
  });
});
