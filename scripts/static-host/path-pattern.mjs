// The path patterns of the `_headers` and `_redirects` files (Netlify, Cloudflare Pages): `*` (the splat)
// matches any characters including `/`, `:name` matches one path segment. Both hosts compile them to
// anchored regular expressions over the request path as it arrives (percent-encoded), and so do we.

const PLACEHOLDER = /:([A-Za-z]\w*)/g;
const REGEX_SPECIAL = /[\\^$+?.()|[\]{}]/g;

/**
 * @param {string} pattern e.g. `/customer/*` or `/news/:year/:slug`
 * @returns {{ pattern: string, names: string[], match: (path: string) => Record<string, string> | null }}
 * @throws {Error} with a readable reason when the pattern is not one both hosts accept
 */
export function compilePathPattern(pattern) {
  if (!pattern.startsWith('/')) throw new Error(`a path pattern starts with "/": ${pattern}`);
  if (pattern.split('*').length > 2) throw new Error(`only one * is allowed in a pattern: ${pattern}`);
  const names = [];
  let source = pattern.replace(REGEX_SPECIAL, '\\$&');
  source = source.replace(PLACEHOLDER, (_, name) => {
    if (names.includes(name) || name === 'splat')
      throw new Error(`placeholder :${name} is used twice: ${pattern}`);
    names.push(name);
    return `(?<${name}>[^/]+)`;
  });
  if (source.includes('*')) {
    names.push('splat');
    source = source.replace('*', '(?<splat>.*)');
  }
  const regex = new RegExp(`^${source}$`);
  return {
    pattern,
    names,
    match(path) {
      const found = regex.exec(path);
      return found ? { ...found.groups } : null;
    },
  };
}

/** Puts matched values into `:name` and `:splat` references (longest names first, so `:id` never eats `:idx`). */
export function substitutePlaceholders(text, params) {
  const names = Object.keys(params).sort((a, b) => b.length - a.length);
  let result = text;
  for (const name of names) result = result.replaceAll(`:${name}`, params[name] ?? '');
  return result;
}
