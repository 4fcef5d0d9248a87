/**
 * Where the events page's back button leads (spec: the origin if there is one, else /admin for admins,
 * /dashboard for members, / for visitors). The origin is the same-site page the visitor came from.
 */
import { safeNextPath } from '../../lib/auth/next-path';

export interface BackContext {
  /** document.referrer: only a page of this site counts, and never the login page or this page. */
  referrer: string;
  origin: string;
  signedIn: boolean;
  isAdmin: boolean;
}

export function eventsBackTarget({ referrer, origin, signedIn, isAdmin }: BackContext): string {
  if (referrer.startsWith(`${origin}/`)) {
    const path = safeNextPath(referrer.slice(origin.length));
    if (path && !/^\/(login|events)(\/|\?|#|$)/.test(path)) return path;
  }
  if (isAdmin) return '/admin';
  return signedIn ? '/dashboard' : '/';
}
