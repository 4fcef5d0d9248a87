import { invalidRequest, requiredParam } from './errors.ts';
import type { FormObject, FormValue } from './form.ts';
import type { StandinState } from './state.ts';
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
