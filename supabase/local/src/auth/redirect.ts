import type { AuthSettings } from '../config.ts';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

// GoTrue's loopback names: a redirect to the site on one of them may use any port (RFC 8252 §7.3).
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'];
const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOST = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;

/**
 * The host as written, like Go's url.Hostname(): WHATWG URL parsing rewrites hosts (2130706433 becomes
 * 127.0.0.1, names are lower-cased), which would let a disguised address pass. No brackets on IPv6.
 */
function rawHostname(value: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(value);
  return (match?.[1] ?? '').replace(/^\[(.*)\]$/, '$1');
}

function isLoopbackIp(host: string): boolean {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.startsWith('127.');
  return host === '::1' || /^(0{0,4}:){1,7}0{0,3}1$/.test(host);
}

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/**
 * GoTrue's IsRedirectURLValid: the site URL's scheme, host and port (any port on a loopback host); an IP
 * address only when it is loopback; otherwise a match of an additional_redirect_urls glob.
 */
export function isRedirectAllowed(
  requested: string | undefined,
  auth: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>,
): boolean {
  // Control characters make no URL (GoTrue's parser refuses them) and must never reach a Location header.
  if (!requested || CONTROL_CHARACTERS.test(requested)) return false;
  const site = safeUrl(auth.siteUrl);
  const target = safeUrl(requested);
  if (!site || !target) return false;
  const host = rawHostname(requested);
  if (
    rawHostname(auth.siteUrl) === host &&
    site.protocol === target.protocol &&
    (site.port === target.port || LOOPBACK_NAMES.includes(host.toLowerCase()))
  ) {
    return true;
  }
  const isHttp = target.protocol === 'http:' || target.protocol === 'https:';
  if (DECIMAL_HOST.test(host)) return false;
  if (isIpLiteral(host)) return isLoopbackIp(host);
  if (isHttp && !REGULAR_HOST.test(host)) return false;
  const withoutFragment = requested.split('#')[0] ?? requested;
  return auth.additionalRedirectUrls.some((pattern) => globMatches(pattern, withoutFragment));
}

/** The redirect when allowed, else the site URL (GoTrue never redirects anywhere else). */
export function allowedRedirect(
  requested: string | undefined,
  auth: Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>,
): string {
  return isRedirectAllowed(requested, auth) ? (requested as string) : auth.siteUrl;
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

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
