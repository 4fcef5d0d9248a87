// Mutations of a write's body and parameters, and of the RPC's arguments.
import type { Random } from '../random.ts';
import { bodyRows, isRpc, setParam, writesRows, type Mutation } from './mutations-shared.ts';
import type { Draft } from './request.ts';
import { columnDef, columnsOf, isNumber, tableDef, type Column } from './schema.ts';
import { validValue, WRONG_JSON } from './values.ts';

export const WRITE_MUTATIONS: Mutation[] = [
  {
    name: 'body-wrong-type',
    weight: 4,
    applies: (parts) => writesRows(parts),
    apply(rng, parts) {
      const row = rng.pick(bodyRows(parts));
      const key = rng.pick(Object.keys(row));
      const column = columnDef(parts.table, key);
      row[key] = rng.pick(WRONG_JSON[column.kind]);
      return `body-wrong-type:${column.kind}`;
    },
  },
  {
    name: 'body-too-long',
    weight: 2,
    applies: (parts) =>
      writesRows(parts) &&
      bodyRows(parts).some((row) => Object.keys(row).some((key) => columnDef(parts.table, key).maxLength)),
    apply(rng, parts) {
      const row = rng.pick(bodyRows(parts));
      const key = rng.pick(Object.keys(row).filter((k) => columnDef(parts.table, k).maxLength));
      row[key] = 'x'.repeat((columnDef(parts.table, key).maxLength ?? 0) + rng.int(1, 50));
    },
  },
  {
    name: 'body-fails-check',
    weight: 2,
    applies: (parts) =>
      writesRows(parts) &&
      bodyRows(parts).some((row) => Object.keys(row).some((key) => columnDef(parts.table, key).checked)),
    apply(rng, parts) {
      const row = rng.pick(bodyRows(parts));
      const key = rng.pick(Object.keys(row).filter((k) => columnDef(parts.table, k).checked));
      row[key] = rng.pick(['   ', '', 'not-an-email', 'ftp://example.com/x', '\u00e9'.repeat(3)]);
    },
  },
  {
    name: 'body-missing-required',
    weight: 3,
    applies: (parts) => writesRows(parts) && parts.method === 'POST' && requiredKeys(parts).length > 0,
    apply(rng, parts) {
      const key = rng.pick(requiredKeys(parts));
      for (const row of bodyRows(parts)) delete row[key];
      return `body-missing-required:${key}`;
    },
  },
  {
    name: 'body-extra-unknown-column',
    weight: 1,
    applies: writesRows,
    apply(rng, parts) {
      const row = rng.pick(bodyRows(parts));
      row[rng.pick(['nope', 'Content', 'content ', 'eventId'])] = 'x';
    },
  },
  {
    name: 'body-extra-real-column',
    weight: 3,
    applies: (parts) => writesRows(parts) && absentColumns(parts).length > 0,
    apply(rng, parts) {
      // A real column the base leaves out: the column grants decide (42501), or the row takes it.
      const column = rng.pick(absentColumns(parts));
      for (const row of bodyRows(parts)) row[column.name] = validJson(rng, parts.table, column);
      return `body-extra-real-column:${column.name}`;
    },
  },
  {
    name: 'columns-param-mismatch',
    weight: 2,
    applies: (parts) => writesRows(parts) && parts.method === 'POST',
    apply(rng, parts) {
      const keys = Object.keys(bodyRows(parts)[0] ?? {});
      const absent = absentColumns(parts).map((column) => column.name);
      const variants: [string, string[]][] = [
        ['unknown', [...keys, 'nope']],
        ['missing-required', keys.filter((key) => !requiredKeys(parts).includes(key))],
        ['absent-real', [...keys, rng.pick(absent.length > 0 ? absent : keys)]],
      ];
      const [variant, columns] = rng.pick(variants.filter(([, list]) => list.length > 0));
      setParam(parts, 'columns', columns.map((column) => `"${column}"`).join(','));
      return `columns-param-mismatch:${variant}`;
    },
  },
  {
    name: 'missing-default',
    weight: 2,
    applies: (parts) => writesRows(parts) && parts.method === 'POST' && defaultedColumns(parts).length > 0,
    apply(rng, parts) {
      // `columns` names a defaulted column the rows leave out: with missing=default it takes the default.
      const keys = Object.keys(bodyRows(parts)[0] ?? {});
      const extra = rng.pick(defaultedColumns(parts)).name;
      setParam(
        parts,
        'columns',
        [...keys.filter((key) => key !== extra), extra].map((c) => `"${c}"`).join(','),
      );
      for (const row of bodyRows(parts)) delete row[extra];
      parts.prefer = [...parts.prefer, 'missing=default'];
      return `missing-default:${extra}`;
    },
  },
  {
    name: 'on-conflict-not-unique',
    weight: 2,
    applies: (parts) => writesRows(parts) && parts.method === 'POST',
    apply(rng, parts) {
      const unique = new Set(
        tableDef(parts.table)
          .uniques.filter((key) => key.length === 1)
          .flat(),
      );
      const column = rng.pick(columnsOf(parts.table).filter((c) => !unique.has(c.name))).name;
      setParam(parts, 'on_conflict', column);
      const resolution = rng.pick(['resolution=merge-duplicates', 'resolution=ignore-duplicates']);
      parts.prefer = [...parts.prefer.filter((p) => !p.startsWith('resolution=')), resolution];
    },
  },
  {
    name: 'upsert-merge-without-update-grant',
    weight: 3,
    applies: (parts) => parts.kind === 'upsert-toggle',
    apply(_rng, parts) {
      parts.prefer = parts.prefer.map((p) =>
        p.startsWith('resolution=') ? 'resolution=merge-duplicates' : p,
      );
    },
  },
  {
    name: 'bulk-rows-differing-keys',
    weight: 1,
    applies: (parts) =>
      writesRows(parts) && parts.method === 'POST' && Object.keys(bodyRows(parts)[0] ?? {}).length > 1,
    apply(rng, parts) {
      const first = bodyRows(parts)[0] ?? {};
      const second = { ...first };
      delete second[rng.pick(Object.keys(first))];
      parts.body = [first, second];
    },
  },
];

