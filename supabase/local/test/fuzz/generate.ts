import { FTS_OPERATORS, SIMPLE_OPERATORS } from '../../src/rest/filter-parser.ts';
import { restNear } from './near-valid/index.ts';
import type { Random } from './random.ts';

/** The route families the fuzzer aims at; each has its own error shape. */
export type Family =
  'rest-read' | 'rest-write' | 'rest-rpc' | 'rest-near' | 'auth' | 'storage' | 'mail' | 'gateway';

/** One generated request. `target` is the raw request target (printable ASCII), sent as is. */
export interface FuzzRequest {
  family: Family;
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** what was done to an otherwise valid request (rest-near), named in failure reports */
  label?: string;
}

/** What the generators may use: keys and tokens, and ids that exist in the seed. */
export interface FuzzWorld {
  anonKey: string;
  memberToken: string;
  memberId: string;
  /** Validly signed tokens with claims no real caller has (odd roles, subs, sessions), and an expired one. */
  forgedTokens: string[];
}

// ---------------------------------------------------------------- the schema the requests aim at

/** Columns of the tables (and views) in public, with the relations an embed may name from each. */
const TABLES: Record<string, { columns: string[]; relations: string[] }> = {
  events: {
    columns: [
      'id',
      'slug',
      'title',
      'description',
      'location',
      'event_type',
      'status',
      'start_date',
      'end_date',
      'price_cents',
      'currency',
      'max_registrations',
      'custom_fields',
      'created_at',
      'updated_at',
    ],
    relations: ['comments', 'bookings', 'reactions', 'event_follows', 'favorites'],
  },
  profiles: {
    columns: ['id', 'full_name', 'is_admin', 'membership_tier', 'phone', 'created_at', 'updated_at'],
    relations: ['bookings', 'comments', 'reactions'],
  },
  bookings: {
    columns: [
      'id',
      'event_id',
      'user_id',
      'invoice_number',
      'travellers',
      'total_cents',
      'deposit_cents',
      'currency',
      'status',
      'notes',
      'created_at',
      'updated_at',
    ],
    relations: ['events', 'profiles', 'booking_installments'],
  },
  booking_installments: {
    columns: ['id', 'booking_id', 'due_date', 'amount_cents', 'paid_at', 'created_at', 'updated_at'],
    relations: ['bookings'],
  },
  comments: {
    columns: [
      'id',
      'event_id',
      'user_id',
      'content',
      'is_deleted',
      'is_pinned',
      'attachment_url',
      'created_at',
    ],
    relations: ['events', 'public_profiles', 'profiles', 'comment_replies', 'comment_reactions'],
  },
  reactions: {
    columns: ['id', 'user_id', 'event_id', 'reaction_type', 'created_at'],
    relations: ['events', 'profiles'],
  },
  public_profiles: { columns: ['id', 'full_name'], relations: ['comments'] },
  booking_balances: {
    columns: ['booking_id', 'total_cents', 'paid_cents', 'remaining_cents'],
    relations: ['bookings'],
  },
  contact_messages: {
    columns: ['id', 'full_name', 'email', 'phone', 'message', 'handled_at', 'created_at'],
    relations: [],
  },
};
const TABLE_NAMES = Object.keys(TABLES);

const SEED_IDS = [
  'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000003',
];

// Characters that matter to PostgREST's grammars, and some that matter to nobody.
const NASTY = [
  '(',
  ')',
  ',',
  ':',
  '::',
  '!',
  '.',
  '...',
  '"',
  "'",
  '\\',
  '->',
  '->>',
  '*',
  '{',
  '}',
  '[',
  ']',
  ';',
  ' ',
  '&',
  '=',
  '#',
  '%',
  '+',
  '?',
  '/',
  '$',
  '-',
  '\u0000',
  '\n',
  '\u00e9',
  '\u{1F47B}',
  '\u202e',
  '\ufeff',
  '\ud800',
];

const NASTY_VALUES = [
  '',
  ' ',
  'null',
  'NULL',
  '1',
  '-1',
  '0',
  '1.5',
  '1e309',
  '-1e309',
  '99999999999999999999999999999',
  '-9223372036854775809',
  '2147483648',
  'NaN',
  'Infinity',
  'true',
  'maybe',
  ...SEED_IDS,
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000',
  '{a0000000-0000-4000-8000-000000000002}',
  '2026-13-45',
  '2026-02-30',
  '0000-00-00',
  'infinity',
  '-infinity',
  'epoch',
  'allballs',
  '10000-01-01T25:61:61Z',
  'vip',
  'gold',
  'draft',
  'published',
  'heart',
  '{1,2',
  '{}',
  '{"a":1}',
  '[1,2)',
  '(,)',
  'empty',
  "'; drop table events; --",
  "x' or '1'='1",
  '\u0000',
  'a\u0000b',
  '(a+)+$',
  '[',
  '*',
  '%',
  '\\',
  '"',
  '""',
  '\u{1F47B}',
  '\u00e9\u00e8',
  '\ud800',
  'a'.repeat(300),
];

const CASTS = [
  'text',
  'int',
  'integer',
  'uuid',
  'jsonb',
  'json',
  'date',
  'double precision',
  'nope',
  'int4range',
  'regclass',
  'text limit 1',
  'bit varying',
  '',
];

const JSON_KEYS = ['a', 'b', '0', '-1', '99999999999999999999', 'x y', '"q"', '\u00e9', '', "'"];

// ---------------------------------------------------------------- encoding

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD, as a browser sends them). */
function percentEncode(text: string): string {
  let result = '';
  for (const byte of Buffer.from(text, 'utf8'))
    result += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return result;
}

