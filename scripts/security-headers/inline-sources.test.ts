import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineSources } from './inline-sources.mjs';
import { pictureOrigins } from '../../src/lib/images/picture-source';
import { contentSecurityPolicy, siteHeadersFile, supabaseOrigins } from './site-headers.mjs';
import { headersForPath, parseHeadersFile } from '../static-host/headers-file.mjs';

const PAGE = [
  '<html><head>',
  '<script>(function(){document.documentElement.dataset.theme="dark"})();</script>',
  '<script type="module">import "/_astro/a.js";</script>',
  '<script type="module" src="/_astro/page.js"></script>',
  '<script async src="/_astro/other.js"></script>',
  '<script type="application/ld+json">{"@type":"Event"}</script>',
  '<style>astro-island{display:contents}</style>',
  '</head><body>',
  '<div style="color: red; content: &quot;x&quot;">hi</div>',
  '<script>const markup = \'<p style="ignored" onclick="ignored()">\';</script>',
  '<button onclick="alert(1)">x</button>',
  '</body></html>',
].join('\n');

describe('inlineSources', () => {
  it('finds the runnable inline scripts, inline styles and style attributes (entities decoded)', () => {
    const found = inlineSources(PAGE);
    expect(found.scripts).toEqual([
      '(function(){document.documentElement.dataset.theme="dark"})();',
      'import "/_astro/a.js";',
      'const markup = \'<p style="ignored" onclick="ignored()">\';',
    ]);
    expect(found.styles).toEqual(['astro-island{display:contents}']);
    expect(found.styleAttributes).toEqual(['color: red; content: "x"']);
    expect(found.eventHandlers).toEqual(['onclick="alert(1)"']);
  });

  it('hashes as browsers do: base64 SHA-256 of the exact text', () => {
    const expected = createHash('sha256').update('alert(1)').digest('base64');
    expect(cspHash('alert(1)')).toBe(`'sha256-${expected}'`);
  });
});

describe('the generated _headers', () => {
  const csp = contentSecurityPolicy({
    scriptHashes: ["'sha256-AAA='"],
    styleHashes: ["'sha256-BBB='"],
    styleAttributeHashes: [],
    supabaseUrl: 'https://project.supabase.co',
  });

  it('allows Supabase over https and wss, its images, and nothing inline but the hashes', () => {
    expect(csp).toContain("connect-src 'self' https://project.supabase.co wss://project.supabase.co");
    expect(csp).toContain("img-src 'self' https://project.supabase.co");
    expect(csp).toContain("script-src 'self' 'sha256-AAA='");
    expect(csp).toContain("style-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(supabaseOrigins()).toEqual({ http: 'http://127.0.0.1:54321', socket: 'ws://127.0.0.1:54321' });
    expect(() => supabaseOrigins('javascript:alert(1)')).toThrow(/http\(s\) URL/);
  });

  it('allows the Sanity image CDN only when the content is hosted', () => {
    const hashes = { scriptHashes: [], styleHashes: [], styleAttributeHashes: [] };
    const hosted = pictureOrigins({ kind: 'hosted', projectId: 'abc123', dataset: 'production' });
    expect(contentSecurityPolicy({ ...hashes, imageOrigins: hosted })).toContain(
      "img-src 'self' http://127.0.0.1:54321 https://cdn.sanity.io;",
    );
    expect(contentSecurityPolicy({ ...hashes, imageOrigins: pictureOrigins({ kind: 'local' }) })).toContain(
      "img-src 'self' http://127.0.0.1:54321;",
    );
  });

  it('parses, and no header is set by two rules for one path (Netlify and Cloudflare would differ)', () => {
    const rules = parseHeadersFile(siteHeadersFile({ csp }));
    for (const path of ['/', '/tours/x', '/_astro/a.js', '/customer/42']) {
      const { headers, repeated, detached } = headersForPath(rules, path);
      expect(repeated.size, path).toBe(0);
      expect(detached.size, path).toBe(0);
      expect(headers.get('content-security-policy')?.[1], path).toBe(csp);
    }
    expect(headersForPath(rules, '/_astro/a.js').headers.get('cache-control')?.[1]).toContain('immutable');
  });
});
