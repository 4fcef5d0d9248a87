// Mutations of the select list (casts, JSON paths) and of the order.
import { JSON_KEYS } from './bases.ts';
import { filterable, hasRows, type Mutation } from './mutations-shared.ts';
import type { Draft } from './request.ts';
import { columnsOf } from './schema.ts';

const jsonColumns = (parts: Draft) => columnsOf(parts.table).filter((c) => c.kind === 'jsonb');

export const SELECT_MUTATIONS: Mutation[] = [
  {
    name: 'select-wrong-cast',
    weight: 2,
    applies: hasRows,
    apply(rng, parts) {
      const column = rng.pick(columnsOf(parts.table));
      const cast = rng.pick([
        'integer',
        'uuid',
        'date',
        'boolean',
        'jsonb',
        'int4range',
        'inet',
        'bytea',
        'money',
      ]);
      parts.select = [...parts.select.filter((item) => item !== '*'), `${column.name}::${cast}`];
      return `select-wrong-cast:${column.kind}->${cast}`;
    },
  },
  {
    name: 'json-path-wrong-cast',
    weight: 3,
    applies: (parts) => hasRows(parts) && jsonColumns(parts).length > 0,
    apply(rng, parts) {
      const column = rng.pick(jsonColumns(parts)).name;
      parts.select.push(
        rng.pick([
          `${column}->highlights::integer`,
          `${column}->>haunted_sites::uuid`,
          `${column}->haunted_sites::date`,
          `${column}->>highlights::boolean`,
          `${column}->highlights->0::int4range`,
        ]),
      );
    },
  },
  {
    name: 'json-path-filter-wrong-type',
    weight: 3,
    applies: (parts) => filterable(parts) && jsonColumns(parts).length > 0,
    apply(rng, parts) {
      const column = rng.pick(jsonColumns(parts)).name;
      const [jsonPath, operation] = rng.pick([
        ['->haunted_sites', 'eq.not json'],
        ['->highlights->0', 'gt.{unclosed'],
        ['->>haunted_sites', 'cs.{12}'],
        ['', 'cs.not json'],
        ['->haunted_sites', 'in.(1,two)'],
      ]);
      parts.filters.push({ embed: undefined, table: parts.table, column, jsonPath, operation });
    },
  },
];

export const ORDER_MUTATIONS: Mutation[] = [
  {
    name: 'order-json-path',
    weight: 2,
    applies: hasRows,
    apply(rng, parts) {
      const column = rng.pick(columnsOf(parts.table));
      const path = column.kind === 'jsonb' ? `->${rng.pick(JSON_KEYS)}` : rng.pick(['->a', '->>a', '->0']);
      parts.order = [`${column.name}${path}${rng.pick(['', '.desc', '.asc.nullslast'])}`];
      return `order-json-path:${column.kind}`;
    },
  },
  {
    name: 'nulls-typo',
    weight: 1,
    applies: hasRows,
    apply(rng, parts) {
      const column = rng.pick(columnsOf(parts.table)).name;
      parts.order = [
        `${column}${rng.pick(['.desc.nullsfist', '.nullslast.desc', '.asc.nulls', '.nulls_last', '.descending', '.desc.nullsfirst.nullslast'])}`,
      ];
    },
  },
];
