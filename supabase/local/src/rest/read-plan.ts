import type { Catalog, Table } from './catalog.ts';
import type { FieldRef } from './cursor.ts';
import { restError, undefinedColumn } from './errors.ts';
import type { Filter, LogicTree } from './filter-parser.ts';
import type { OrderTerm } from './order-parser.ts';
import type { RequestQuery } from './query-params.ts';
import { isToOne, resolveRelationship, type Relationship } from './relationships.ts';
import type { SelectItem } from './select-parser.ts';

export type Output =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; cast: string | undefined; name: string }
  | { kind: 'count'; cast: string | undefined; name: string }
  | { kind: 'embed'; embed: EmbedNode };

/** One level of a read: a table (or a CTE / function result shaped like one) and what to take from it. */
export interface ReadNode {
  table: Table;
  alias: string;
  outputs: Output[];
  embeds: EmbedNode[];
  filters: Filter[];
  logic: LogicTree[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
}

export interface EmbedNode {
  /** the key in the parent's JSON (alias or relation name) */
  name: string;
  relationship: Relationship;
  node: ReadNode;
  inner: boolean;
  spread: boolean;
  /** `rel=is.null` / `rel=not.is.null` on the parent */
  nullFilter: 'null' | 'not_null' | undefined;
  lateralAlias: string;
}

interface Planner {
  catalog: Catalog;
  nextAlias: number;
}

function outputName(field: FieldRef, alias: string | undefined): string {
  if (alias !== undefined) return alias;
  return field.jsonPath.at(-1)?.key ?? field.name;
}

function planNode(planner: Planner, table: Table, items: SelectItem[]): ReadNode {
  const node: ReadNode = {
    table,
    alias: `t${planner.nextAlias++}`,
    outputs: [],
    embeds: [],
    filters: [],
    logic: [],
    order: [],
    limit: undefined,
    offset: undefined,
  };
  for (const item of items) {
    if (item.kind === 'star') node.outputs.push({ kind: 'star' });
    else if (item.kind === 'count')
      node.outputs.push({ kind: 'count', cast: item.cast, name: item.alias ?? 'count' });
    else if (item.kind === 'field') {
      const plainCount = item.field.name === 'count' && item.field.jsonPath.length === 0;
      if (plainCount && !table.columns.has('count')) {
        // `rel(count)`: PostgREST's older spelling of count() inside an embed.
        node.outputs.push({ kind: 'count', cast: item.cast, name: item.alias ?? 'count' });
        continue;
      }
      if (!table.columns.has(item.field.name)) throw undefinedColumn(table.name, item.field.name);
      node.outputs.push({
        kind: 'column',
        field: item.field,
        cast: item.cast,
        name: outputName(item.field, item.alias),
      });
    } else {
      const relationship = resolveRelationship(planner.catalog, table, item.relation, item.hint);
      if (item.spread && !isToOne(relationship)) {
        throw restError(
          400,
          'PGRST119',
          `A spread operation on '${item.relation}' is not possible`,
          `'${table.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const child = planNode(planner, relationship.target, item.items);
      if (item.spread && child.outputs.some((output) => output.kind === 'count')) {
        // PostgREST hoists such an aggregate into the parent's grouping; answering a per-row count instead
        // would be a different answer, so it is refused.
        throw restError(
          400,
          'PGRST127',
          'Feature not implemented',
          `count() inside the spread '...${item.relation}(…)' is not supported by the local stack; select count() beside the spread instead`,
        );
      }
      const embed: EmbedNode = {
        name: item.alias ?? item.relation,
        relationship,
        node: child,
        inner: item.inner,
        spread: item.spread,
        nullFilter: undefined,
        lateralAlias: `e${planner.nextAlias++}`,
      };
      node.embeds.push(embed);
      node.outputs.push({ kind: 'embed', embed });
    }
  }
  return node;
}

function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const step of path) {
    const embed = node.embeds.find((candidate) => candidate.name === step);
    if (!embed) {
      throw restError(
        400,
        'PGRST108',
        `'${step}' is not an embedded resource in this request`,
        null,
        `Verify that '${step}' is included in the 'select' query parameter.`,
      );
    }
    node = embed.node;
  }
  return node;
}

/** A filter naming an embedded resource itself (`rel=not.is.null`) filters the parent like an inner join. */
function attachEmbedNullFilter(node: ReadNode, filter: Filter): boolean {
  const embed = node.embeds.find((candidate) => candidate.name === filter.field.name);
  if (!embed || filter.field.jsonPath.length > 0) return false;
  const isNullTest = filter.operation.kind === 'is' && filter.operation.value === 'null';
  if (!isNullTest && node.table.columns.has(filter.field.name)) return false;
  if (!isNullTest) {
    throw restError(
      400,
      'PGRST120',
      `Bad operator on the '${embed.name}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    );
  }
  embed.nullFilter = filter.negated ? 'not_null' : 'null';
  return true;
}

function checkOrderTerm(node: ReadNode, term: OrderTerm): void {
  if (term.relation === undefined) {
    if (!node.table.columns.has(term.field.name)) throw undefinedColumn(node.table.name, term.field.name);
    return;
  }
  const embed = node.embeds.find((candidate) => candidate.name === term.relation);
  if (!embed) {
    throw restError(
      400,
      'PGRST108',
      `'${term.relation}' is not an embedded resource in this request`,
      null,
      `Verify that '${term.relation}' is included in the 'select' query parameter.`,
    );
  }
  if (!isToOne(embed.relationship) || embed.relationship.junction) {
    throw restError(
      400,
      'PGRST118',
      `A related order on '${term.relation}' is not possible`,
      `'${node.table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
    );
  }
  if (!embed.node.table.columns.has(term.field.name)) {
    throw undefinedColumn(embed.node.table.name, term.field.name);
  }
}

/** Resolves select, filters, order and limits of a read against the catalog; names never reach SQL unchecked. */
export function planRead(catalog: Catalog, table: Table, query: RequestQuery): ReadNode {
  const root = planNode({ catalog, nextAlias: 0 }, table, query.select);
  for (const { path, filter } of query.filters) {
    const node = findNode(root, path);
    if (attachEmbedNullFilter(node, filter)) continue;
    node.filters.push(filter);
  }
  for (const { path, tree } of query.logic) findNode(root, path).logic.push(tree);
  for (const [key, terms] of query.order) {
    const node = findNode(root, key === '' ? [] : key.split('.'));
    for (const term of terms) checkOrderTerm(node, term);
    node.order = terms;
  }
  for (const [key, limit] of query.limit) findNode(root, key === '' ? [] : key.split('.')).limit = limit;
  for (const [key, offset] of query.offset) findNode(root, key === '' ? [] : key.split('.')).offset = offset;
  return root;
}
