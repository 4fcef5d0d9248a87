import type { EmbedNode, Output, ReadNode } from '../read-plan.ts';
import { isToOne } from '../relationships.ts';
import { fieldExpression, renderFilter, renderLogicTree } from './filters.ts';
import { ident, qualified, type Params } from './params.ts';

/** Where a node's rows come from: its table, or (for the root) a CTE or function call shaped like it. */
export interface NodeSource {
  sql: string;
}

/** The keys a node contributes to its parent's JSON (a spread lifts its child's keys). */
function outputNames(node: ReadNode): string[] {
  return node.outputs.flatMap((output): string[] => {
    if (output.kind === 'star') return node.table.columnOrder;
    if (output.kind === 'embed') {
      if (output.embed.spread) return outputNames(output.embed.node);
      return output.embed.node.outputs.length === 0 ? [] : [output.embed.name];
    }
    return [output.name];
  });
}

/**
 * Beside count(), an embed (or a spread's keys) groups the rows like a column. json has no equality, so the
 * group is its text and the value is read back from it.
 */
function grouped(expression: string, name: string, groupBy: string[] | undefined): string {
  if (!groupBy) return `${expression} as ${ident(name)}`;
  groupBy.push(`(${expression})::text`);
  return `(min((${expression})::text))::json as ${ident(name)}`;
}

function renderOutput(
  node: ReadNode,
  output: Output,
  params: Params,
  groupBy: string[] | undefined,
): string[] {
  switch (output.kind) {
    case 'star':
      return [`${node.alias}.*`];
    case 'column': {
      const expression = fieldExpression(node.alias, node.table, output.field, params).sql;
      const cast = output.cast === undefined ? '' : `::${output.cast}`;
      return [`${expression}${cast} as ${ident(output.name)}`];
    }
    case 'count':
      return [`count(*)${output.cast === undefined ? '' : `::${output.cast}`} as ${ident(output.name)}`];
    case 'embed': {
      const { embed } = output;
      if (embed.spread) {
        return outputNames(embed.node).map((name) =>
          grouped(`${embed.lateralAlias}.body -> ${params.text(name)}`, name, groupBy),
        );
      }
      if (embed.node.outputs.length === 0) return [];
      const body = isToOne(embed.relationship)
        ? `${embed.lateralAlias}.body`
        : `coalesce(${embed.lateralAlias}.body, '[]'::json)`;
      return [grouped(body, embed.name, groupBy)];
    }
  }
}

/** The child's join to its parent: direct column pairs, or through the junction table. */
function joinToParent(parent: ReadNode, embed: EmbedNode): { from: string; conditions: string[] } {
  const { relationship, node } = embed;
  if (!relationship.junction) {
    return {
      from: '',
      conditions: relationship.pairs.map(
        (pair) => `${node.alias}.${ident(pair.target)} = ${parent.alias}.${ident(pair.parent)}`,
      ),
    };
  }
  const junctionAlias = `j_${node.alias}`;
  const { table, parentPairs, targetPairs } = relationship.junction;
  const on = targetPairs.map(
    (pair) => `${junctionAlias}.${ident(pair.junction)} = ${node.alias}.${ident(pair.target)}`,
  );
  return {
    from: ` join ${qualified(table.name)} as ${junctionAlias} on ${on.join(' and ')}`,
    conditions: parentPairs.map(
      (pair) => `${junctionAlias}.${ident(pair.junction)} = ${parent.alias}.${ident(pair.parent)}`,
    ),
  };
}

function renderLateral(parent: ReadNode, embed: EmbedNode, params: Params): string {
  const join = joinToParent(parent, embed);
  const inner = renderNode(embed.node, { sql: qualified(embed.node.table.name) }, params, {
    joinFrom: join.from,
    joinConditions: join.conditions,
    applyLimits: true,
  });
  const aggregate = isToOne(embed.relationship) ? 'row_to_json(_e)' : 'json_agg(_e)';
  return `left join lateral (select ${aggregate} as body from (${inner}) as _e) as ${embed.lateralAlias} on true`;
}

function renderOrder(node: ReadNode, params: Params): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((term) => {
    let expression: string;
    if (term.relation === undefined) {
      expression = fieldExpression(node.alias, node.table, term.field, params).sql;
    } else {
      // A to-one embed: order by the related row's column, looked up the same way the embed joins.
      const embed = node.embeds.find((candidate) => candidate.name === term.relation);
      if (!embed) throw new Error(`order on unplanned embed ${term.relation}`);
      const related = embed.node;
      const join = joinToParent(node, embed);
      const column = fieldExpression(related.alias, related.table, term.field, params).sql;
      expression = `(select ${column} from ${qualified(related.table.name)} as ${related.alias} where ${join.conditions.join(' and ')} limit 1)`;
    }
    const direction = term.direction === undefined ? '' : ` ${term.direction}`;
    const nulls = term.nulls === undefined ? '' : ` nulls ${term.nulls}`;
    return `${expression}${direction}${nulls}`;
  });
  return ` order by ${terms.join(', ')}`;
}

export interface RenderOptions {
  joinFrom?: string;
  joinConditions?: string[];
  applyLimits: boolean;
  /** caps the root's limit (max_rows) */
  maxRows?: number | undefined;
}

/** `select … from … where … order by … limit …` for one node and, through laterals, its embeds. */
export function renderNode(
  node: ReadNode,
  source: NodeSource,
  params: Params,
  options: RenderOptions,
): string {
  // With count(), the other selected columns group the rows (by position, so no expression is repeated).
  const hasCount = node.outputs.some((output) => output.kind === 'count');
  const groupExpressions: string[] | undefined = hasCount ? [] : undefined;
  const rendered = node.outputs.map((output) => renderOutput(node, output, params, groupExpressions));
  const columns = rendered.flat();
  const laterals = node.embeds.map((embed) => ` ${renderLateral(node, embed, params)}`).join('');
  const conditions = [
    ...(options.joinConditions ?? []),
    ...node.filters.map((filter) => renderFilter(node.alias, node.table, filter, params)),
    ...node.logic.map((tree) => renderLogicTree(node.alias, node.table, tree, params)),
    ...node.embeds.flatMap((embed) => {
      if (embed.inner || embed.nullFilter === 'not_null') return [`${embed.lateralAlias}.body is not null`];
      if (embed.nullFilter === 'null') return [`${embed.lateralAlias}.body is null`];
      return [];
    }),
  ];
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  const groupPositions: string[] = [];
  let position = 0;
  node.outputs.forEach((output, index) => {
    if (hasCount && output.kind === 'column') groupPositions.push(String(position + 1));
    position += rendered[index]?.length ?? 0;
  });
  const groups = [...groupPositions, ...(groupExpressions ?? [])];
  const groupBy = groups.length > 0 ? ` group by ${groups.join(', ')}` : '';
  let limit = options.applyLimits ? node.limit : undefined;
  if (options.maxRows !== undefined) limit = Math.min(limit ?? options.maxRows, options.maxRows);
  const limitSql = limit === undefined ? '' : ` limit ${limit}`;
  const offsetSql = options.applyLimits && node.offset ? ` offset ${node.offset}` : '';
  return (
    `select ${columns.join(', ')} from ${source.sql} as ${node.alias}${options.joinFrom ?? ''}${laterals}` +
    `${where}${groupBy}${renderOrder(node, params)}${limitSql}${offsetSql}`
  );
}
