import type { Table } from '../catalog.ts';
import type { FieldRef } from '../cursor.ts';
import { undefinedColumn } from '../errors.ts';
import type { Filter, LogicTree, Operation, SimpleOperator } from '../filter-parser.ts';
import { ident, type Params } from './params.ts';

/** A column (with its JSON path) as SQL, and the type its values should be cast to. */
export interface FieldExpression {
  sql: string;
  type: string;
}

export function fieldExpression(
  alias: string,
  table: Table,
  field: FieldRef,
  params: Params,
): FieldExpression {
  const column = table.columns.get(field.name);
  if (!column) throw undefinedColumn(table.name, field.name);
  let sql = `${alias}.${ident(field.name)}`;
  if (field.jsonPath.length === 0) return { sql, type: column.type };
  // json has no equality operator; jsonb keeps filters and ordering working on both.
  sql = `(${sql})::jsonb`;
  for (const step of field.jsonPath) {
    sql += step.isIndex ? `${step.arrow}${Number(step.key)}` : `${step.arrow}${params.text(step.key)}`;
  }
  const last = field.jsonPath.at(-1);
  return { sql: `(${sql})`, type: last?.arrow === '->>' ? 'text' : 'jsonb' };
}

const COMPARISON: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&>',
  nxr: '&<',
  adj: '-|-',
  isdistinct: 'is distinct from',
};

const PATTERN_OPERATORS = new Set<SimpleOperator>(['like', 'ilike', 'match', 'imatch']);

const FTS_FUNCTION = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

/** A value as SQL: patterns stay text (`*` means `%` for like), everything else is cast to the field's type. */
function operand(operator: SimpleOperator, value: string, field: FieldExpression, params: Params): string {
  if (operator === 'like' || operator === 'ilike') return params.text(value.replaceAll('*', '%'));
  if (PATTERN_OPERATORS.has(operator)) return params.text(value);
  return params.typed(value, field.type);
}

function renderOperation(field: FieldExpression, operation: Operation, params: Params): string {
  switch (operation.kind) {
    case 'simple':
      return `${field.sql} ${COMPARISON[operation.operator]} ${operand(operation.operator, operation.value, field, params)}`;
    case 'quantified': {
      if (operation.values.length === 0) return operation.quantifier === 'any' ? 'false' : 'true';
      const values = operation.values.map((value) => operand(operation.operator, value, field, params));
      return `${field.sql} ${COMPARISON[operation.operator]} ${operation.quantifier}(array[${values.join(', ')}])`;
    }
    case 'in': {
      if (operation.values.length === 0) return 'false';
      return `${field.sql} in (${operation.values.map((value) => params.typed(value, field.type)).join(', ')})`;
    }
    case 'is':
      return `${field.sql} is ${operation.value === 'not_null' ? 'not null' : operation.value}`;
    case 'fts': {
      const config = operation.config === undefined ? '' : `${params.text(operation.config)}::regconfig, `;
      const document = field.type === 'tsvector' ? field.sql : `to_tsvector(${config}${field.sql})`;
      return `${document} @@ ${FTS_FUNCTION[operation.operator]}(${config}${params.text(operation.value)})`;
    }
  }
}

export function renderFilter(alias: string, table: Table, filter: Filter, params: Params): string {
  const condition = renderOperation(
    fieldExpression(alias, table, filter.field, params),
    filter.operation,
    params,
  );
  return filter.negated ? `not (${condition})` : condition;
}

export function renderLogicTree(alias: string, table: Table, tree: LogicTree, params: Params): string {
  if (tree.kind === 'filter') return renderFilter(alias, table, tree.filter, params);
  const children = tree.children.map((child) => `(${renderLogicTree(alias, table, child, params)})`);
  const joined = children.join(` ${tree.operator} `);
  return tree.negated ? `not (${joined})` : `(${joined})`;
}
