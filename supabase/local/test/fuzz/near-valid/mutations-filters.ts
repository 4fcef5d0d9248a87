// Mutations of the filters: values of the wrong type, out of range, or under the wrong operator.
import type { Random } from '../random.ts';
import { filterable, type Mutation } from './mutations-shared.ts';
import type { Draft, FilterDraft } from './request.ts';
import { columnDef, columnsOf, isNumber, isTyped, type Column } from './schema.ts';
import { OUT_OF_RANGE, validOperation, validValue, WRONG_VALUES } from './values.ts';

/** An existing root filter on a column that passes `test`, or a new valid one on such a column. */
function filterOn(
  rng: Random,
  parts: Draft,
  test: (column: Column) => boolean,
): { filter: FilterDraft; column: Column } {
  const existing = parts.filters.filter(
    (filter) =>
      filter.embed === undefined && filter.jsonPath === '' && test(columnDef(parts.table, filter.column)),
  );
  if (existing.length > 0 && rng.chance(0.7)) {
    const filter = rng.pick(existing);
    return { filter, column: columnDef(parts.table, filter.column) };
  }
  const column = rng.pick(columnsOf(parts.table).filter(test));
  const filter: FilterDraft = {
    embed: undefined,
    table: parts.table,
    column: column.name,
    jsonPath: '',
    operation: '',
  };
  parts.filters.push(filter);
  return { filter, column };
}

const hasColumn = (test: (column: Column) => boolean) => (parts: Draft) => columnsOf(parts.table).some(test);
export const typedWrong = (column: Column) => WRONG_VALUES[column.kind].length > 0;

export const FILTER_MUTATIONS: Mutation[] = [
  {
    name: 'wrong-type-value',
    weight: 4,
    applies: (parts) => filterable(parts) && hasColumn(typedWrong)(parts),
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, typedWrong);
      const operator = column.kind === 'jsonb' ? 'cs' : rng.pick(['eq', 'neq', 'gt', 'lte', 'not.eq']);
      filter.operation = `${operator}.${rng.pick(WRONG_VALUES[column.kind])}`;
      return `wrong-type-value:${column.kind}`;
    },
  },
  {
    name: 'out-of-range-number',
    weight: 2,
    applies: (parts) => filterable(parts) && hasColumn(isNumber)(parts),
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, isNumber);
      filter.operation = `${rng.pick(['eq', 'gt', 'lt'])}.${rng.pick(OUT_OF_RANGE[column.kind === 'int' ? 'int' : 'smallint'])}`;
    },
  },
  {
    name: 'empty-string',
    weight: 2,
    applies: (parts) => filterable(parts) && hasColumn(typedWrong)(parts),
    apply(rng, parts) {
      filterOn(rng, parts, typedWrong).filter.operation = rng.pick(['eq.', 'neq.', 'in.(,)', 'gt.']);
    },
  },
  {
    name: 'array-for-scalar',
    weight: 2,
    applies: (parts) => filterable(parts) && hasColumn(isTyped)(parts),
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, (c) => isTyped(c) && c.kind !== 'jsonb');
      const good = () => validValue(rng, parts.table, column);
      filter.operation = `eq.${rng.pick([`{${good()},${good()}}`, `[${good()}]`, `(${good()},${good()})`, '{}'])}`;
    },
  },
  {
    name: 'in-list-one-bad',
    weight: 3,
    applies: (parts) => filterable(parts) && hasColumn(typedWrong)(parts),
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, (c) => typedWrong(c) && c.kind !== 'jsonb');
      const values = [validValue(rng, parts.table, column), validValue(rng, parts.table, column)];
      values.splice(rng.int(0, 2), 0, rng.pick(WRONG_VALUES[column.kind]));
      filter.operation = `${rng.chance(0.2) ? 'not.' : ''}in.(${values.map((v) => (/[,()]/.test(v) ? `"${v}"` : v)).join(',')})`;
    },
  },
  {
    name: 'array-op-on-scalar',
    weight: 2,
    applies: filterable,
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, (c) => c.kind !== 'jsonb');
      const good = validValue(rng, parts.table, column);
      filter.operation = rng.pick([
        `cs.{${good}}`,
        `cd.{${good}}`,
        `ov.{${good},x}`,
        `sl.(1,2)`,
        `adj.[1,5)`,
        `nxr.(1,2)`,
      ]);
    },
  },
  {
    name: 'fts-on-non-text',
    weight: 2,
    applies: (parts) => filterable(parts) && hasColumn(isTyped)(parts),
    apply(rng, parts) {
      const { filter } = filterOn(rng, parts, (c) => isTyped(c) && c.kind !== 'jsonb');
      filter.operation = rng.pick([
        'fts.ghost',
        'plfts(english).ghost tour',
        'wfts.ghost -tour',
        'phfts(simple).a b',
      ]);
    },
  },
  {
    name: 'is-bad-value',
    weight: 2,
    applies: filterable,
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, () => true);
      // `is.true` is valid syntax but Postgres refuses it on a non-boolean column.
      const typeBad = column.kind === 'bool' ? [] : ['true', 'false', 'unknown'];
      filter.operation = `is.${rng.pick([...typeBad, 'maybe', 'nul', '1', 'none', ''])}`;
    },
  },
  {
    name: 'quantified-one-bad',
    weight: 2,
    applies: (parts) => filterable(parts) && hasColumn(typedWrong)(parts),
    apply(rng, parts) {
      const { filter, column } = filterOn(rng, parts, (c) => typedWrong(c) && c.kind !== 'jsonb');
      const operator = rng.pick(['eq(any)', 'neq(all)', 'gt(any)', 'like(any)']);
      filter.operation = `${operator}.{${validValue(rng, parts.table, column)},${rng.pick(WRONG_VALUES[column.kind])}}`;
    },
  },
  {
    name: 'logic-wrong-type',
    weight: 2,
    applies: (parts) => filterable(parts) && hasColumn(typedWrong)(parts),
    apply(rng, parts) {
      const columns = columnsOf(parts.table).filter(typedWrong);
      const good = rng.pick(columnsOf(parts.table));
      const bad = rng.pick(columns);
      parts.logic = [
        rng.pick(['or', 'and']),
        `(${good.name}.${validOperation(rng, parts.table, good)},${bad.name}.${bad.kind === 'jsonb' ? 'cs' : 'eq'}.${rng.pick(WRONG_VALUES[bad.kind])})`,
      ];
    },
  },
  {
    name: 'json-path-on-non-json',
    weight: 1,
    applies: filterable,
    apply(rng, parts) {
      const column = rng.pick(columnsOf(parts.table).filter((c) => c.kind !== 'jsonb'));
      parts.filters.push({
        embed: undefined,
        table: parts.table,
        column: column.name,
        jsonPath: rng.pick(['->a', '->>a', '->0']),
        operation: 'eq.x',
      });
    },
  },
];
