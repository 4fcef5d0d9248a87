// The budgets the test command enforces (issue 2). One place, so the figures printed and checked agree.

/** Kilobyte as 1,000 bytes: the stricter reading of "80 KB". */
export const KB = 1000;

/**
 * The landing page's JavaScript at load, after it is idle and scrolled through, as sent (compressed bytes
 * on the wire; inline scripts gzip-sized): issue 8. React and the forms load later, on intent.
 */
export const LANDING_JS_AT_LOAD_BYTES = 20 * KB;

/**
 * Every page: what it loads by itself plus any one thing it loads on demand (opening one form, or
 * supabase-js), gzip-compressed, summed. Issue 2's 80 KB was for a page at load; a form group is React
 * (about 62 KB) plus the form and tailwind-merge (8.4 KB), so the guard per visitor action is 100 KB
 * (docs/decisions/0014-class-merging-and-portable-text.md).
 */
export const PAGE_JS_GZIP_BYTES = 100 * KB;

/**
 * Pages of the app rather than of the brochure: their islands read Supabase as soon as they open, so React,
 * supabase-js and the query cache load with the page, or they are a form hydrated at once (not behind a
 * button), which sends through supabase-js. Issue 8 gives the dashboard 150 KB gzip; every app page (the member
 * area, /events, /event-details, /login, /contact, /unsubscribe, /confirm-subscription, and /store, whose
 * cart sheet prices through supabase-js) is held to it (the admin area has its own, below), visitor
 * pages to 100 KB.
 */
export const APP_PAGE_JS_GZIP_BYTES = 150 * KB;

/**
 * The events pages (issue 9): every event's reactions, follows and comments, with the comment form, read and
 * written at once, so more of the app loads with the page than on other app pages.
 */
export const EVENTS_PAGE_JS_GZIP_BYTES = 170 * KB;

/**
 * The admin area (issue 10): one page whose island routes on the client. Its shell (React, the router, the
 * query cache, the table and forms the screens share, and supabase-js, which the admins-only gate loads at
 * once) may load 200 KB gzip before the first route's own code; each route's chunk is then reported with what
 * it loads later (the overview's charts), each group held to ADMIN_ROUTE_JS_GZIP_BYTES
 * (docs/decisions/0038-admin-overview-and-budgets.md).
 */
export const ADMIN_SHELL_JS_GZIP_BYTES = 200 * KB;

/** One route's own code, or one thing a route loads on demand (recharts), beyond the shell. */
export const ADMIN_ROUTE_JS_GZIP_BYTES = 150 * KB;

const ADMIN_PAGE_PATHS = /^admin(\/|\.html$)/;

/**
 * Admin code that a page outside /admin loads only for an admin (the customer record on /customer/{id},
 * `AdminCustomerProfile`): members never download it, so with the page it is held to the admin shell's
 * budget, not the member page's. Such modules are named `Admin…` (their chunk: /_astro/AdminX.hash.js).
 */
const ADMIN_ONLY_CHUNK = /\/_astro\/Admin[A-Z][A-Za-z]*\.[\w-]+\.js$/;

/** The budget for a page's own JavaScript plus one on-demand group (identified by its label's URL). */
export function groupJsBudget(pagePath, groupLabel) {
  return ADMIN_ONLY_CHUNK.test(groupLabel) ? ADMIN_SHELL_JS_GZIP_BYTES : pageJsBudget(pagePath);
}

/** The admin area's shell page (dist/admin/index.html or admin.html), held to the admin budgets instead. */
export function isAdminPage(pagePath) {
  return ADMIN_PAGE_PATHS.test(pagePath.replaceAll('\\', '/'));
}

const EVENTS_PAGE_PATHS = /^(events|event-details)(\/|\.html$)/;

const APP_PAGE_PATHS =
  /^(contact|dashboard|login|reset-password|admin|personal-details|settings|support|customer|customer-management|customer-favorites|completed-events|manage-booking|manage-payment-plan|invoice|extra-payment|book|unsubscribe|confirm-subscription|event-updates|store)(\/|\.html$)/;

/** The JavaScript budget of a built page, given its path in dist/ (e.g. `dashboard/index.html`). */
export function pageJsBudget(pagePath) {
  const path = pagePath.replaceAll('\\', '/');
  if (EVENTS_PAGE_PATHS.test(path)) return EVENTS_PAGE_JS_GZIP_BYTES;
  return APP_PAGE_PATHS.test(path) ? APP_PAGE_JS_GZIP_BYTES : PAGE_JS_GZIP_BYTES;
}

/** Lighthouse category scores (0–100, mobile emulation) every audited page must reach. */
export const LIGHTHOUSE_MIN_SCORES = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
};

/**
 * Pages held to other minimums than LIGHTHOUSE_MIN_SCORES: none. /events was held to 85 while React hydrated
 * its built list at load; a visitor's island now hydrates on first use (client:member, decision 0070's second
 * amendment), so it meets the common floor.
 * @type {Record<string, Partial<Record<string, number>>>}
 */
export const LIGHTHOUSE_PAGE_MIN_SCORES = {};

/** The minimum scores of the page at `path`. */
export function lighthouseMinScores(path) {
  return { ...LIGHTHOUSE_MIN_SCORES, ...LIGHTHOUSE_PAGE_MIN_SCORES[path] };
}

/**
 * Cumulative layout shift every audited page must stay within, in every run (Google's "good" threshold).
 * /events fills in from Supabase after load, so its static shell must hold room for what arrives (issue 9).
 */
export const LIGHTHOUSE_MAX_CLS = 0.1;

/**
 * The pages Lighthouse audits: the landing page, one trip page, a legal page, the login page and the events
 * page (as a visitor: the list, reactions and the sign-in prompt where comments go, read from the e2e stack).
 */
export const LIGHTHOUSE_PAGES = ['/', '/tours/tasmania-paranormal-getaway', '/terms', '/login', '/events'];

/** Lighthouse runs per page at most; see docs/decisions/0008-testing-lighthouse-best-of-three.md. */
export const LIGHTHOUSE_MAX_RUNS = 3;

/**
 * A signed-in member's simple read while one anonymous client sends a burst at the local stack (each of
 * bench:attack's bursts, 6 at once; supabase/local/test/bounds/attack-budget.test.ts): the 95th percentile
 * of its wait, on PGlite and on PostgreSQL. Before each client had its fair share it was 25 s on PGlite
 * (decision 0057).
 */
export const BYSTANDER_READ_UNDER_ATTACK_P95_MS = 1000;
