// Which link targets content may use: the Studio refuses others, and the site drops any that slip through.
import { phoneProblem } from './fields';

/** An absolute https URL with a host, e.g. a social profile. */
export function isHttpsUrl(value: string): boolean {
  if (value !== value.trim()) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A link in body text: https, mailto: an address, tel: a phone number, or a path on this site ("/terms",
 * not "//elsewhere", which browsers read as another host). Everything else, javascript: and data: above
 * all, is refused.
 */
export function isSafeLinkHref(value: string): boolean {
  if (/\s/u.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  const lower = value.toLowerCase();
  if (lower.startsWith('mailto:'))
    return /^[^@]+@[^@]+$/.test(value.slice('mailto:'.length).split('?')[0] ?? '');
  if (lower.startsWith('tel:'))
    return value.length > 4 && phoneProblem(value.slice('tel:'.length)) === undefined;
  return isHttpsUrl(value);
}
