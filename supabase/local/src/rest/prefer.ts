import type { IncomingMessage } from 'node:http';

export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
};
// `tx=commit|rollback` is left out on purpose: hosted PostgREST runs with db-tx-end=commit, which ignores
// it (and leaves it out of Preference-Applied), so every write commits.

/** Reads every Prefer header (supabase-js appends several values to one header, comma-separated). */
export function parsePrefer(req: IncomingMessage): Preferences {
  const raw = req.headers['prefer'];
  const values = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((value) => value.split(','));
  const found = new Map<string, string>();
  for (const item of values) {
    const [name = '', value = ''] = item
      .trim()
      .split('=')
      .map((part) => part.trim());
    // The first valid value of each preference wins; unknown ones are ignored, as PostgREST's lenient mode.
    if (ALLOWED[name]?.includes(value) && !found.has(name)) found.set(name, value);
  }
  return {
    return: found.get('return') as Preferences['return'],
    count: found.get('count') as Preferences['count'],
    resolution: found.get('resolution') as Preferences['resolution'],
    missing: found.get('missing') as Preferences['missing'],
  };
}

/** The `Preference-Applied` header: the preferences that shaped this answer. */
export function appliedPreferences(
  prefs: Preferences,
  applicable: (keyof Preferences)[],
): string | undefined {
  const parts: string[] = [];
  for (const key of applicable) {
    const value = prefs[key];
    if (typeof value === 'string') parts.push(`${key}=${value}`);
  }
  return parts.length > 0 ? parts.join(', ') : undefined;
}
