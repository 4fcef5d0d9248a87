import { describe, expect, it } from 'vitest';
import { findRedirect, parseRedirectsFile } from './redirects-file.mjs';

const FILE = `# shells for pages whose path carries an id
/customer/*            /customer/index.html     200
/news/:year/:slug      /blog/:year-:slug        301
/old/*                 /:splat                  302
/out                   https://example.com/x    308
/app/*                 /app/index.html          200!
/customer/special      /nowhere                 301
`;

describe('_redirects', () => {
  const rules = parseRedirectsFile(FILE);

  it('parses status, force and patterns', () => {
    expect(rules.map((rule) => [rule.from.pattern, rule.status, rule.force])).toEqual([
      ['/customer/*', 200, false],
      ['/news/:year/:slug', 301, false],
      ['/old/*', 302, false],
      ['/out', 308, false],
      ['/app/*', 200, true],
      ['/customer/special', 301, false],
    ]);
  });

  it('fills splats and placeholders into the destination; the first matching rule wins', () => {
    expect(findRedirect(rules, '/customer/42')?.destination).toBe('/customer/index.html');
    expect(findRedirect(rules, '/customer/special')?.destination).toBe('/customer/index.html');
    expect(findRedirect(rules, '/news/2026/ghosts')?.destination).toBe('/blog/2026-ghosts');
    expect(findRedirect(rules, '/news/2026/ghosts/more')).toBeNull();
    expect(findRedirect(rules, '/old/a/b')?.destination).toBe('/a/b');
    expect(findRedirect(rules, '/out/')?.destination).toBe('https://example.com/x');
    expect(findRedirect(rules, '/nothing')).toBeNull();
  });

  it('refuses what it does not support, with the line number', () => {
    expect(() => parseRedirectsFile('/a /b\n')).toThrow(/line 1: expected "from to status"/);
    expect(() => parseRedirectsFile('/a /b 301 Country=au\n')).toThrow(/conditions/);
    expect(() => parseRedirectsFile('/a /b 404\n')).toThrow(/status must be/);
    expect(() => parseRedirectsFile('/a https://example.com/ 200\n')).toThrow(/rewrite goes to a path/);
    expect(() => parseRedirectsFile('a /b 301\n')).toThrow(/starts with "\/"/);
    expect(() => parseRedirectsFile('/a/* /b/* 301\n/c/*/* /d 301\n')).toThrow(/line 2: only one \*/);
  });

  it('accepts the empty shipped file', () => {
    expect(parseRedirectsFile('# nothing yet\n\n')).toEqual([]);
  });
});