const KEEP_RAW = /^[A-Za-z0-9_.~\-()*,:!"'$;@/{}[\]|^`<>\\]$/;
const BROKEN_ESCAPES = ['%', '%z', '%zz', '%C3', '%E0%A4', '%ED%A0%80', '%FF', '%C0%AF', '%25%', '%00'];

/** A query-string or path piece: mostly readable, sometimes fully encoded, now and then broken on purpose. */
function encode(rng: Random, text: string, { broken = 0.03 } = {}): string {
  const fully = rng.chance(0.15);
  let result = '';
  for (const char of text) {
    result += !fully && KEEP_RAW.test(char) ? char : percentEncode(char);
    if (rng.chance(broken / Math.max(1, text.length / 8))) result += rng.pick(BROKEN_ESCAPES);
  }
  return result;
}

function query(rng: Random, pairs: [string, string][]): string {
  const parts = pairs.map(([key, value]) => `${encode(rng, key)}=${encode(rng, value)}`);
  if (rng.chance(0.05))
    parts.splice(rng.int(0, parts.length), 0, rng.pick(['', '=', '&', '==', 'x', '%', '=x']));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Keeps every target under Node's header limit: the point is the handlers, not the HTTP parser. */
function capped(target: string): string {
  return target.length > 12_000 ? target.slice(0, 12_000) : target;
}

// ---------------------------------------------------------------- callers

/** apikey / Authorization as supabase-js sends them, and every way they can be wrong. */
function identity(rng: Random, world: FuzzWorld): Record<string, string> {
  const garbage = [
    'x',
    'Bearer',
    'Bearer ',
    'Bearer  ',
    'Basic dXNlcjpwYXNz',
    'bearer a.b.c',
    'Bearer a.b',
    'Bearer ....',
    'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.',
    `Bearer ${world.memberToken.slice(0, -3)}abc`,
    `Bearer ${world.memberToken}x`,
    `Bearer ${world.anonKey.split('.').reverse().join('.')}`,
    `Bearer ${'a'.repeat(4000)}`,
    `Bearer ${world.memberToken} ${world.anonKey}`,
    'Bearer \u00e9\u00e8',
  ];
  switch (rng.int(0, 9)) {
    case 0:
      return {};
    case 1:
    case 2:
      return { apikey: world.anonKey };
    case 3:
    case 4:
    case 5:
      return { apikey: world.anonKey, authorization: `Bearer ${world.memberToken}` };
    case 6:
      return { apikey: world.anonKey, authorization: rng.pick(garbage) };
    case 7:
      return { apikey: rng.pick(garbage).replace(/^Bearer\s*/i, '') };
    case 8:
      return { apikey: world.anonKey, authorization: `Bearer ${rng.pick(world.forgedTokens)}` };
    default:
      return { authorization: `Bearer ${world.anonKey}` };
  }
}

// ---------------------------------------------------------------- REST: select, filters, order

function columnOf(rng: Random, table: string): string {
  const columns = TABLES[table]?.columns ?? ['id'];
  if (rng.chance(0.85)) return rng.pick(columns);
  return rng.pick([
    'nope',
    'ID',
    'id ',
    '"id"',
    'count',
    'ctid',
    'xmin',
    'oid',
    '\u00e9',
    'a'.repeat(rng.int(64, 700)),
  ]);
}

function relationOf(rng: Random, table: string): string {
  const relations = TABLES[table]?.relations ?? [];
  if (relations.length > 0 && rng.chance(0.8)) return rng.pick(relations);
  return rng.pick([...TABLE_NAMES, 'nope', 'users', 'auth.users', 'pg_user', 'event_id', 'user_id']);
}

function jsonPath(rng: Random): string {
  return rng.many(1, 4, () => `${rng.pick(['->', '->>'])}${rng.pick(JSON_KEYS)}`).join('');
}

function selectItem(rng: Random, table: string, depth: number): string {
  switch (rng.int(0, depth > 2 ? 4 : 9)) {
    case 0:
      return '*';
    case 1:
      return columnOf(rng, table);
    case 2:
      return `${rng.pick(['a', 'x y', '"q"', '\u00e9', 'id', ''])}:${columnOf(rng, table)}`;
    case 3:
      return `${columnOf(rng, table)}::${rng.pick(CASTS)}`;
    case 4:
      return `${columnOf(rng, table)}${jsonPath(rng)}${rng.chance(0.3) ? `::${rng.pick(CASTS)}` : ''}`;
    case 5:
    case 6: {
      const relation = relationOf(rng, table);
      const hint = rng.chance(0.4)
        ? `!${rng.pick(['inner', 'left', 'fk', 'user_id', 'event_id', 'nope', ''])}`
        : '';
      const items = rng.many(0, 3, () => selectItem(rng, relation, depth + 1)).join(',');
      return `${rng.chance(0.2) ? 'alias:' : ''}${relation}${hint}(${items})`;
    }
    case 7: {
      const relation = relationOf(rng, table);
      return `...${relation}(${rng.many(0, 2, () => selectItem(rng, relation, depth + 1)).join(',')})`;
    }
    case 8:
      return rng.pick(['count()', 'count()::text', 'n:count()', 'count', 'count(*)', 'count()::nope']);
    default:
      return rng.pick([
        `"${rng.string(rng.int(1, 20), NASTY)}"`,
        '"unterminated',
        'a'.repeat(rng.int(100, 3000)),
        rng.string(rng.int(1, 12), NASTY),
        '\u{1F47B}',
        '((((((',
        '))',
        ',,,',
        ':::',
        '!!!',
      ]);
  }
}

function selectParam(rng: Random, table: string): string {
  const select = rng.many(1, 5, () => selectItem(rng, table, 0)).join(',');
  return rng.chance(0.4) ? rng.mutate(select, NASTY) : select;
}

// The parser's own operators, then malformed and modified ones.
const OPERATORS = [
  ...SIMPLE_OPERATORS,
  ...FTS_OPERATORS,
  'in',
  'is',
  'fts(english)',
  'wfts(nope)',
  'fts()',
  'fts(a b)',
  'eq(any)',
  'like(all)',
  'ilike(any)',
  'cs(any)',
  'in(any)',
  'is(all)',
  'eqq',
  'EQ',
  '',
  'not',
  'not.not',
  'between',
  'eq(any',
];

function valueList(rng: Random, open: string, close: string): string {
  const items = rng.many(0, 5, () => {
    const value = rng.pick(NASTY_VALUES);
    return rng.chance(0.3) ? `"${value}"` : value;
  });
  let list = `${open}${items.join(',')}${close}`;
  if (rng.chance(0.3)) list = rng.mutate(list, ['(', ')', '"', ',', '{', '}', '\\']);
  return list;
}

function operation(rng: Random): string {
  const negated = rng.chance(0.2) ? 'not.' : '';
  const operator = rng.pick(OPERATORS);
  let value: string;
  if (operator.startsWith('in')) value = valueList(rng, '(', ')');
  else if (operator.startsWith('is'))
    value = rng.pick(['null', 'not_null', 'true', 'false', 'unknown', 'NULL', 'nul', '', 'maybe']);
  else if (operator.includes('(')) value = valueList(rng, '{', '}');
  else value = rng.pick(NASTY_VALUES);
  const text = `${negated}${operator}${rng.chance(0.95) ? '.' : ''}${value}`;
  return rng.chance(0.25) ? rng.mutate(text, NASTY) : text;
}

function filterKey(rng: Random, table: string): string {
  switch (rng.int(0, 6)) {
    case 0:
      return `${relationOf(rng, table)}.${columnOf(rng, table)}`;
    case 1:
      return `${columnOf(rng, table)}${jsonPath(rng)}`;
    case 2:
      return rng.pick(['not', 'and', 'or', 'select', 'limit', '', '.', 'a.b.c.d', '"id"', 'id::text']);
    default:
      return columnOf(rng, table);
  }
}

function logicTree(rng: Random, table: string, depth: number): string {
  const children = rng.many(1, 4, () => {
    if (depth < 4 && rng.chance(0.3)) {
      return `${rng.chance(0.2) ? 'not.' : ''}${rng.pick(['or', 'and'])}${logicTree(rng, table, depth + 1)}`;
    }
    return `${filterKey(rng, table)}.${operation(rng)}`;
  });
  return `(${children.join(',')})`;
}

function logicParam(rng: Random, table: string): [string, string] {
  const key = rng.pick(['or', 'and', 'not.or', 'not.and', `${relationOf(rng, table)}.or`, 'or.not', 'OR']);
  if (rng.chance(0.04)) {
    // Deeply nested: the parser and Postgres's own parser both recurse on it.
    const depth = rng.int(50, 1500);
    return [key, `(${'or('.repeat(depth)}id.eq.1${')'.repeat(depth)})`];
  }
  const tree = logicTree(rng, table, 0);
  return [key, rng.chance(0.35) ? rng.mutate(tree, NASTY) : tree];
}

function orderParam(rng: Random, table: string): string {
  const terms = rng.many(1, 3, () => {
    const base = rng.chance(0.15)
      ? `${relationOf(rng, table)}(${columnOf(rng, table)})`
      : `${columnOf(rng, table)}${rng.chance(0.15) ? jsonPath(rng) : ''}`;
    const direction = rng.pick(['', '', '.asc', '.desc', '.up', '..', '.ASC', '.desc.desc']);
    const nulls = rng.pick(['', '', '.nullsfirst', '.nullslast', '.nulls', '.nullsfirst.nullslast']);
    return `${base}${direction}${nulls}`;
  });
  const order = terms.join(',');
  return rng.chance(0.3) ? rng.mutate(order, NASTY) : order;
}

const NUMBERS = [
  '0',
  '1',
  '10',
  '-1',
  '-0',
  '1.5',
  '1e3',
  'abc',
  '',
  ' 5',
  '0x10',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '9223372036854775807',
  '9223372036854775808',
  '-99999999999999999999',
  '00000000000000000000001',
  '\u0661',
];

const RANGES = [
  '0-9',
  '0-',
  '5-1',
  '-5',
  'items=0-4',
  'items=0-99999999999999999999',
  '99999999999999999999-',
  '0-0,1-2',
  'bytes=0-1',
  'a-b',
  '',
  '\t0-1 ',
  '18446744073709551616-18446744073709551617',
];

function preferHeader(rng: Random): string {
  const options = [
    'return=representation',
    'return=minimal',
    'return=headers-only',
    'return=',
    'count=exact',
    'count=planned',
    'count=estimated',
    'count=all',
    'resolution=merge-duplicates',
    'resolution=ignore-duplicates',
    'missing=default',
    'tx=rollback',
    'tx=commit',
    'handling=strict',
    'max-affected=0',
    'params=single-object',
    '=',
    '',
    ';',
    'return=representation;count=exact',
    rng.string(
      rng.int(1, 30),
      NASTY.filter((piece) => /^[\x20-\x7e]+$/.test(piece)),
    ),
  ];
  return rng.many(1, 4, () => rng.pick(options)).join(rng.pick([',', ', ', ';', ' ']));
}

const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object',
  'application/vnd.pgrst.array+json;nulls=stripped',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/json;nulls=stripped',
  'text/csv',
  'application/openapi+json',
  'application/geo+json',
  'text/xml',
  '*/*',
  '*/*;q=0',
  'application/*',
  ';;;',
  ',',
  '',
  'application/vnd.pgrst.plan+json',
  'APPLICATION/JSON',
  'application/json, text/html',
];

const PROFILES = [
  'public',
  'private',
  'auth',
  'storage',
  '',
  'PUBLIC',
  'public,private',
  'pg_catalog',
  '"public"',
];

/** The request headers REST callers can vary: Prefer, Accept, profiles, Range. */
function restHeaders(rng: Random, world: FuzzWorld): Record<string, string> {
  const headers = identity(rng, world);
  if (rng.chance(0.3)) headers.prefer = preferHeader(rng);
  if (rng.chance(0.3)) headers.accept = rng.pick(ACCEPTS);
  if (rng.chance(0.15)) headers['accept-profile'] = rng.pick(PROFILES);
  if (rng.chance(0.15)) headers['content-profile'] = rng.pick(PROFILES);
  return headers;
}

function tableSegment(rng: Random, tables: readonly string[]): string {
  if (rng.chance(0.9)) return rng.pick(tables);
  return rng.pick([
    'nope',
    'EVENTS',
    'events;drop',
    'pg_user',
    'auth.users',
    'public.events',
    '%00',
    '%E0',
    '%ED%A0%80',
    '%',
    'events%2Fx',
    '\u00e9v\u00e9nts',
    'a'.repeat(500),
    '',
    'rpc',
    'events/extra',
    '..',
  ]);
}

function tablePath(rng: Random, tables: readonly string[]): { table: string; path: string } {
  const table = tableSegment(rng, tables);
  const encoded = /%|\//.test(table) ? table : encode(rng, table, { broken: 0 });
  return { table, path: `/rest/v1/${encoded}` };
}

function embeddedParams(rng: Random, table: string): [string, string][] {
  const relation = relationOf(rng, table);
  const name = rng.pick(['limit', 'offset', 'order', 'or', 'nope']);
  const value =
    name === 'order'
      ? orderParam(rng, relation)
      : name === 'or'
        ? logicTree(rng, relation, 2)
        : rng.pick(NUMBERS);
  return [[`${relation}.${name}`, value]];
}

export function restRead(rng: Random, world: FuzzWorld): FuzzRequest {
  const { table, path } = tablePath(rng, TABLE_NAMES);
  const pairs: [string, string][] = [];
  if (rng.chance(0.75)) pairs.push(['select', selectParam(rng, table)]);
  for (let i = rng.int(0, 3); i > 0; i -= 1) pairs.push([filterKey(rng, table), operation(rng)]);
  if (rng.chance(0.3)) pairs.push(logicParam(rng, table));
  if (rng.chance(0.3)) pairs.push(['order', orderParam(rng, table)]);
  if (rng.chance(0.3)) pairs.push(['limit', rng.pick(NUMBERS)]);
  if (rng.chance(0.2)) pairs.push(['offset', rng.pick(NUMBERS)]);
  if (rng.chance(0.15)) pairs.push(...embeddedParams(rng, table));
  if (rng.chance(0.05)) pairs.push(['select', selectParam(rng, table)]);
  const headers = restHeaders(rng, world);
  if (rng.chance(0.2)) headers.range = rng.pick(RANGES);
  if (rng.chance(0.1)) headers['range-unit'] = rng.pick(['items', 'bytes', '']);
  return {
    family: 'rest-read',
    method: rng.chance(0.85) ? 'GET' : 'HEAD',
    target: capped(path + query(rng, pairs)),
    headers,
  };
}

// ---------------------------------------------------------------- REST: bodies

const INVALID_JSON = [
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  '[1,',
  '[{"id": 1},]',
  'nul',
  'undefined',
  'NaN',
  "{'a': 1}",
  '{"a": 01}',
  '\ufeff{}',
  '{"a": "\\x00"}',
  '{"a": "unterminated}',
  ' ',
  '\u0000',
  '{"a": 1}{"b": 2}',
  '"\\ud800',
  '['.repeat(2000),
  '{"a":'.repeat(300),
];

const WRONG_TYPE_JSON = [
  '123',
  '"str"',
  'null',
  'true',
  '[]',
  '[1,2]',
  '[[]]',
  '[null]',
  '[{}, {"a":1}]',
  '{}',
  '[{}]',
];

/** Raw JSON values, including ones JSON.stringify cannot produce (huge numbers, lone surrogates). */
const JSON_VALUES = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-1',
  '0',
  '0.5',
  '2147483648',
  'true',
  'false',
  'null',
  '""',
  '"not-a-uuid"',
  `"${SEED_IDS[1]}"`,
  '"2026-13-45"',
  '"2026-01-01"',
  '"gold"',
  '"vip"',
  '"draft"',
  '"heart"',
  '"{1,2"',
  '"(1,2"',
  '"infinity"',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\ud83d\\udc7b"',
  '{"nested":{"deep":[1,2,{"x":null}]}}',
  '[1,"a",null]',
  '[]',
  '{}',
  '"<script>alert(1)</script>"',
  `"${'x'.repeat(5000)}"`,
];

