import { StripeError } from './errors.ts';
import type { FormObject } from './form.ts';

/**
 * Stripe's idempotency layer (https://docs.stripe.com/api/idempotent_requests): the status and body of the
 * first POST with a key are saved, and a retry with the same key and parameters gets them back (with
 * `Idempotent-Replayed: true`); the same key with other parameters, or on another endpoint, is an
 * `idempotency_error`. Keys belong to the secret key that sent them. Stripe prunes keys after 24 hours;
 * the stand-in keeps them for its lifetime.
 */
export interface SavedAnswer {
  status: number;
  body: unknown;
}

interface Entry extends SavedAnswer {
  path: string;
  params: string;
}

/** Parameters as text that does not depend on the order the client wrote them in. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** The saved answer for this key, or null when the request is new; throws when the key is misused. */
  lookup(apiKey: string, key: string, path: string, params: FormObject): SavedAnswer | null {
    const entry = this.entries.get(`${apiKey}\n${key}`);
    if (!entry) return null;
    if (entry.path !== path) {
      throw new StripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.path}' vs '${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (entry.params !== canonical(params)) {
      throw new StripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    return { status: entry.status, body: entry.body };
  }

  save(apiKey: string, key: string, path: string, params: FormObject, answer: SavedAnswer): void {
    this.entries.set(`${apiKey}\n${key}`, { ...answer, path, params: canonical(params) });
  }

  clear(): void {
    this.entries.clear();
  }
}
