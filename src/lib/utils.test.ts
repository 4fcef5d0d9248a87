import { describe, expect, it } from 'vitest';
import { buttonClass } from '../components/ui/button-styles';
import { cn } from './utils';

describe('cn', () => {
  it('drops falsy class names and joins the rest', () => {
    expect(cn('a', false, null, undefined, 'b')).toBe('a b');
  });

  it('lets a later Tailwind class override an earlier one of the same kind', () => {
    expect(cn('px-2 text-foreground', 'px-4 text-accent')).toBe('px-4 text-accent');
  });

  it('keeps a text size and a text colour, which do not conflict', () => {
    expect(cn('text-sm text-foreground', 'text-accent')).toBe('text-sm text-accent');
  });

  it('gives the register form its accent link colour over the ghost button colour', () => {
    const classes = buttonClass('ghost', 'md', 'text-accent w-full').split(' ');
    expect(classes).toContain('text-accent');
    expect(classes).not.toContain('text-foreground');
    expect(classes).toContain('hover:bg-muted');
  });
});
