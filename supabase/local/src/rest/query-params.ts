import { Cursor, type FieldRef } from './cursor.ts';
import { restError } from './errors.ts';
import {
  parseLogicTree,
  parseOperation,
  SIMPLE_OPERATORS,
  type Filter,
  type LogicTree,
} from './filter-parser.ts';
import { parseOrder, type OrderTerm } from './order-parser.ts';
import { parseSelect, type SelectItem } from './select-parser.ts';

/** Everything the query string says, sorted by the embedded resource it applies to ('' = the root). */
export interface RequestQuery {
  select: SelectItem[];
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: Map<string, OrderTerm[]>;
  limit: Map<string, number>;
  offset: Map<string, number>;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  /** Parameters that are neither filters nor reserved: the arguments of a GET /rpc call. */
  plainParams: [string, string][];
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);
const OPERATOR_NAMES = new Set<string>([
  ...SIMPLE_OPERATORS,
  'in',
  'is',
  'not',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

/** PostgREST's rule: a value is a filter when it starts with a known operator. */
function looksLikeFilter(key: string, value: string): boolean {
  if (key.includes('.')) return true;
  const head = /^[a-z]+/.exec(value)?.[0] ?? '';
  return OPERATOR_NAMES.has(head) && /^[a-z]+[.(]/.test(value);
}

function parsePathKey(key: string, what: string): { path: string[]; field: FieldRef } {
  const cursor = new Cursor(key, what);
  const names = [cursor.fieldName()];
  while (cursor.accept('.')) names.push(cursor.fieldName());
  const jsonPath = cursor.jsonPath();
  if (!cursor.done) cursor.fail('delimiter (.) or end of input');
  const name = names.pop() ?? '';
  return { path: names, field: { name, jsonPath } };
}

function embedPathOf(key: string): { path: string[]; last: string } {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  return { path: parts, last };
}

function parseNonNegative(value: string, what: 'limit' | 'offset'): number | undefined {
  if (!/^-?\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  if (number < 0 && what === 'limit') {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'Limit should be greater than or equal to zero.',
    );
  }
  return Math.max(0, number);
}

function parseColumnList(value: string, what: string): string[] {
  const cursor = new Cursor(value, what);
  const names = [cursor.fieldName()];
  while (cursor.accept(',')) names.push(cursor.fieldName());
  if (!cursor.done) cursor.fail('"," or end of input');
  return names;
}

/** For a table every other parameter is a filter; for an RPC, parameters without an operator are arguments. */
export function parseRequestQuery(params: URLSearchParams, { rpc = false } = {}): RequestQuery {
  const query: RequestQuery = {
    select: parseSelect(params.get('select') ?? '*'),
    filters: [],
    logic: [],
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    columns: params.has('columns')
      ? parseColumnList(params.get('columns') ?? '', 'columns parameter')
      : undefined,
    onConflict: params.has('on_conflict')
      ? parseColumnList(params.get('on_conflict') ?? '', 'on_conflict parameter')
      : undefined,
    plainParams: [],
  };
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const { path, last } = embedPathOf(key);
    const logicNegated = path.at(-1) === 'not' && (last === 'and' || last === 'or');
    const embedPath = logicNegated ? path.slice(0, -1) : path;
    if (EMBEDDABLE.has(last)) {
      const pathKey = embedPath.join('.');
      if (last === 'order') query.order.set(pathKey, parseOrder(value));
      else if (last === 'limit' || last === 'offset') {
        const number = parseNonNegative(value, last);
        if (number !== undefined) query[last].set(pathKey, number);
      } else {
        query.logic.push({
          path: embedPath,
          tree: parseLogicTree(last as 'and' | 'or', logicNegated, value),
        });
      }
      continue;
    }
    if (rpc && !looksLikeFilter(key, value)) {
      query.plainParams.push([key, value]);
      continue;
    }
    const target = parsePathKey(key, 'tree path');
    const { negated, operation } = parseOperation(value);
    query.filters.push({ path: target.path, filter: { field: target.field, negated, operation } });
  }
  return query;
}

/** `Range: 0-24` (items), as PostgREST still honours it beside limit/offset. */
export function parseRangeHeader(
  value: string | undefined,
): { offset: number; limit: number | undefined } | undefined {
  const match = value ? /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(value) : null;
  if (!match) return undefined;
  const lower = Number(match[1]);
  const upper = match[2] === '' || match[2] === undefined ? undefined : Number(match[2]);
  if (upper !== undefined && lower > upper) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset: lower, limit: upper === undefined ? undefined : upper - lower + 1 };
}

/** Applies a `Range` header to the root's offset and limit unless the query string already sets them. */
export function applyRangeHeader(query: RequestQuery, value: string | undefined): void {
  const range = parseRangeHeader(value);
  if (!range || query.offset.has('') || query.limit.has('')) return;
  query.offset.set('', range.offset);
  if (range.limit !== undefined) query.limit.set('', range.limit);
}
