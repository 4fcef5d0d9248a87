import type { IncomingMessage } from 'node:http';
import { restError } from './errors.ts';

export interface Preferences {
  return: 'minimal' | 'headers-only' | 'representation' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
  /** `handling=strict` refuses invalid preferences and enforces `max-affected` */
  handling: 'strict' | 'lenient' | undefined;
  /** `max-affected=N`: with handling=strict, more affected rows fail the request and roll it back */
  maxAffected: number | undefined;
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
};
// `tx=commit|rollback` is left out on purpose: hosted PostgREST runs with db-tx-end=commit, which ignores
// it (and leaves it out of Preference-Applied), so every write commits.

/** Preferences PostgREST knows by prefix, whatever their value. */
const PREFIXED = ['timezone=', 'max-affected='];

/**
 * Reads every Prefer header (supabase-js appends several values to one header, comma-separated). As in
 * PostgREST, unknown preferences are ignored unless `handling=strict`, which refuses them (400 PGRST122).
 */
export function parsePrefer(req: IncomingMessage): Preferences {
  const raw = req.headers['prefer'];
  const values = (Array.isArray(raw) ? raw : raw ? [raw] : [])
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const found = new Map<string, string>();
  const invalid: string[] = [];
  let maxAffected: number | undefined;
  for (const item of values) {
    const [name = '', value = ''] = item.split('=').map((part) => part.trim());
    if (ALLOWED[name]?.includes(value)) {
      // The first valid value of each preference wins.
      if (!found.has(name)) found.set(name, value);
    } else if (item.startsWith('max-affected=')) {
      const text = item.slice('max-affected='.length);
      if (maxAffected === undefined && /^\d+$/.test(text)) maxAffected = Number(text);
    } else if (!PREFIXED.some((prefix) => item.startsWith(prefix))) {
      invalid.push(item);
    }
  }
  const handling = found.get('handling') as Preferences['handling'];
  if (handling === 'strict' && invalid.length > 0) {
    throw restError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return {
    return: found.get('return') as Preferences['return'],
    count: found.get('count') as Preferences['count'],
    resolution: found.get('resolution') as Preferences['resolution'],
    missing: found.get('missing') as Preferences['missing'],
    handling,
    maxAffected,
  };
}

/** 400 PGRST124 when a strict `max-affected` is exceeded; the caller throws it inside the transaction. */
export function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling !== 'strict' || prefs.maxAffected === undefined || affected <= prefs.maxAffected) return;
  throw restError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${affected} rows`,
  );
}

/**
 * The `Preference-Applied` header: the preferences that shaped this answer, in PostgREST's order. `handling`
 * is always echoed; `max-affected` only where it applies (pass 'maxAffected') and when it is enforced.
 */
export function appliedPreferences(
  prefs: Preferences,
  applicable: (keyof Preferences)[],
): string | undefined {
  const parts: string[] = [];
  for (const key of applicable) {
    const value = prefs[key];
    if (typeof value === 'string') parts.push(`${key}=${value}`);
  }
  if (prefs.handling) parts.push(`handling=${prefs.handling}`);
  const enforced = prefs.handling === 'strict' && prefs.maxAffected !== undefined;
  if (applicable.includes('maxAffected') && enforced) parts.push(`max-affected=${prefs.maxAffected}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}
