// Values for filters and bodies: well-typed ones, operators per type, and values of the wrong type.
import type { Random } from '../random.ts';
import { SEED, seedIdsFor } from './access.ts';
import type { Column, Kind } from './schema.ts';

// ---------------------------------------------------------------- well-typed values

export const WORDS = ['ghost', 'Tasmania', 'tour', 'asylum', 'Jamie', 'AUD', 'paranormal', 'night'];

export function validValue(rng: Random, table: string, column: Column): string {
  switch (column.kind) {
    case 'uuid':
      return rng.pick(seedIdsFor(table, column.name));
    case 'int':
      return String(rng.pick([0, 1, 15, 25, 80000, 120000, 240000]));
    case 'smallint':
      return String(rng.int(1, 5));
    case 'bool':
      return rng.pick(['true', 'false']);
    case 'date':
      return rng.pick(['2025-10-01', '2026-02-12', '2026-11-06']);
    case 'timestamptz':
      return rng.pick(['2025-01-01T00:00:00Z', '2026-03-01 09:30:00+10', '2026-06-01']);
    case 'enum':
      return rng.pick(column.enumValues);
    case 'jsonb':
      return rng.pick(['{}', '{"haunted_sites":12}']);
    default:
      return rng.pick(WORDS);
  }
}

/** Operators that make sense for each type, as a caller of supabase-js would use them. */
const OPERATORS: Record<Kind, string[]> = {
  uuid: ['eq', 'neq', 'in', 'isdistinct'],
  text: ['eq', 'neq', 'like', 'ilike', 'match', 'imatch', 'in', 'fts', 'plfts', 'wfts', 'ilike(any)'],
  int: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'eq(any)'],
  smallint: ['eq', 'gte', 'lte', 'in'],
  bool: ['eq', 'is', 'isdistinct'],
  date: ['eq', 'gt', 'gte', 'lt', 'lte'],
  timestamptz: ['gt', 'gte', 'lt', 'lte'],
  enum: ['eq', 'neq', 'in'],
  jsonb: ['cs', 'cd'],
  other: ['is'],
};

/** `op.value` for a column, e.g. `in.(a,b)`, `ilike.*ghost*`, `not.is.null`. */
export function validOperation(rng: Random, table: string, column: Column): string {
  const operator = rng.pick(OPERATORS[column.kind]);
  const value = () => validValue(rng, table, column);
  const negation = rng.chance(0.15) ? 'not.' : '';
  switch (operator) {
    case 'in':
      return `${negation}in.(${rng.many(1, 3, value).join(',')})`;
    case 'eq(any)':
    case 'ilike(any)':
      return `${operator}.{${rng.many(1, 3, () => (operator === 'eq(any)' ? value() : `*${value()}*`)).join(',')}}`;
    case 'like':
    case 'ilike':
      return `${negation}${operator}.*${value()}*`;
    case 'match':
    case 'imatch':
      return `${operator}.^${value()}`;
    case 'plfts':
    case 'wfts':
      return `${operator}.${value()} ${value()}`;
    case 'is':
      if (column.kind === 'bool') return `is.${rng.pick(['true', 'false', 'null'])}`;
      return `${negation}is.null`;
    default:
      return `${negation}${operator}.${value()}`;
  }
}

// ---------------------------------------------------------------- values of the wrong type

/** Query-string values each type refuses (text takes anything, so it has none). */
export const WRONG_VALUES: Record<Kind, string[]> = {
  uuid: ['not-a-uuid', '12345', 'a0000000-0000-4000-8000-00000000000g', 'true', '2026-01-01'],
  int: ['abc', '1.5', 'true', '2026-01-01', 'ten'],
  smallint: ['abc', '2.5', 'false'],
  bool: ['maybe', 'yes please', '2', 'truthy'],
  date: ['2026-13-45', 'not a date', '2026-02-30', 'a0000000-0000-4000-8000-000000000001'],
  timestamptz: ['not a time', '2026-01-01T25:61:00Z', '2026-13-01', '12 cents'],
  enum: ['nope', 'VIP', 'Published', 'heart!'],
  jsonb: ['{"a":', 'not json', "{'a': 1}"],
  text: [],
  other: [],
};

export const OUT_OF_RANGE: Record<'int' | 'smallint', string[]> = {
  int: ['2147483648', '-2147483649', '99999999999999999999', '9223372036854775808', '1e309'],
  smallint: ['32768', '-32769', '99999'],
};

/** JSON body values each type refuses (or, for text, values of another JSON type that it stores as text). */
export const WRONG_JSON: Record<Kind, unknown[]> = {
  uuid: ['not-a-uuid', 12345, true, [SEED.users[1]], { id: 1 }],
  int: ['abc', 1.5, true, [1, 2], '', '12 cents', 2147483648],
  smallint: ['abc', 2.5, 40000, false],
  bool: ['maybe', 2, 'yes please', [true]],
  date: ['2026-13-45', 20260101, 'soon', ''],
  timestamptz: ['not a time', 1767225600000, '2026-02-30T10:00:00Z'],
  enum: ['nope', 1, '', 'HEART'],
  jsonb: [[], 'a string', 1],
  text: [{ nested: true }, [1, 2], 42, false],
  other: [{}],
};