/** A member/anon write that can never be valid: an unknown column, or a value no column type accepts. */
const POISON: [string, string][] = [
  ['nope', '1'],
  ['id', '"not-a-uuid"'],
  ['created_at', '"not a date"'],
  ['updated_at', '{"x":1}'],
  ['"; drop table events; --', 'null'],
  ['', '1'],
];

function row(rng: Random, table: string): string {
  const entries: [string, string][] = rng.many(0, 4, () => [columnOf(rng, table), rng.pick(JSON_VALUES)]);
  entries.splice(rng.int(0, entries.length), 0, rng.pick(POISON));
  if (rng.chance(0.1)) entries.push([rng.pick(JSON_KEYS), rng.pick(JSON_VALUES)]);
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

function writeBody(rng: Random, table: string): string {
  const kind = rng.next();
  if (kind < 0.2) return rng.pick(INVALID_JSON);
  if (kind < 0.3) return rng.pick(WRONG_TYPE_JSON);
  if (kind < 0.4) return rng.mutate(row(rng, table), ['{', '}', '"', ',', ':', '[', ']', '\\']);
  if (rng.chance(0.6)) return row(rng, table);
  return `[${rng.many(1, 4, () => row(rng, table)).join(',')}]`;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  '',
  ';;',
];

const WRITE_TABLES = [
  'events',
  'profiles',
  'bookings',
  'booking_installments',
  'comments',
  'reactions',
  'public_profiles',
  'booking_balances',
  'contact_messages',
];

export function restWrite(rng: Random, world: FuzzWorld): FuzzRequest {
  const { table, path } = tablePath(rng, WRITE_TABLES);
  const method = rng.pick(['POST', 'POST', 'PATCH', 'PATCH', 'DELETE', 'PUT']);
  const pairs: [string, string][] = [];
  if (method !== 'POST' || rng.chance(0.2)) {
    for (let i = rng.int(method === 'POST' ? 0 : 1, 3); i > 0; i -= 1) {
      pairs.push([filterKey(rng, table), operation(rng)]);
    }
  }
  if (rng.chance(0.15)) pairs.push(logicParam(rng, table));
  if (rng.chance(0.3)) pairs.push(['select', selectParam(rng, table)]);
  // A `columns` list always names a column the table lacks (or breaks the grammar), so the poison stays in.
  if (rng.chance(0.2)) pairs.push(['columns', `${columnOf(rng, table)},nope${rng.chance(0.3) ? ',(' : ''}`]);
  if (rng.chance(0.2)) pairs.push(['on_conflict', rng.mutate(columnOf(rng, table), NASTY)]);
  const headers = restHeaders(rng, world);
  if (rng.chance(0.85)) headers['content-type'] = rng.pick(CONTENT_TYPES);
  return {
    family: 'rest-write',
    method,
    target: capped(path + query(rng, pairs)),
    headers,
    ...(method === 'DELETE' && rng.chance(0.7) ? {} : { body: writeBody(rng, table) }),
  };
}

// ---------------------------------------------------------------- REST: RPC

const FUNCTIONS = [
  'set_booking_schedule',
  'set_booking_schedule',
  'nope',
  'is_admin',
  'pg_sleep',
  'handle_new_user',
  'set_booking_schedule;drop',
  'SET_BOOKING_SCHEDULE',
  '%00',
  '%E0',
  'a'.repeat(300),
  '\u00e9',
  '',
];

function rpcBody(rng: Random): string {
  const kind = rng.next();
  if (kind < 0.2) return rng.pick(INVALID_JSON);
  if (kind < 0.3) return rng.pick(WRONG_TYPE_JSON);
  const names = [
    'p_booking_id',
    'p_installments',
    'p_booking_id',
    'x',
    '',
    'P_BOOKING_ID',
    '"; --',
    'p_installments ',
  ];
  const values = [
    ...JSON_VALUES,
    '[{"due_date":"2026-13-45","amount_cents":"x"}]',
    '[{"due_date":"2026-01-01","amount_cents":100}]',
    '"[]"',
    '{"due_date":1}',
  ];
  const entries = rng.many(0, 3, () => `${JSON.stringify(rng.pick(names))}:${rng.pick(values)}`);
  return `{${entries.join(',')}}`;
}

export function restRpc(rng: Random, world: FuzzWorld): FuzzRequest {
  const name = rng.pick(FUNCTIONS);
  const encoded = /%/.test(name) ? name : encode(rng, name, { broken: 0 });
  const method = rng.pick(['POST', 'POST', 'POST', 'GET', 'HEAD', 'PATCH', 'DELETE']);
  const pairs: [string, string][] = [];
  if (method === 'GET' || method === 'HEAD' || rng.chance(0.2)) {
    for (let i = rng.int(0, 3); i > 0; i -= 1) {
      pairs.push([
        rng.pick(['p_booking_id', 'p_installments', 'x', 'select', 'limit', 'id']),
        rng.pick(NASTY_VALUES),
      ]);
    }
  }
  if (rng.chance(0.2)) pairs.push(['select', selectParam(rng, 'booking_installments')]);
  if (rng.chance(0.1)) pairs.push([filterKey(rng, 'booking_installments'), operation(rng)]);
  const headers = restHeaders(rng, world);
  if (rng.chance(0.85)) headers['content-type'] = rng.pick(CONTENT_TYPES);
  const suffix = rng.chance(0.05) ? rng.pick(['/extra', '/', '//']) : '';
  return {
    family: 'rest-rpc',
    method,
    target: capped(`/rest/v1/rpc/${encoded}${suffix}${query(rng, pairs)}`),
    headers,
    ...(method === 'POST' || rng.chance(0.1) ? { body: rpcBody(rng) } : {}),
  };
}

// ---------------------------------------------------------------- Auth

const EMAILS = [
  '',
  ' ',
  'not-an-email',
  '@example.com',
  'a@',
  'a@@example.com',
  'a b@example.com',
  'a@example..com',
  'a@-example.com',
  '\u00e9@example.com',
  'a\u0000@example.com',
  `${'a'.repeat(300)}@example.com`,
  'member@example.com\n',
  "member'@example.com; --",
  'MEMBER@EXAMPLE.COM',
];

/** JSON values of the wrong type for a string field. */
const NOT_STRINGS = ['123', '{}', '[]', 'true', '["member@example.com"]', '{"email":"x"}', '1e400'];

/** A password that no sign-up or update accepts: missing, too short, too long, or not a string. */
function badPassword(rng: Random): string {
  return rng.pick([
    '""',
    '"12345"',
    '"\u0000"',
    `"${'p'.repeat(73)}"`,
    `"${'\u00e9'.repeat(40)}"`,
    ...NOT_STRINGS,
  ]);
}

function authObject(entries: [string, string | undefined][]): string {
  const present = entries.filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `{${present.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

const maybe = (rng: Random, value: string, probability = 0.7): string | undefined =>
  rng.chance(probability) ? value : undefined;

function anyString(rng: Random): string {
  return rng.chance(0.7) ? JSON.stringify(rng.pick([...EMAILS, ...NASTY_VALUES])) : rng.pick(NOT_STRINGS);
}

const DATA_VALUES = [
  '"x"',
  '[]',
  '123',
  '{"full_name":"\\u0000"}',
  '{"k":"a\\u0000b"}',
  '{"full_name":1e400}',
  'null',
];

/** Every body is broken somewhere, so no request can sign anybody up or change a password. */
function authBody(rng: Random, route: string): string {
  if (rng.chance(0.15))
    return rng.pick([...INVALID_JSON, ...WRONG_TYPE_JSON, `{"email":"${'a'.repeat(70_000)}"}`]);
  switch (route) {
    case 'signup': {
      // Either the password or the address (or the metadata) is wrong.
      const brokenPassword = rng.chance(0.5);
      return authObject([
        ['email', brokenPassword ? maybe(rng, '"fuzz@example.com"') : maybe(rng, anyString(rng))],
        [
          'password',
          brokenPassword
            ? maybe(rng, badPassword(rng))
            : maybe(rng, rng.pick(['"password123"', ...NOT_STRINGS])),
        ],
        ['data', maybe(rng, rng.pick(DATA_VALUES), 0.3)],
        ['phone', maybe(rng, rng.pick(['"+61400000000"', '123', '""']), 0.1)],
      ]);
    }
    case 'token':
      return authObject([
        ['email', maybe(rng, rng.chance(0.1) ? '"member@example.com"' : anyString(rng))],
        // The real password never appears, so no fuzzed sign-in succeeds (bcrypt also keeps these few).
        ['password', maybe(rng, rng.chance(0.5) ? badPassword(rng) : '"wrong-password"')],
        ['refresh_token', maybe(rng, anyString(rng))],
        ['phone', maybe(rng, anyString(rng), 0.1)],
      ]);
    case 'verify':
      return authObject([
        [
          'type',
          maybe(
            rng,
            rng.pick(['"signup"', '"recovery"', '"email_change"', '"magiclink"', '"sms"', '"nope"', '1']),
          ),
        ],
        ['token_hash', maybe(rng, anyString(rng))],
        ['token', maybe(rng, rng.pick(['"123456"', '""', '1', '"\\u0000"']))],
        ['email', maybe(rng, anyString(rng))],
      ]);
    case 'user':
      return authObject([
        ['email', maybe(rng, anyString(rng), 0.4)],
        ['password', maybe(rng, badPassword(rng), 0.5)],
        ['data', maybe(rng, rng.pick(DATA_VALUES), 0.5)],
        ['nonce', maybe(rng, anyString(rng), 0.1)],
      ]);
    default:
      return authObject([
        ['email', maybe(rng, anyString(rng))],
        ['type', maybe(rng, rng.pick(['"signup"', '"email_change"', '"sms"', '"nope"', '[]']), 0.5)],
        ['password', maybe(rng, badPassword(rng), 0.3)],
        ['email_confirm', maybe(rng, rng.pick(['true', '"yes"']), 0.2)],
      ]);
  }
}

const GRANT_TYPES = [
  'password',
  'password',
  'refresh_token',
  'refresh_token',
  'pkce',
  'id_token',
  'authorization_code',
  'client_credentials',
  'web3',
  '',
  'PASSWORD',
  'password&grant_type=refresh_token',
  '\u0000',
];

const AUTH_ROUTES = [
  ['POST', '/signup', 'signup'],
  ['POST', '/token', 'token'],
  ['POST', '/token', 'token'],
  ['GET', '/verify', 'verify'],
  ['POST', '/verify', 'verify'],
  ['POST', '/logout', 'logout'],
  ['GET', '/user', 'user'],
  ['PUT', '/user', 'user'],
  ['POST', '/recover', 'other'],
  ['POST', '/resend', 'other'],
  ['GET', '/settings', 'other'],
  ['GET', '/health', 'other'],
  ['POST', '/admin/users', 'other'],
  ['GET', '/admin/users', 'other'],
  ['PUT', `/admin/users/${SEED_IDS[1]}`, 'user'],
  ['DELETE', `/admin/users/${SEED_IDS[1]}`, 'other'],
  ['GET', '/admin/users/not-a-uuid', 'other'],
  ['DELETE', '/user', 'other'],
  ['PATCH', '/signup', 'signup'],
  ['GET', '/nope', 'other'],
  ['POST', '/otp', 'other'],
  ['GET', '/authorize', 'other'],
  ['POST', '/factors', 'other'],
  ['GET', '/user/', 'user'],
  ['GET', '//user', 'user'],
  ['GET', '/%75ser', 'user'],
  ['GET', '/user%00', 'user'],
] as const;

export function auth(rng: Random, world: FuzzWorld): FuzzRequest {
  const [method, path, kind] = rng.pick(AUTH_ROUTES);
  const pairs: [string, string][] = [];
  if (path === '/token' || rng.chance(0.05)) {
    if (rng.chance(0.95)) pairs.push(['grant_type', rng.pick(GRANT_TYPES)]);
  }
  if (path === '/verify' && method === 'GET') {
    if (rng.chance(0.8)) pairs.push(['token', rng.pick([...NASTY_VALUES, 'a'.repeat(56)])]);
    if (rng.chance(0.8))
      pairs.push([
        'type',
        rng.pick(['signup', 'recovery', 'email_change', 'invite', 'nope', '', '__proto__']),
      ]);
  }
  if (path === '/logout') pairs.push(['scope', rng.pick(['nope', '', 'GLOBAL', 'local ', '\u0000'])]);
  if (rng.chance(0.2)) {
    pairs.push([
      'redirect_to',
      rng.pick([
        'javascript:alert(1)',
        'http://evil.example',
        '//evil.example',
        'http://localhost:4321/\r\nx',
        '%',
        '',
        'http://[::1',
        'a'.repeat(3000),
        'http://localhost:4321/ok#frag',
      ]),
    ]);
  }
  const headers = identity(rng, world);
  if (path === '/logout' && headers.authorization === `Bearer ${world.memberToken}` && rng.chance(0.5)) {
    // Only an unsupported scope is ever sent with the real session: the fuzzer must not sign the member out.
    pairs.push(['scope', 'nope']);
  }
  if (rng.chance(0.7))
    headers['x-supabase-api-version'] = rng.pick([
      '2024-01-01',
      '2024-01-01',
      '2099-12-31',
      'x',
      '2023-01-01',
      '2024-13-45',
    ]);
  if (rng.chance(0.85)) headers['content-type'] = rng.pick(CONTENT_TYPES);
  if (rng.chance(0.1)) headers.referer = rng.pick(['http://evil.example', '%', 'not a url']);
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || rng.chance(0.05);
  return {
    family: 'auth',
    method,
    target: capped(`/auth/v1${path}${query(rng, pairs)}`),
    headers,
    ...(hasBody ? { body: authBody(rng, kind) } : {}),
  };
}

// ---------------------------------------------------------------- Storage

const SEGMENTS = [
  'a',
  'x.png',
  'photo.jpg',
  '..',
  '.',
  '%2e%2e',
  '%2E%2e',
  '%2e',
  '.%2e',
  '...',
  '',
  '%00',
  '%0A',
  '%0d%0a',
  '%7F',
  '%20',
  '%',
  '%zz',
  '%E0%A4',
  '%C3%A9',
  '%F0%9F%91%BB',
  '%2F',
  '%5C..%5C',
  '..%2F..%2Fetc',
  'a'.repeat(300),
  'b'.repeat(1100),
  '*',
  "'",
  '(x)',
  '~',
  '%23',
  '%3F',
  'con',
  'x.svg',
];

function objectPath(rng: Random, world: FuzzWorld): string {
  const bucket = rng.chance(0.7)
    ? 'event-images'
    : rng.pick([
        'nope',
        '',
        '..',
        '%2e%2e',
        'EVENT-IMAGES',
        '%00',
        '%E0',
        'a'.repeat(150),
        'event-images%2F..',
      ]);
  const folder = rng.chance(0.4) ? [world.memberId] : [];
  const segments = [...folder, ...rng.many(0, 4, () => rng.pick(SEGMENTS))];
  return [bucket, ...segments].join('/');
}

const STORAGE_ROUTES = [
  ['POST', '/object/'],
  ['POST', '/object/'],
  ['PUT', '/object/'],
  ['GET', '/object/'],
  ['HEAD', '/object/'],
  ['GET', '/object/public/'],
  ['GET', '/object/authenticated/'],
  ['GET', '/object/info/'],
  ['GET', '/object/info/public/'],
  ['POST', '/object/list/'],
  ['POST', '/object/list/'],
  ['DELETE', '/object/'],
  ['DELETE', '/object/'],
  ['GET', '/bucket/'],
  ['GET', '/bucket'],
  ['POST', '/bucket'],
  ['POST', '/object/sign/'],
  ['POST', '/object/move'],
  ['PATCH', '/object/'],
  ['GET', '/'],
  ['GET', ''],
] as const;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function multipart(rng: Random): { contentType: string; body: Buffer } {
  const boundary = rng.pick(['fuzz', 'x', '', '"quoted"', '--', 'a'.repeat(100)]);
  const declared = rng.pick([
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    `multipart/form-data; boundary=other`,
    `MULTIPART/FORM-DATA; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}; charset=utf-8`,
  ]);
  const parts = rng.many(0, 3, () => {
    const name = rng.pick(['file', '', 'cacheControl', 'contentType', '"quoted"', 'x']);
    const filename = rng.chance(0.6)
      ? `; filename="${rng.pick(['x.png', '', '../x', 'a\r\nb', '\u00e9.png'])}"`
      : '';
    const type = rng.chance(0.6)
      ? `\r\nContent-Type: ${rng.pick(['image/png', 'text/html', 'image/svg+xml', '', 'x'])}`
      : '';
    const content = rng.pick([
      '',
      'hello',
      '3600',
      'image/png',
      'text/html\r\nX-Injected: 1',
      '\u0000\u0001',
      'a'.repeat(2000),
    ]);
    return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename}${type}\r\n\r\n${content}\r\n`;
  });
  let text = `${parts.join('')}${rng.chance(0.7) ? `--${boundary}--\r\n` : ''}`;
  if (rng.chance(0.3)) text = rng.mutate(text, ['\r\n', '--', '"', ';', '\u0000']);
  return { contentType: declared, body: Buffer.from(text, 'utf8') };
}