function requiredKeys(parts: Draft): string[] {
  return Object.keys(bodyRows(parts)[0] ?? {}).filter((key) => {
    const column = columnDef(parts.table, key);
    return column.notNull && !column.hasDefault;
  });
}

function absentColumns(parts: Draft): Column[] {
  const keys = Object.keys(bodyRows(parts)[0] ?? {});
  return columnsOf(parts.table).filter((column) => !keys.includes(column.name));
}

function defaultedColumns(parts: Draft): Column[] {
  return columnsOf(parts.table).filter((column) => column.hasDefault);
}

/** A JSON value of the column's own type. */
function validJson(rng: Random, table: string, column: Column): unknown {
  const text = validValue(rng, table, column);
  if (isNumber(column)) return Number(text);
  if (column.kind === 'bool') return text === 'true';
  if (column.kind === 'jsonb') return JSON.parse(text) as unknown;
  return text;
}

const RPC_ARGS = ['p_booking_id', 'p_installments'];

export const RPC_MUTATIONS: Mutation[] = [
  {
    name: 'rpc-arg-wrong-type',
    weight: 12,
    applies: isRpc,
    apply(rng, parts) {
      const args = parts.body as Record<string, unknown>;
      const name = rng.pick(RPC_ARGS);
      args[name] =
        name === 'p_booking_id'
          ? rng.pick(WRONG_JSON.uuid)
          : rng.pick([
              'x',
              5,
              { due_date: '2026-01-01' },
              [{ due_date: '2026-13-45', amount_cents: 100 }],
              [{ due_date: '2026-01-01', amount_cents: 'lots' }],
              [{ due_date: '2026-01-01', amount_cents: 99999999999 }],
            ]);
      return `rpc-arg-wrong-type:${name}`;
    },
  },
  {
    name: 'rpc-arg-missing',
    weight: 3,
    applies: isRpc,
    apply(rng, parts) {
      delete (parts.body as Record<string, unknown>)[rng.pick(RPC_ARGS)];
    },
  },
  {
    name: 'rpc-arg-extra',
    weight: 3,
    applies: isRpc,
    apply(rng, parts) {
      (parts.body as Record<string, unknown>)[rng.pick(['p_notes', 'booking_id', 'P_BOOKING_ID'])] = 'x';
    },
  },
  {
    name: 'rpc-get-instead-of-post',
    weight: 5,
    applies: isRpc,
    apply(_rng, parts) {
      // Arguments move to the query string; a volatile function then runs in a read-only transaction.
      const args = parts.body as Record<string, unknown>;
      parts.method = 'GET';
      parts.body = undefined;
      for (const [name, value] of Object.entries(args))
        parts.params.push([name, JSON.stringify(value).replace(/^"|"$/g, '')]);
    },
  },
];
