import type { AuthSettings } from '../config.ts';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Where an e-mail link may send the browser: `requested` when it is on the site URL's host or matches one
 * of the additional redirect URL globs, otherwise the site URL (GoTrue never redirects to unknown hosts).
 */
export function allowedRedirect(
  requested: string | undefined,
  auth: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>,
): string {
  // Control characters make no URL (GoTrue's parser refuses them) and must never reach a Location header.
  if (!requested || CONTROL_CHARACTERS.test(requested)) return auth.siteUrl;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return auth.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    // Custom app schemes are allowed only when listed explicitly.
    return auth.additionalRedirectUrls.some((pattern) => globMatches(pattern, requested))
      ? requested
      : auth.siteUrl;
  }
  const site = safeUrl(auth.siteUrl);
  if (site && site.hostname === target.hostname) return requested;
  return auth.additionalRedirectUrls.some((pattern) => globMatches(pattern, requested))
    ? requested
    : auth.siteUrl;
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * Glob as GoTrue reads additional_redirect_urls: `**` matches anything, `*` anything but the separators
 * `.` and `/`, `?` one character that is not a separator.
 */
export function globMatches(pattern: string, value: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] ?? '';
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(value);
}

/** Appends GoTrue's fragment parameters (sorted by key, as Go's url.Values encodes them). */
export function withFragment(redirect: string, params: Record<string, string>): string {
  const base = redirect.split('#')[0] ?? redirect;
  const fragment = new URLSearchParams(
    Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ).toString();
  return `${base}#${fragment}`;
}