function listBody(rng: Random): string {
  if (rng.chance(0.2)) return rng.pick([...INVALID_JSON, ...WRONG_TYPE_JSON]);
  return authObject([
    [
      'prefix',
      maybe(rng, rng.pick(['""', '"a/"', '"../"', '"\\u0000"', '123', 'null', '[]', '"%"', '"_"']), 0.8),
    ],
    ['limit', maybe(rng, rng.pick(['0', '-1', '1.5', '"10"', '1e400', '99999999999', '100']), 0.4)],
    ['offset', maybe(rng, rng.pick(['0', '-1', '"x"', '1e400', '99999999999']), 0.3)],
    [
      'sortBy',
      maybe(
        rng,
        rng.pick([
          '{}',
          '{"column":"name; drop"}',
          '{"column":"name","order":"up"}',
          '[]',
          '"name"',
          '{"column":"created_at","order":"desc"}',
        ]),
        0.3,
      ),
    ],
    ['search', maybe(rng, rng.pick(['"x"', '1', '"%"', '"\\u0000"', '"(a+)+$"']), 0.3)],
  ]);
}

function removeBody(rng: Random, world: FuzzWorld): string {
  if (rng.chance(0.2)) return rng.pick([...INVALID_JSON, ...WRONG_TYPE_JSON]);
  return authObject([
    [
      'prefixes',
      maybe(
        rng,
        rng.pick([
          '[]',
          '[1,2]',
          '"x"',
          'null',
          '[""]',
          '["../x"]',
          '["\\u0000"]',
          `["${world.memberId}/nope.png"]`,
          `[${'"a",'.repeat(2000)}"a"]`,
          '[{}]',
        ]),
        0.85,
      ),
    ],
  ]);
}

