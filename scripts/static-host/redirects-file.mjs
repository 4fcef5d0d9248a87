// The `_redirects` file of Netlify and Cloudflare Pages: one rule a line, `from to status[!]`.
//
//   /customer/*   /customer/index.html   200     ← rewrite: that file answers, the URL stays
//   /old/:slug    /tours/:slug           301     ← redirect, with placeholders and splats (`:splat`)
//
// The first matching rule wins. As on Netlify, a rule does not apply when a file exists at the requested
// path unless it is forced with `!` (Cloudflare always applies rules, so rules here never point at paths
// that are files). We ask for what the hosts leave implicit: the status is required (Netlify defaults
// to 301, Cloudflare to 302). What only one host offers (proxying, query and country conditions, rewrites
// with another status) is refused with a clear error rather than half-supported.
import { compilePathPattern, substitutePlaceholders } from './path-pattern.mjs';

export const MAX_REDIRECT_LINE = 1000;
const STATUS = /^(200|301|302|303|307|308)(!?)$/;

/**
 * @typedef {{ from: ReturnType<typeof compilePathPattern>, to: string, status: number, force: boolean }} RedirectRule
 */

/**
 * @param {string} text
 * @returns {RedirectRule[]}
 * @throws {Error} naming the line
 */
export function parseRedirectsFile(text) {
  /** @type {RedirectRule[]} */
  const rules = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const where = `_redirects line ${index + 1}`;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (line.length > MAX_REDIRECT_LINE)
      throw new Error(`${where}: longer than ${MAX_REDIRECT_LINE} characters`);
    const fields = trimmed.split(/\s+/);
    if (fields.length !== 3) {
      throw new Error(`${where}: expected "from to status" (conditions and query matches are not supported)`);
    }
    const [from = '', to = '', statusField = ''] = fields;
    const status = STATUS.exec(statusField);
    if (!status)
      throw new Error(`${where}: status must be 200, 301, 302, 303, 307 or 308 (optionally with !)`);
    const isRewrite = status[1] === '200';
    if (!to.startsWith('/') && !(/^https?:\/\//i.test(to) && !isRewrite)) {
      throw new Error(
        `${where}: a rewrite goes to a path on this site; a redirect to a path or an http(s) URL`,
      );
    }
    try {
      rules.push({ from: compilePathPattern(from), to, status: Number(status[1]), force: status[2] === '!' });
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  });
  return rules;
}

/**
 * The first rule matching the path (a trailing slash is ignored, as Netlify normalises it).
 * @param {RedirectRule[]} rules
 * @param {string} path the request path, percent-encoded
 * @returns {{ rule: RedirectRule, destination: string } | null} destination with placeholders filled in
 */
export function findRedirect(rules, path) {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const rule of rules) {
    const params = rule.from.match(path) ?? rule.from.match(bare);
    if (params) return { rule, destination: substitutePlaceholders(rule.to, params) };
  }
  return null;
}
