// The budgets the test command enforces (issue 2). One place, so the figures printed and checked agree.

/** Kilobyte as 1,000 bytes: the stricter reading of "80 KB". */
export const KB = 1000;

/** All JavaScript the landing page loads, gzip-compressed, summed. */
export const LANDING_JS_GZIP_BYTES = 80 * KB;

/** Lighthouse category scores (0–100, mobile emulation) every audited page must reach. */
export const LIGHTHOUSE_MIN_SCORES = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
};

/** The pages Lighthouse audits: the landing page, one trip page and a legal page. */
export const LIGHTHOUSE_PAGES = ['/', '/tours/tasmania-paranormal-getaway', '/terms'];

/** Lighthouse runs per page at most; see docs/decisions/0008-testing-lighthouse-best-of-three.md. */
export const LIGHTHOUSE_MAX_RUNS = 3;
