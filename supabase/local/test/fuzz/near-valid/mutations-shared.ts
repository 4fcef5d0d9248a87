// What a mutation is, and the predicates and helpers the mutation lists share.
import type { FuzzWorld } from '../generate.ts';
import type { Random } from '../random.ts';
import type { Draft } from './request.ts';

// ---------------------------------------------------------------- mutations: exactly one per request

export interface Mutation {
  name: string;
  /** how often it is chosen among those that apply */
  weight: number;
  applies(parts: Draft): boolean;
  /** changes the parts; returns a more specific label when the mutation has variants */
  apply(rng: Random, parts: Draft, world: FuzzWorld): string | void;
}

export const isRpc = (parts: Draft) => parts.resource.startsWith('rpc/');
export const isRead = (parts: Draft) => parts.method === 'GET';
export const hasRows = (parts: Draft) => isRead(parts) || isRpc(parts);
/** Where filters decide the rows: reads, updates, deletes and an RPC's result (not an insert). */
export const filterable = (parts: Draft) => parts.method !== 'POST' || isRpc(parts);
const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const writesRows = (parts: Draft) => !isRpc(parts) && parts.body !== undefined;

/** The body's rows (an insert may send an array). */
export function bodyRows(parts: Draft): Record<string, unknown>[] {
  const rows = Array.isArray(parts.body) ? parts.body : [parts.body];
  return rows.filter(isRow);
}

export function setParam(parts: Draft, name: string, value: string): void {
  parts.params = [...parts.params.filter(([key]) => key !== name), [name, value]];
}
