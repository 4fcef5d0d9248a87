// `npm run bench:admin`: the admin area at scale (issue 10): 5,000 members, 200 events, 20,000 comments (plus
// bookings, enquiries and store orders to count). In Chromium, signed in as an admin, it opens /admin,
// /admin/customers, /admin/customers?q=<a member's name>, /admin/bookings and /admin/store, each as a fresh
// page load, and reports per screen the requests to /rest/v1 (fails when a screen needs more than 2 of its
// own; the two every signed-in page makes for its session are listed apart), each request's database time,
// and the browser time from navigation start until the screen's rows are shown. See
// docs/decisions/0038-admin-overview-and-budgets.md.
//
// Options: --json (the report as JSON too), --no-build (reuse --dist, built for --port),
//   --database=postgres|pglite (default postgres: TEST_POSTGRES_URL's server), --port=<stack port> (default
//   BENCH_ADMIN_PORT or 54491), --dist=<dir> (default dist-bench-admin), --members= --events= --comments=,
//   --short (CI's smoke run, decision 0066: 20 members, 5 events, 50 comments; the request goal still holds,
//   a count does not depend on the machine).
import './env/load.mjs';
import { createClient } from '@supabase/supabase-js';
import { databaseOption, log, option, startBenchSite, whole } from './bench/bench-site.ts';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/helpers/chromium.mjs';
import { storageKeyFor } from '../src/lib/supabase/storage-key.ts';
import { benchMemberName, insertQuietMembers, seedEvents } from './bench/seed-events.ts';
import { seedAdminExtras } from './bench/seed-admin.ts';

/** The issue's limit: each screen's data in at most this many requests. */
const MAX_REQUESTS = 2;
/**
 * What every signed-in page reads for its session (src/stores/session.ts: public.my_session(), the member's
 * own profile and whether the account needs a password), before any screen asks for anything: counted
 * apart, not as the screen's.
 */
function isSessionRead(method: string, url: URL): boolean {
  return method === 'POST' && url.pathname.endsWith('/rpc/my_session');
}
const SCREEN_TIMEOUT_MS = 60_000;

const short = process.argv.includes('--short');
const members = whole('members', short ? 20 : 5_000, 2);
const events = whole('events', short ? 5 : 200);
const comments = whole('comments', short ? 50 : 20_000, 0);
const database = databaseOption();
const port = whole('port', Number(process.env.BENCH_ADMIN_PORT || 54491));
const dist = option('dist') ?? 'dist-bench-admin';
// The name searched for: one member among 5,000 (the seed names them 'Bench Member 0001' …).
const searchName = benchMemberName(Math.min(1234, members - 1));

interface Screen {
  name: string;
  path: string;
  /** The screen's rows are shown (the figures, or the table's rows). */
  ready: (page: Page) => Promise<unknown>;
}

const customerRows = (page: Page) =>
  page
    .locator('table:has(caption:text-is("Customers")):not([aria-busy="true"]) tbody tr')
    .first()
    .waitFor({ timeout: SCREEN_TIMEOUT_MS });

const SCREENS: Screen[] = [
  {
    name: 'overview',
    path: '/admin',
    ready: (page) => page.locator('[data-kpi-value]').first().waitFor({ timeout: SCREEN_TIMEOUT_MS }),
  },
  { name: 'customers', path: '/admin/customers', ready: customerRows },
  {
    name: 'customers search',
    path: `/admin/customers?q=${encodeURIComponent(searchName)}`,
    ready: (page) =>
      page
        .locator('table:has(caption:text-is("Customers")):not([aria-busy="true"]) tbody tr', {
          hasText: searchName,
        })
        .first()
        .waitFor({ timeout: SCREEN_TIMEOUT_MS }),
  },
  {
    // The list (admin_bookings) and the departures of its filter: two requests (decision 0074).
    name: 'bookings',
    path: '/admin/bookings',
    ready: (page) =>
      page
        .locator('table:has(caption:text-is("Bookings")):not([aria-busy="true"]) tbody tr')
        .first()
        .waitFor({ timeout: SCREEN_TIMEOUT_MS }),
  },
  {
    // The list, searched, filtered and paged by admin_orders: one request (decision 0094).
    name: 'store orders',
    path: '/admin/store',
    ready: (page) =>
      page
        .locator('table:has(caption:text-is("Store orders")):not([aria-busy="true"]) tbody tr')
        .first()
        .waitFor({ timeout: SCREEN_TIMEOUT_MS }),
  },
];

interface ScreenReport {
  screen: string;
  path: string;
  requests: { method: string; url: string; dbMs: number | null; session: boolean }[];
  browserMs: number | null;
  error?: string | undefined;
}