export function storage(rng: Random, world: FuzzWorld): FuzzRequest {
  const [method, route] = rng.pick(STORAGE_ROUTES);
  const rest = route.endsWith('/') ? objectPath(rng, world) : '';
  const headers = identity(rng, world);
  let body: string | Buffer | undefined;
  if (route === '/object/list/') {
    body = listBody(rng);
    if (rng.chance(0.9)) headers['content-type'] = rng.pick(['application/json', 'text/plain', '']);
  } else if (method === 'DELETE' && rng.chance(0.7)) {
    body = removeBody(rng, world);
    headers['content-type'] = 'application/json';
  } else if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    if (rng.chance(0.35)) {
      const form = multipart(rng);
      headers['content-type'] = form.contentType;
      body = form.body;
    } else {
      headers['content-type'] = rng.pick([
        'image/png',
        'image/svg+xml',
        'text/html',
        'application/json',
        'image/*',
        '',
        'image/png; charset=\u00e9',
        'a'.repeat(600),
        'image/png\tx',
      ]);
      // Image magic bytes only where the caller may not write, so no fuzzed upload is ever stored.
      const magic = headers.authorization === `Bearer ${world.memberToken}` ? Buffer.alloc(0) : PNG_MAGIC;
      body = Buffer.concat([
        rng.chance(0.3) ? magic : Buffer.alloc(0),
        Buffer.from(rng.string(rng.int(0, 200), NASTY)),
      ]);
    }
    if (rng.chance(0.3)) headers['x-upsert'] = rng.pick(['true', 'false', 'yes', '']);
    if (rng.chance(0.2))
      headers['cache-control'] = rng.pick(['max-age=-1', 'no-store', '', 'max-age=3600, \u00e9']);
  }
  if (rng.chance(0.1)) headers['if-none-match'] = rng.pick(['*', '"x"', '']);
  const search = rng.chance(0.15)
    ? query(rng, [[rng.pick(['download', 'apikey', 'x']), rng.pick(NASTY_VALUES)]])
    : '';
  return {
    family: 'storage',
    method,
    target: capped(`/storage/v1${route}${rest}${search}`),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

// ---------------------------------------------------------------- Mailbox

export function mail(rng: Random): FuzzRequest {
  const id = rng.pick([
    'x',
    '',
    '..',
    '%2e%2e',
    '%00',
    '%',
    '%zz',
    '%E0%A4',
    '00000000-0000-0000-0000-000000000000',
    'a'.repeat(2000),
    '%F0%9F%91%BB',
    '__proto__',
    'constructor',
    'x/y',
    '%2F',
  ]);
  const path = rng.pick([
    `/api/v1/message/${id}`,
    `/api/v1/message/${id}`,
    '/api/v1/message/latest',
    '/api/v1/messages',
    `/api/v1/messages${query(rng, [
      ['start', rng.pick(NASTY_VALUES)],
      ['limit', rng.pick(NASTY_VALUES)],
    ])}`,
    `/api/v1/search${query(rng, [['query', rng.pick([...EMAILS.map((e) => `to:${e}`), ...NASTY_VALUES])]])}`,
    '/',
    '//',
    `/${id}`,
    '/api/v1',
    '/api/v1/messagesx',
    '/mail/api/messages',
  ]);
  const method = rng.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE']);
  // Clearing the whole mailbox is the API's own purpose, so only single messages are ever deleted.
  const safeMethod = method === 'DELETE' && path.startsWith('/api/v1/messages') ? 'GET' : method;
  const headers: Record<string, string> = rng.chance(0.3) ? { 'content-type': 'application/json' } : {};
  // Another site (or the API's origin) asking: refused with 403 before anything is read.
  if (rng.chance(0.2)) headers.origin = rng.pick(['http://evil.example', 'null', 'http://127.0.0.1:54321']);
  return {
    family: 'mail',
    method: safeMethod,
    target: capped(path),
    headers,
    ...(safeMethod === 'POST' || safeMethod === 'PUT'
      ? { body: rng.pick([...INVALID_JSON, ...WRONG_TYPE_JSON]) }
      : {}),
  };
}

// ---------------------------------------------------------------- The gateway itself

export function gateway(rng: Random, world: FuzzWorld): FuzzRequest {
  const target = rng.pick([
    '//',
    '///',
    '//rest/v1/events',
    '//evil.example/rest/v1/events',
    '/\\rest/v1/events',
    '*',
    '/rest/v1',
    '/rest/v1/',
    '/rest/v1//events',
    '/rest/v1/events/',
    '/rest/v1/../auth/v1/settings',
    '/rest/v1/%2e%2e/auth/v1/settings',
    '/auth/v1',
    '/auth/v1/',
    '/storage/v1',
    '/storage/v1/',
    '/mail/api/',
    '/health?%',
    '/?%zz',
    '/%',
    '/%E0',
    '/rest/v1/events?%',
    'http://example.com/rest/v1/events',
    'http://[::1]/rest/v1/events',
    '/realtime/v1/websocket',
    '/functions/v1/x',
    `/rest/v1/events?${'a=b&'.repeat(1000)}`,
  ]);
  const method = rng.pick(['GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE']);
  const headers = identity(rng, world);
  if (method === 'OPTIONS') {
    headers.origin = rng.pick(['http://evil.example', 'null', '']);
    headers['access-control-request-headers'] = rng.pick(['x', '', 'authorization, apikey']);
  }
  return { family: 'gateway', method, target, headers };
}

export const GENERATORS: Record<Family, (rng: Random, world: FuzzWorld) => FuzzRequest> = {
  'rest-read': restRead,
  'rest-write': restWrite,
  'rest-rpc': restRpc,
  'rest-near': restNear,
  auth,
  storage,
  mail,
  gateway,
};
