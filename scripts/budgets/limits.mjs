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
 * area, /events, /event-details, /login, /contact, /unsubscribe and the admin shell) is held to it, visitor
 * pages to 100 KB.
 */
export const APP_PAGE_JS_GZIP_BYTES = 150 * KB;

const APP_PAGE_PATHS =
  /^(events|contact|dashboard|login|reset-password|admin|personal-details|settings|support|customer|customer-management|customer-favorites|completed-events|manage-booking|manage-payment-plan|unsubscribe|event-updates|event-details)(\/|\.html$)/;

/** The JavaScript budget of a built page, given its path in dist/ (e.g. `dashboard/index.html`). */
export function pageJsBudget(pagePath) {
  return APP_PAGE_PATHS.test(pagePath.replaceAll('\\', '/')) ? APP_PAGE_JS_GZIP_BYTES : PAGE_JS_GZIP_BYTES;
}

/** Lighthouse category scores (0–100, mobile emulation) every audited page must reach. */
export const LIGHTHOUSE_MIN_SCORES = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
};

/** The pages Lighthouse audits: the landing page, one trip page, a legal page and the login page. */
export const LIGHTHOUSE_PAGES = ['/', '/tours/tasmania-paranormal-getaway', '/terms', '/login'];

/** Lighthouse runs per page at most; see docs/decisions/0008-testing-lighthouse-best-of-three.md. */
export const LIGHTHOUSE_MAX_RUNS = 3;
