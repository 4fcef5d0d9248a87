// The `_headers` file of Netlify and Cloudflare Pages, read the way both hosts read it:
//
//   # a comment
//   /path/pattern            ← unindented: a path pattern (`*` splat, `:placeholder`)
//     Name: value            ← indented: a header every matching response gets
//     ! Name                 ← indented: detach (Cloudflare) — drop a header another rule or the host adds
//
// Every rule whose pattern matches applies. A header set by several matching rules is joined with ", " on
// Cloudflare, while Netlify keeps the last one, so our own file never sets one header in two rules that
// can match the same path (headersForPath reports such `repeated` names). Netlify rejects `!` lines.
// Limits are Cloudflare's (100 rules, 2,000 characters a line) so a file that works here works there.
import { compilePathPattern } from './path-pattern.mjs';

export const MAX_HEADER_RULES = 100;
export const MAX_HEADER_LINE = 2000;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what a header value may not hold
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * @typedef {{ pattern: ReturnType<typeof compilePathPattern>, set: [string, string][], detach: string[] }} HeaderRule
 */

/**
 * Parses the text of a `_headers` file.
 * @param {string} text
 * @returns {HeaderRule[]}
 * @throws {Error} naming the line, for anything either host would reject or read differently
 */
export function parseHeadersFile(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const where = `_headers line ${index + 1}`;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (line.length > MAX_HEADER_LINE) throw new Error(`${where}: longer than ${MAX_HEADER_LINE} characters`);
    const current = rules.at(-1);
    if (!/^\s/.test(line)) {
      if (/^https?:\/\//i.test(trimmed))
        throw new Error(`${where}: absolute URL rules are not supported here`);
      if (/\s/.test(trimmed)) throw new Error(`${where}: a path line holds one pattern: ${trimmed}`);
      try {
        rules.push({ pattern: compilePathPattern(trimmed), set: [], detach: [] });
      } catch (error) {
        throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      if (rules.length > MAX_HEADER_RULES) throw new Error(`${where}: more than ${MAX_HEADER_RULES} rules`);
      return;
    }
    if (!current) throw new Error(`${where}: a header line comes before any path`);
    if (trimmed.startsWith('!')) {
      const name = trimmed.slice(1).trim();
      if (!HEADER_NAME.test(name)) throw new Error(`${where}: "${name}" is not a header name`);
      current.detach.push(name);
      return;
    }
    const colon = trimmed.indexOf(':');
    const name = colon > 0 ? trimmed.slice(0, colon).trim() : '';
    const value = colon > 0 ? trimmed.slice(colon + 1).trim() : '';
    if (!HEADER_NAME.test(name)) throw new Error(`${where}: expected "Name: value", got: ${trimmed}`);
    if (value === '' || CONTROL.test(value)) throw new Error(`${where}: ${name} needs a printable value`);
    current.set.push([name, value]);
  });
  return rules;
}

/**
 * The headers the rules give a request path.
 * @param {HeaderRule[]} rules
 * @param {string} path the request path, percent-encoded as it arrived
 * @returns {{ headers: Map<string, [string, string]>, detached: Set<string>, repeated: Set<string> }}
 *   headers by lower-case name (original name and value); detached lower-case names to drop from the
 *   response; repeated: names set by more than one matching rule (hosts differ on those)
 */
export function headersForPath(rules, path) {
  /** @type {Map<string, [string, string]>} */
  const headers = new Map();
  const detached = new Set();
  const repeated = new Set();
  for (const rule of rules) {
    if (!rule.pattern.match(path)) continue;
    const setHere = new Set();
    for (const [name, value] of rule.set) {
      const key = name.toLowerCase();
      const earlier = headers.get(key);
      if (earlier && !setHere.has(key)) repeated.add(key);
      headers.set(key, earlier ? [earlier[0], `${earlier[1]}, ${value}`] : [name, value]);
      setHere.add(key);
    }
    for (const name of rule.detach) detached.add(name.toLowerCase());
  }
  for (const key of detached) headers.delete(key);
  return { headers, detached, repeated };
}
