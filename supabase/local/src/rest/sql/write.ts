import type { Table } from '../catalog.ts';
import type { Filter, LogicTree } from '../filter-parser.ts';
import { renderFilter, renderLogicTree } from './filters.ts';
import { ident, qualified, type Params } from './params.ts';

export interface InsertOptions {
  columns: string[];
  /** keys absent from a row take the column default (`Prefer: missing=default`) instead of NULL */
  missingDefault: boolean;
  onConflict: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | undefined;
  returning: boolean;
}

const MUTATION_ALIAS = 't0';

/** Each row travels as one JSON parameter; Postgres converts its values to the column types. */
export function buildInsert(
  table: Table,
  rows: Record<string, unknown>[],
  options: InsertOptions,
  params: Params,
): string {
  const target = `${qualified(table.name)} as ${MUTATION_ALIAS}`;
  // With no columns, the first column takes its default: `insert … default values` cannot take several rows.
  const columns = options.columns.length > 0 ? options.columns : table.columnOrder.slice(0, 1);
  const values = rows.map((row) => {
    // Only a row that fills some column sends its JSON: an unused parameter is an error in Postgres.
    let json: string | undefined;
    const cells = columns.map((column) => {
      if (!Object.hasOwn(row, column))
        return options.missingDefault || options.columns.length === 0 ? 'default' : 'null';
      json ??= params.text(JSON.stringify(row));
      return `(select _r.${ident(column)} from json_populate_record(null::${qualified(table.name)}, ${json}::json) as _r)`;
    });
    return `(${cells.join(', ')})`;
  });
  let sql = `insert into ${target} (${columns.map(ident).join(', ')}) values ${values.join(', ')}`;
  if (options.onConflict) {
    const conflictColumns = options.onConflict.columns.map(ident).join(', ');
    const updates = options.columns.map((column) => `${ident(column)} = excluded.${ident(column)}`);
    sql +=
      options.onConflict.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${conflictColumns}) do nothing`
        : ` on conflict (${conflictColumns}) do update set ${updates.join(', ')}`;
  }
  return options.returning ? `${sql} returning ${MUTATION_ALIAS}.*` : sql;
}

export interface WhereClause {
  filters: Filter[];
  logic: LogicTree[];
}

function renderWhere(table: Table, where: WhereClause, params: Params): string {
  const conditions = [
    ...where.filters.map((filter) => renderFilter(MUTATION_ALIAS, table, filter, params)),
    ...where.logic.map((tree) => renderLogicTree(MUTATION_ALIAS, table, tree, params)),
  ];
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

export function buildUpdate(
  table: Table,
  patch: Record<string, unknown>,
  where: WhereClause,
  returning: boolean,
  params: Params,
): string {
  const json = params.text(JSON.stringify(patch));
  const sets = Object.keys(patch).map((column) => `${ident(column)} = _r.${ident(column)}`);
  const sql =
    `update ${qualified(table.name)} as ${MUTATION_ALIAS} set ${sets.join(', ')} ` +
    `from json_populate_record(null::${qualified(table.name)}, ${json}::json) as _r` +
    renderWhere(table, where, params);
  return returning ? `${sql} returning ${MUTATION_ALIAS}.*` : sql;
}

export function buildDelete(table: Table, where: WhereClause, returning: boolean, params: Params): string {
  const sql = `delete from ${qualified(table.name)} as ${MUTATION_ALIAS}${renderWhere(table, where, params)}`;
  return returning ? `${sql} returning ${MUTATION_ALIAS}.*` : sql;
}
