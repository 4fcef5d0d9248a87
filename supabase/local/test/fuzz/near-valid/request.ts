// A nearly valid request as parts (a draft), and the HTTP request supabase-js would send for it.
import type { FuzzRequest, FuzzWorld } from '../generate.ts';
import type { Caller } from './access.ts';
import type { BaseKind } from './bases.ts';

// ---------------------------------------------------------------- a request as parts

export interface FilterDraft {
  /** the embedded resource it filters, or undefined for the root */
  embed: string | undefined;
  table: string;
  column: string;
  jsonPath: string;
  operation: string;
}

export interface EmbedDraft {
  relation: string;
  table: string;
  fk: string;
  toOne: boolean;
  hint: string | undefined;
  inner: boolean;
  /** `...rel(cols)`: a to-one embed's columns lifted into the parent */
  spread: boolean;
  items: string[];
  /** embeds inside this one */
  children: EmbedDraft[];
  /** `rel.order=…`, `rel.limit=…`; the empty name is the embed itself (`rel=not.is.null`) */
  params: [string, string][];
}

export interface Draft {
  kind: BaseKind;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** the table, or `rpc/<name>` */
  resource: string;
  /** the table whose rows are filtered or written (an RPC's result table) */
  table: string;
  caller: Caller;
  /** a token that replaces the caller's (a forged, admin-less one) */
  token: string | undefined;
  select: string[];
  embeds: EmbedDraft[];
  filters: FilterDraft[];
  logic: [string, string] | undefined;
  order: string[];
  params: [string, string][];
  prefer: string[];
  accept: string | undefined;
  range: string | undefined;
  body: unknown;
}

export function draft(kind: BaseKind, method: Draft['method'], table: string, caller: Caller): Draft {
  return {
    kind,
    method,
    resource: table,
    table,
    caller,
    token: undefined,
    select: [],
    embeds: [],
    filters: [],
    logic: undefined,
    order: [],
    params: [],
    prefer: [],
    accept: undefined,
    range: undefined,
    body: undefined,
  };
}

function renderEmbed(embed: EmbedDraft): string {
  const hint = embed.hint === undefined ? '' : `!${embed.hint}`;
  const items = [...embed.items, ...embed.children.map(renderEmbed)];
  return `${embed.spread ? '...' : ''}${embed.relation}${hint}${embed.inner ? '!inner' : ''}(${items.join(',')})`;
}

/** An embed's own parameters and its children's, keyed by their path (`comments.comment_replies.limit`). */
function embedParams(embed: EmbedDraft, prefix = ''): [string, string][] {
  const path = `${prefix}${embed.relation}`;
  return [
    ...embed.params.map(([name, value]): [string, string] => [name === '' ? path : `${path}.${name}`, value]),
    ...embed.children.flatMap((child) => embedParams(child, `${path}.`)),
  ];
}

function filterKey(filter: FilterDraft): string {
  return `${filter.embed === undefined ? '' : `${filter.embed}.`}${filter.column}${filter.jsonPath}`;
}

/** The HTTP request supabase-js would send for these parts (URLSearchParams encoding, its headers). */
export function render(parts: Draft, world: FuzzWorld, label: string): FuzzRequest {
  const pairs: [string, string][] = [];
  const select = [...parts.select, ...parts.embeds.map(renderEmbed)];
  if (select.length > 0) pairs.push(['select', select.join(',')]);
  for (const filter of parts.filters) pairs.push([filterKey(filter), filter.operation]);
  if (parts.logic) pairs.push(parts.logic);
  if (parts.order.length > 0) pairs.push(['order', parts.order.join(',')]);
  for (const embed of parts.embeds) pairs.push(...embedParams(embed));
  pairs.push(...parts.params);
  const search = new URLSearchParams(pairs).toString();
  const token = parts.token ?? (parts.caller === 'member' ? world.memberToken : world.anonKey);
  const headers: Record<string, string> = { apikey: world.anonKey, authorization: `Bearer ${token}` };
  if (parts.prefer.length > 0) headers.prefer = parts.prefer.join(',');
  if (parts.accept !== undefined) headers.accept = parts.accept;
  if (parts.range !== undefined) headers.range = parts.range;
  if (parts.body !== undefined) headers['content-type'] = 'application/json';
  return {
    family: 'rest-near',
    label,
    method: parts.method,
    target: `/rest/v1/${parts.resource}${search === '' ? '' : `?${search}`}`,
    headers,
    ...(parts.body === undefined ? {} : { body: JSON.stringify(parts.body) }),
  };
}
