import { invalidRequest, requiredParam } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';
import type { StandinState, StripeObject } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

/** What every endpoint handler gets: the state, the webhook sender, and the stand-in's own address. */
export interface Api {
  state: StandinState;
  webhooks: WebhookSender;
  baseUrl: string;
}

/** One API call: its parameters (form body or query), the path's ids, and its idempotency key. */
export interface Call {
  params: FormObject;
  ids: string[];
  idempotencyKey: string | null;
}

export type Handler = (api: Api, call: Call) => Record<string, unknown>;

export function optionalString(params: FormObject, name: string): string | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name);
  return value;
}

export function requiredString(params: FormObject, name: string): string {
  const value = optionalString(params, name);
  if (value === null) throw requiredParam(name);
  return value;
}

export function optionalInteger(params: FormObject, name: string): number | null {
  const value = optionalString(params, name);
  if (value === null) return null;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalidRequest(`Invalid integer: ${value}`, name);
  }
  return Number(value);
}

export function optionalBoolean(params: FormObject, name: string): boolean | null {
  const value = optionalString(params, name);
  if (value === null) return null;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function optionalObject(params: FormObject, name: string): FormObject | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid hash`, name);
  return value;
}

/** Stripe's metadata: up to 50 string values. */
export function metadata(params: FormObject, name = 'metadata'): Record<string, string> {
  const value = optionalObject(params, name) ?? {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw invalidRequest('Invalid metadata value', `${name}[${key}]`);
    out[key] = item;
  }
  if (Object.keys(out).length > 50) throw invalidRequest('Metadata can have up to 50 keys.', name);
  return out;
}

export function list(data: Record<string, unknown>[], url: string): Record<string, unknown> {
  return { object: 'list', data, has_more: false, url };
}

export function asArray(value: FormValue | undefined): FormValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Stripe's range filter on `created` (https://docs.stripe.com/api/payment_intents/list): a Unix time, or
 *  `created[gt|gte|lt|lte]`. */
function createdFilter(params: FormObject): (created: number) => boolean {
  const value = params['created'];
  if (value === undefined || value === '') return () => true;
  if (typeof value === 'string') {
    const at = optionalInteger(params, 'created');
    return (created) => created === at;
  }
  const range = optionalObject(params, 'created') ?? {};
  const bounds: [string, (created: number, bound: number) => boolean][] = [
    ['gt', (c, b) => c > b],
    ['gte', (c, b) => c >= b],
    ['lt', (c, b) => c < b],
    ['lte', (c, b) => c <= b],
  ];
  const checks = bounds.flatMap(([name, test]) => {
    if (!(name in range)) return [];
    const bound = optionalInteger(range, name);
    if (bound === null) throw invalidRequest(`Invalid integer: ${String(range[name])}`, `created[${name}]`);
    return [(created: number) => test(created, bound)];
  });
  for (const key of Object.keys(range)) {
    if (!bounds.some(([name]) => name === key)) {
      throw invalidRequest(`Received unknown parameter: created[${key}]`, `created[${key}]`);
    }
  }
  return (created) => checks.every((check) => check(created));
}

/**
 * One page of a list endpoint as Stripe pages them (https://docs.stripe.com/api/pagination): newest first,
 * `limit` 1 to 100 (10 by default), `starting_after` (the page after that object) or `ending_before` (the
 * page before it), `has_more` when more lie beyond; filtered by `created` as above. The stand-in keeps
 * objects in the order they were made, so objects made in the same second still list newest first.
 */
export function listPage(objects: StripeObject[], params: FormObject, url: string): Record<string, unknown> {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest(
      'This value must be greater than or equal to 1 and less than or equal to 100.',
      'limit',
    );
  }
  const after = optionalString(params, 'starting_after');
  const before = optionalString(params, 'ending_before');
  const inRange = createdFilter(params);
  const all = [...objects].reverse().filter((object) => inRange(Number(object['created'])));
  const cursor = (id: string, param: string): number => {
    const at = all.findIndex((object) => object.id === id);
    if (at < 0 && !objects.some((object) => object.id === id))
      throw invalidRequest(`No such object: '${id}'`, param, 'resource_missing');
    return at;
  };
  if (before) {
    const end = cursor(before, 'ending_before');
    const start = Math.max(end - limit, 0);
    return { object: 'list', data: all.slice(start, end), has_more: start > 0, url };
  }
  const start = after ? cursor(after, 'starting_after') + 1 : 0;
  const data = all.slice(start, start + limit);
  return { object: 'list', data, has_more: all.length > start + limit, url };
}