const { supabaseUrl, site, stack, timing, close } = await startBenchSite({
  dist,
  port,
  page: 'admin',
  database,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const reports: ScreenReport[] = [];
try {
  log(
    `Seeding ${database}: ${members} members, ${events} events, ${comments} comments, bookings, enquiries…`,
  );
  const service = createClient(supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const admin = { email: 'bench-admin@example.com', password: 'bench-password-7' };
  const created = await service.auth.admin.createUser({
    ...admin,
    email_confirm: true,
    user_metadata: { full_name: 'Bench Admin' },
  });
  if (created.error) throw new Error(`createUser: ${created.error.message}`);
  const adminId = created.data.user.id;
  await service.from('profiles').update({ is_admin: true }).eq('id', adminId).throwOnError();
  // insertQuietMembers writes count - 1 (its caller makes member 0): members in all, the admin besides.
  await insertQuietMembers(stack.db, members + 1);
  const perEvent = Math.ceil(comments / events);
  await stack.db.transaction((tx) =>
    seedEvents(tx, { events, comments: perEvent, replies: 0, reactions: 0, members }),
  );
  await stack.db.transaction((tx) => seedAdminExtras(tx));

  const client = createClient(supabaseUrl, stack.anonKey, { auth: { persistSession: false } });
  const signedIn = await client.auth.signInWithPassword(admin);
  if (!signedIn.data.session) throw new Error(`sign-in: ${signedIn.error?.message}`);
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    storageKeyFor(supabaseUrl),
    JSON.stringify(signedIn.data.session),
  ] as const);
  // One load first, so the stack's schema cache and the browser's disk cache are warm before timing.
  const warm = await context.newPage();
  await warm.goto(`${site.url}/admin`);
  await SCREENS[0]!.ready(warm);
  await warm.close();

  const db = timing;
  /** Runs `act` on `page` and reports the /rest/v1 requests and the time until `ready` resolves. */
  const measure = async (
    page: Page,
    name: string,
    path: string,
    act: () => Promise<unknown>,
    ready: (page: Page) => Promise<unknown>,
    fullLoad: boolean,
  ): Promise<ScreenReport> => {
    const rest: { method: string; url: string }[] = [];
    const listener = (request: { url(): string; method(): string }) => {
      if (request.url().includes('/rest/v1/')) rest.push({ method: request.method(), url: request.url() });
    };
    page.on('request', listener);
    db.reset();
    log(`Opening ${name} (${path})…`);
    let browserMs: number | null = null;
    let error: string | undefined;
    try {
      // A full load counts from the navigation's start (performance.now() is 0 there); a step in the app from
      // the moment it begins.
      const startedAt = fullLoad ? 0 : await page.evaluate(() => performance.now());
      await act();
      await ready(page);
      const shownAt = await page.evaluate(() => performance.now());
      browserMs = Math.round(shownAt - startedAt);
      // Anything the screen asks for once its rows show (the charts load no data: a request here is a bug).
      await page.waitForLoadState('networkidle');
    } catch (caught) {
      error = `its rows never showed: ${(caught as Error).message.split('\n')[0]}`;
    }
    page.off('request', listener);
    const transactions = db.restTransactions();
    const requests = rest.map((request) => {
      const url = new URL(request.url);
      const restPath = url.pathname.replace(/^\/rest\/v1/, '');
      const match = transactions.find((transaction) => transaction.path === restPath);
      return {
        method: request.method,
        url: `${restPath}${url.search}`,
        dbMs: match ? Math.round(match.dbMs * 10) / 10 : null,
        session: isSessionRead(request.method, url),
      };
    });
    return { screen: name, path, requests, browserMs, error };
  };

  // Each screen as a fresh page load (the session's reads come with it, listed apart).
  for (const screen of SCREENS) {
    const page = await context.newPage();
    reports.push(
      await measure(
        page,
        screen.name,
        screen.path,
        () => page.goto(`${site.url}${screen.path}`),
        screen.ready,
        true,
      ),
    );
    await page.close();
  }
  // As an admin moves on: from /admin to Customers by the area's navigation, then a search typed in.
  const page = await context.newPage();
  await page.goto(`${site.url}/admin`);
  await SCREENS[0]!.ready(page);
  reports.push(
    await measure(
      page,
      'customers, in the app',
      '/admin/customers',
      () => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click(),
      SCREENS[1]!.ready,
      false,
    ),
  );
  reports.push(
    await measure(
      page,
      'search, in the app',
      `/admin/customers?q=${encodeURIComponent(searchName)}`,
      () => page.getByRole('searchbox').first().fill(searchName),
      SCREENS[2]!.ready,
      false,
    ),
  );
  await page.close();
} finally {
  await browser.close();
  await close();
}

console.log(`\nAdmin screens, ${database}: ${members} members, ${events} events, ${comments} comments\n`);
const failures: string[] = [];
const ms = (value: number | null) => (value === null ? '–' : `${value} ms`);
for (const report of reports) {
  const own = report.requests.filter((request) => !request.session);
  const dbTotal = own.reduce((total, request) => total + (request.dbMs ?? 0), 0);
  console.log(
    `${report.screen.padEnd(24)} ${own.length} request(s) of its own (+ ${report.requests.length - own.length} for the session), ` +
      `database ${dbTotal.toFixed(1)} ms, browser ${ms(report.browserMs)}`,
  );
  for (const request of report.requests)
    console.log(
      `    ${request.session ? '(session) ' : ''}${request.method} ${request.url}  ${request.dbMs === null ? '' : `${request.dbMs} ms`}`,
    );
  if (report.error) failures.push(`${report.path}: ${report.error}`);
  if (own.length > MAX_REQUESTS)
    failures.push(`${report.screen}: ${own.length} requests to /rest/v1, more than ${MAX_REQUESTS}`);
  if (own.length === 0 && !report.error) failures.push(`${report.screen}: no request of its own was seen`);
}
if (process.argv.includes('--json'))
  console.log(`\n${JSON.stringify({ database, members, events, comments, screens: reports }, null, 2)}`);
for (const failure of failures) console.log(`FAIL: ${failure}`);
console.log(failures.length === 0 ? 'PASS: every screen in at most 2 requests' : 'FAIL: admin benchmark');
process.exitCode = failures.length === 0 ? 0 : 1;
