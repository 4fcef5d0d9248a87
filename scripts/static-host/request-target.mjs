// Turns the request target of an HTTP request line into a path and query, or null when it names no path
// on this site. It never throws: `new URL('//', base)` does, which once took the whole server down.

const BASE = 'http://localhost';

/**
 * @param {string | undefined} target req.url: origin-form `/path?q`, or absolute-form `http://host/path`
 * @returns {{ pathname: string, search: string } | null} pathname normalised (dot segments removed,
 *   percent-encoded) as a browser would send it
 */
export function parseRequestTarget(target) {
  if (typeof target !== 'string') return null;
  let originForm = target;
  if (/^https?:\/\//i.test(target)) {
    try {
      const absolute = new URL(target);
      originForm = absolute.pathname + absolute.search;
    } catch {
      return null;
    }
  }
  if (!originForm.startsWith('/')) return null;
  try {
    // Leading slashes (and backslashes, which URL parsing treats alike) would make the rest a host name.
    const url = new URL(originForm.replace(/^[/\\]+/, '/'), BASE);
    if (url.origin !== BASE) return null;
    return { pathname: url.pathname, search: url.search };
  } catch {
    return null;
  }
}
