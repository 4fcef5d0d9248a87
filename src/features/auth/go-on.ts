import { afterSignInPath, nextParam } from '../../lib/auth/next-path';

/** The spec's delay before the browser leaves after signing in (§9: "Dashboard redirect delay 100 ms"). */
export const SIGNED_IN_REDIRECT_DELAY_MS = 100;

/**
 * Sends a signed-in member on: to the page's `next` (same-site only), else /admin for admins, else /events.
 * `replace`, so Back does not return to a login form they no longer need.
 */
export function goOnAfterSignIn(isAdmin: boolean): void {
  const path = afterSignInPath(nextParam(window.location.search), isAdmin);
  window.setTimeout(() => window.location.replace(path), SIGNED_IN_REDIRECT_DELAY_MS);
}
