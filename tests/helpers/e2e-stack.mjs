// The local Supabase stack the browser tests talk to. The site is built with PUBLIC_SUPABASE_URL pointing
// here, so the port is fixed per run (E2E_SUPABASE_PORT), apart from the 54321 that `npm start` uses: both
// can run at once. Helpers working in parallel give each run its own port.
// The default sits below Linux's ephemeral range (32768–60999): the old 54421 was once taken by an outgoing
// connection's local port, and the stack could not listen.

/** Port of the e2e stack's API; its mailbox listens on the next port. */
export const E2E_SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT || 24421);

/** The URL the e2e build bakes into the site, and where the e2e stack listens. */
export const E2E_SUPABASE_URL = `http://127.0.0.1:${E2E_SUPABASE_PORT}`;

/**
 * Environment for `astro build` so that the built site talks to the e2e stack. Today is real: the seed dates next
 * year's departures from the day it runs, so the build and the stack agree on which departures are on sale.
 */
export function e2eBuildEnv() {
  return { PUBLIC_SUPABASE_URL: E2E_SUPABASE_URL };
}
