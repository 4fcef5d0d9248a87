import { describe, expect, it } from 'vitest';
import { parseTheme } from './theme';

describe('parseTheme', () => {
  it('defaults to dark when nothing or something unknown is stored', () => {
    expect(parseTheme(null)).toBe('dark');
    expect(parseTheme(undefined)).toBe('dark');
    expect(parseTheme('purple')).toBe('dark');
    expect(parseTheme('dark')).toBe('dark');
  });

  it('keeps an explicit light choice', () => {
    expect(parseTheme('light')).toBe('light');
  });
});
