import { describe, expect, it } from 'vitest';
import { splitAdminScripts } from './js-admin.mjs';
import {
  ADMIN_ROUTE_JS_GZIP_BYTES,
  ADMIN_SHELL_JS_GZIP_BYTES,
  APP_PAGE_JS_GZIP_BYTES,
  isAdminPage,
} from './limits.mjs';

const file = (url: string, gzipBytes: number) => ({ url, bytes: gzipBytes * 3, gzipBytes });

describe('the admin budgets', () => {
  it('hold the admin page (and only it) to the admin budgets, the shell above an app page', () => {
    expect(isAdminPage('admin.html')).toBe(true);
    expect(isAdminPage('admin/index.html')).toBe(true);
    expect(isAdminPage('administration.html')).toBe(false);
    expect(isAdminPage('dashboard.html')).toBe(false);
    expect(ADMIN_SHELL_JS_GZIP_BYTES).toBe(200_000);
    expect(ADMIN_SHELL_JS_GZIP_BYTES).toBeGreaterThan(APP_PAGE_JS_GZIP_BYTES);
    expect(ADMIN_ROUTE_JS_GZIP_BYTES).toBeLessThan(ADMIN_SHELL_JS_GZIP_BYTES);
  });
});

describe('splitAdminScripts', () => {
  it('counts supabase-js in the shell and reports every other group as a route, without shell files', () => {
    const supabase = file('/_astro/client.Ab12Cd34.js', 40_000);
    const scripts = {
      initial: { files: [file('/_astro/AdminIsland.Zz12Yy34.js', 100_000)], totalGzipBytes: 101_000 },
      onDemand: [
        { label: 'import() /_astro/client.Ab12Cd34.js', files: [supabase], totalGzipBytes: 40_000 },
        {
          label: 'import() /_astro/OverviewCharts.Qq12Ww34.js',
          files: [
            file('/_astro/OverviewCharts.Qq12Ww34.js', 90_000),
            file('/_astro/OverviewPage.Ee12Rr34.js', 5_000),
          ],
          totalGzipBytes: 95_000,
        },
        {
          label: 'import() /_astro/CustomersPage.Tt12Uu34.js',
          files: [file('/_astro/CustomersPage.Tt12Uu34.js', 6_000), supabase],
          totalGzipBytes: 46_000,
        },
      ],
    };
    const split = splitAdminScripts(scripts as never, (url) => url === supabase.url);
    expect(split.shellBytes).toBe(141_000);
    expect(split.routes.map(({ name, gzipBytes, contents }) => ({ name, gzipBytes, contents }))).toEqual([
      { name: 'OverviewCharts', gzipBytes: 95_000, contents: ['OverviewCharts', 'OverviewPage'] },
      { name: 'CustomersPage', gzipBytes: 6_000, contents: ['CustomersPage'] },
    ]);
  });
});
