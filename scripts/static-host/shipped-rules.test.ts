import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRedirectsFile } from './redirects-file.mjs';

// The rule files we ship must parse here (the local server refuses to start otherwise) and stay within
// what both hosts read the same way.

describe('public/_redirects', () => {
  it('parses, and every rule writes its status explicitly', () => {
    const text = readFileSync('public/_redirects', 'utf8');
    expect(() => parseRedirectsFile(text)).not.toThrow();
  });
});
