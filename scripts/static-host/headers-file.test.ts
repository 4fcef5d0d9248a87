import { describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile } from './headers-file.mjs';

const FILE = `# every page
/*
  X-Content-Type-Options: nosniff
  Content-Security-Policy: default-src 'self'

/_astro/*
  Cache-Control: public, max-age=31536000, immutable

/tours/:slug
  X-Tour: yes
  X-Robots-Tag: noindex

/tours/*
  X-Robots-Tag: nosnippet

/secret.txt
  ! Content-Security-Policy
  ! Cache-Control
`;

function headerValues(path: string): Record<string, string> {
  const { headers } = headersForPath(parseHeadersFile(FILE), path);
  return Object.fromEntries([...headers.values()]);
}

describe('_headers', () => {
  it('applies every matching rule: /* everywhere, * across slashes, :placeholder within one segment', () => {
    expect(headerValues('/')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'self'",
    });
    expect(headerValues('/_astro/a/b.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headerValues('/tours/x')['X-Tour']).toBe('yes');
    expect(headerValues('/tours/x/y')['X-Tour']).toBeUndefined();
    expect(headerValues('/_astro')['Cache-Control']).toBeUndefined();
  });

  it('joins a header set by two matching rules with ", " (Cloudflare) and reports it as repeated', () => {
    const { headers, repeated } = headersForPath(parseHeadersFile(FILE), '/tours/x');
    expect(headers.get('x-robots-tag')).toEqual(['X-Robots-Tag', 'noindex, nosnippet']);
    expect([...repeated]).toEqual(['x-robots-tag']);
  });

  it('detaches with "! Name", whatever rule set the header', () => {
    const { headers, detached } = headersForPath(parseHeadersFile(FILE), '/secret.txt');
    expect(headers.has('content-security-policy')).toBe(false);
    expect([...detached].sort()).toEqual(['cache-control', 'content-security-policy']);
  });

  it('refuses broken files with the line number', () => {
    expect(() => parseHeadersFile('  X-A: b\n')).toThrow(/line 1: a header line comes before any path/);
    expect(() => parseHeadersFile('/*\n  no colon\n')).toThrow(/line 2: expected "Name: value"/);
    expect(() => parseHeadersFile('/*\n  X-A:\n')).toThrow(/line 2: X-A needs a printable value/);
    expect(() => parseHeadersFile('/*\n  Bad Name: x\n')).toThrow(/line 2/);
    expect(() => parseHeadersFile('/a /b\n')).toThrow(/line 1: a path line holds one pattern/);
    expect(() => parseHeadersFile('/*/*\n')).toThrow(/only one \*/);
    expect(() => parseHeadersFile('/:a/:a\n')).toThrow(/used twice/);
    expect(() => parseHeadersFile('https://example.com/*\n')).toThrow(/absolute URL/);
    expect(() => parseHeadersFile(`/*\n  X-A: ${'a'.repeat(2000)}\n`)).toThrow(/2000 characters/);
    expect(() =>
      parseHeadersFile(Array.from({ length: 101 }, (_, i) => `/p${i}\n  X-A: b`).join('\n')),
    ).toThrow(/more than 100 rules/);
  });
});
