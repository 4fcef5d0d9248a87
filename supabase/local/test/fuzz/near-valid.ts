import { readdirSync, readFileSync } from 'node:fs';
import type { FuzzRequest, FuzzWorld } from './generate.ts';
import type { Random } from './random.ts';

/**
 * Nearly valid REST requests: each starts from a request supabase-js itself would send and the stack answers
 * 2xx (real tables and columns with their real types, real embeds, well-typed filters, Prefer, Range, RPC),
 * then exactly one labelled mutation is applied. Unlike the hostile families, these get past the parsers,
 * so the planner, the SQL builder and Postgres's own type checks are what answer.
 */

// ---------------------------------------------------------------- the schema, read from the migrations

type Kind =
  'uuid' | 'text' | 'int' | 'smallint' | 'bool' | 'date' | 'timestamptz' | 'jsonb' | 'enum' | 'other';

interface Column {
  name: string;
  kind: Kind;
  enumValues: string[];
  notNull: boolean;
  hasDefault: boolean;
  /** from a `char_length(col) <= n` check */
  maxLength: number | undefined;
  /** any check on the column, so a blank or odd value may fail it */
  checked: boolean;
}

interface TableDef {
  name: string;
  columns: Column[];
  /** unique constraints (and the primary key) as column lists */
  uniques: string[][];
}

/** A foreign key as PostgREST embeds it; constraint names are Postgres's defaults for inline references. */
interface ForeignKey {
  table: string;
  column: string;
  ref: string;
  refColumn: string;
  name: string;
}

const KINDS: Record<string, Kind> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'int',
  smallint: 'smallint',
  boolean: 'bool',
  date: 'date',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

const MIGRATIONS = new URL('../../../migrations/', import.meta.url);

function migrationsText(): string {
  return readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(new URL(file, MIGRATIONS), 'utf8'))
    .join('\n');
}

function parseEnums(sql: string): Map<string, string[]> {
  const enums = new Map<string, string[]>();
  for (const [, name = '', list = ''] of sql.matchAll(/create type public\.(\w+) as enum \(([^)]*)\)/g)) {
    enums.set(
      name,
      [...list.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? ''),
    );
  }
  return enums;
}

const TABLE_CONSTRAINT = /^(constraint|primary key|unique|check|foreign key|exclude)\b/;

/** One `create table` body: its columns, unique keys and foreign keys. */
function parseTable(name: string, body: string, enums: Map<string, string[]>, fks: ForeignKey[]): TableDef {
  const table: TableDef = { name, columns: [], uniques: [] };
  for (const raw of body.split('\n')) {
    const line = raw.replace(/--.*$/, '').trim();
    if (line === '') continue;
    const unique = /^constraint \w+ unique \(([^)]*)\)/.exec(line);
    if (unique) table.uniques.push((unique[1] ?? '').split(',').map((column) => column.trim()));
    const match = /^(\w+)\s+([\w.]+)(.*)$/.exec(line);
    if (TABLE_CONSTRAINT.test(line) || !match) continue;
    const [, column = '', type = '', rest = ''] = match;
    const enumValues = enums.get(type.replace(/^public\./, '')) ?? [];
    table.columns.push({
      name: column,
      kind: enumValues.length > 0 ? 'enum' : (KINDS[type] ?? 'other'),
      enumValues,
      notNull: /not null|primary key/.test(rest),
      hasDefault: /\bdefault\b/.test(rest),
      maxLength: Number(/char_length\(\w+\) <= (\d+)/.exec(rest)?.[1]) || undefined,
      checked: /\bcheck\b/.test(rest),
    });
    if (/primary key|\bunique\b/.test(rest)) table.uniques.push([column]);
    const reference = /references public\.(\w+) \((\w+)\)/.exec(rest);
    if (reference) {
      const [, ref = '', refColumn = ''] = reference;
      fks.push({ table: name, column, ref, refColumn, name: `${name}_${column}_fkey` });
    }
  }
  return table;
}

/**
 * The views' columns: each names the table column it shows (see their `create view`) and takes its type,
 * or names its type outright (the two `::integer` sums).
 */
const VIEWS: Record<string, Record<string, string>> = {
  public_profiles: { id: 'profiles.id', full_name: 'profiles.full_name' },
  booking_balances: {
    booking_id: 'bookings.id',
    total_cents: 'bookings.total_cents',
    paid_cents: 'integer',
    remaining_cents: 'integer',
  },
};

function addViews(tables: Map<string, TableDef>, fks: ForeignKey[]): void {
  for (const [view, sources] of Object.entries(VIEWS)) {
    const columns = Object.entries(sources).map(([name, source]): Column => {
      const [table = '', column = ''] = source.split('.');
      const shown = tables.get(table)?.columns.find((candidate) => candidate.name === column);
      if (source.includes('.') && !shown)
        throw new Error(`view ${view}: no column ${source} in the migrations`);
      return shown
        ? { ...shown, name }
        : {
            name,
            kind: KINDS[source] ?? 'other',
            enumValues: [],
            notNull: false,
            hasDefault: false,
            maxLength: undefined,
            checked: false,
          };
    });
    tables.set(view, { name: view, columns, uniques: [] });
    // Like PostgREST, a view showing a referenced column takes part in the foreign keys that point at it.
    for (const fk of [...fks]) {
      const shown = Object.entries(sources).find(([, source]) => source === `${fk.ref}.${fk.refColumn}`);
      if (shown) fks.push({ ...fk, ref: view, refColumn: shown[0] });
    }
  }
}

function readSchema(): { tables: Map<string, TableDef>; fks: ForeignKey[] } {
  const sql = migrationsText();
  const enums = parseEnums(sql);
  const tables = new Map<string, TableDef>();
  const fks: ForeignKey[] = [];
  for (const [, name = '', body = ''] of sql.matchAll(/create table public\.(\w+) \(\n([\s\S]*?)\n\);/g)) {
    tables.set(name, parseTable(name, body, enums, fks));
  }
  addViews(tables, fks);
  return { tables, fks };
}

const SCHEMA = readSchema();

function tableDef(name: string): TableDef {
  const table = SCHEMA.tables.get(name);
  if (!table) throw new Error(`no table public.${name} in the migrations`);
  return table;
}

function columnDef(table: string, name: string): Column {
  const column = tableDef(table).columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`no column ${table}.${name} in the migrations`);
  return column;
}

const columnsOf = (table: string) => tableDef(table).columns;

const isTyped = (column: Column) => column.kind !== 'text' && column.kind !== 'other';
const isNumber = (column: Column) => column.kind === 'int' || column.kind === 'smallint';

// ---------------------------------------------------------------- who may read what (ADR 0002's matrix)

type Caller = 'anon' | 'member';

const ANON_READS = [
  'events',
  'reactions',
  'comments',
  'comment_replies',
  'comment_reactions',
  'public_profiles',
  'waitlist_submissions',
  'interest_registrations',
  'contact_messages',
];
const MEMBER_READS = [
  ...ANON_READS,
  'profiles',
  'bookings',
  'booking_installments',
  'booking_balances',
  'event_follows',
  'favorites',
];
const readable = (caller: Caller) => (caller === 'anon' ? ANON_READS : MEMBER_READS);

// Rows of supabase/seed.sql, so filters and single-row reads can name real ones.
const SEED = {
  users: [
    'a0000000-0000-4000-8000-000000000001',
    'a0000000-0000-4000-8000-000000000002',
    'a0000000-0000-4000-8000-000000000003',
    'a0000000-0000-4000-8000-000000000004',
  ],
  events: [
    'e0000000-0000-4000-8000-000000000001',
    'e0000000-0000-4000-8000-000000000002',
    'e0000000-0000-4000-8000-000000000003',
    'e0000000-0000-4000-8000-000000000004',
  ],
  comments: [
    'c0000000-0000-4000-8000-000000000001',
    'c0000000-0000-4000-8000-000000000002',
    'c0000000-0000-4000-8000-000000000003',
  ],
  reply: 'd0000000-0000-4000-8000-000000000001',
  bookings: ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002'],
};
/** Each seed comment with its event (a reply must name its comment's event). */
const COMMENT_EVENTS: [string, string][] = SEED.comments.map((id, index) => [
  id,
  SEED.events[index < 2 ? 0 : 1] ?? '',
]);

/** Which seed ids a uuid column holds, by what it references. */
function seedIdsFor(table: string, column: string): string[] {
  const fk = SCHEMA.fks.find((candidate) => candidate.table === table && candidate.column === column);
  const target = fk?.ref ?? (column === 'id' ? table : '');
  if (/events$/.test(target)) return SEED.events;
  if (/profiles$/.test(target) || column === 'user_id') return SEED.users;
  if (target === 'comments') return SEED.comments;
  if (/bookings|booking_balances/.test(target)) return SEED.bookings;
  return [...SEED.events, ...SEED.users];
}

// ---------------------------------------------------------------- well-typed values

const WORDS = ['ghost', 'Tasmania', 'tour', 'asylum', 'Jamie', 'AUD', 'paranormal', 'night'];

function validValue(rng: Random, table: string, column: Column): string {
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
function validOperation(rng: Random, table: string, column: Column): string {
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
const WRONG_VALUES: Record<Kind, string[]> = {
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

const OUT_OF_RANGE: Record<'int' | 'smallint', string[]> = {
  int: ['2147483648', '-2147483649', '99999999999999999999', '9223372036854775808', '1e309'],
  smallint: ['32768', '-32769', '99999'],
};

/** JSON body values each type refuses (or, for text, values of another JSON type that it stores as text). */
const WRONG_JSON: Record<Kind, unknown[]> = {
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

// ---------------------------------------------------------------- a request as parts

interface FilterDraft {
  /** the embedded resource it filters, or undefined for the root */
  embed: string | undefined;
  table: string;
  column: string;
  jsonPath: string;
  operation: string;
}

interface EmbedDraft {
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

interface Draft {
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

function draft(kind: BaseKind, method: Draft['method'], table: string, caller: Caller): Draft {
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
function render(parts: Draft, world: FuzzWorld, label: string): FuzzRequest {
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

// ---------------------------------------------------------------- valid bases

function selectItems(rng: Random, table: string): string[] {
  const columns = tableDef(table).columns;
  if (rng.chance(0.2)) return ['*'];
  const chosen = [...new Set(rng.many(1, 4, () => rng.pick(columns).name))];
  return chosen.map((name) => {
    if (rng.chance(0.15)) return `${name}::text`;
    return rng.chance(0.15) ? `the_${name}:${name}` : name;
  });
}

function validFilter(rng: Random, table: string, embed: string | undefined): FilterDraft {
  const column = rng.pick(tableDef(table).columns);
  return {
    embed,
    table,
    column: column.name,
    jsonPath: '',
    operation: validOperation(rng, table, column),
  };
}

function orderTerm(rng: Random, table: string): string {
  const column = rng.pick(tableDef(table).columns).name;
  return `${column}${rng.pick(['', '.asc', '.desc'])}${rng.pick(['', '.nullsfirst', '.nullslast'])}`;
}

interface Relation {
  relation: string;
  table: string;
  fk: string;
  toOne: boolean;
}

/** Embeddable neighbours of a table that the caller may also read. */
function relationsOf(table: string, caller: Caller): Relation[] {
  const reads = readable(caller);
  const found: Relation[] = [];
  for (const fk of SCHEMA.fks) {
    if (fk.table === table && reads.includes(fk.ref))
      found.push({ relation: fk.ref, table: fk.ref, fk: fk.name, toOne: true });
    if (fk.ref === table && reads.includes(fk.table))
      found.push({ relation: fk.table, table: fk.table, fk: fk.name, toOne: false });
  }
  return found;
}

function embedOf(rng: Random, relation: Relation, all: Relation[]): EmbedDraft {
  // Two relationships between the same tables need the constraint as a hint, as PostgREST insists.
  const ambiguous = all.filter((other) => other.relation === relation.relation).length > 1;
  const embed: EmbedDraft = {
    relation: relation.relation,
    table: relation.table,
    fk: relation.fk,
    toOne: relation.toOne,
    hint: ambiguous || rng.chance(0.15) ? relation.fk : undefined,
    inner: rng.chance(0.15),
    spread: false,
    items: selectItems(rng, relation.table),
    children: [],
    params: [],
  };
  if (relation.toOne) {
    embed.spread = rng.chance(0.2);
  } else if (rng.chance(0.15)) {
    // `comments(count)`: the older spelling of a count of related rows.
    embed.items = ['count'];
  } else {
    if (rng.chance(0.4)) embed.params.push(['order', orderTerm(rng, relation.table)]);
    if (rng.chance(0.4)) embed.params.push(['limit', String(rng.int(1, 5))]);
  }
  // `.not('rel', 'is', null)`: only parents that have a related row.
  if (!embed.spread && rng.chance(0.15)) embed.params.push(['', rng.pick(['not.is.null', 'is.null'])]);
  return embed;
}

/** A second level under a to-many embed (`comments(id,comment_replies(id))`), never back to the parent. */
function nestedEmbed(rng: Random, parent: string, embed: EmbedDraft, caller: Caller): void {
  if (embed.toOne || embed.items[0] === 'count') return;
  const relations = relationsOf(embed.table, caller).filter((relation) => relation.table !== parent);
  if (relations.length === 0 || !rng.chance(0.3)) return;
  const child = embedOf(rng, rng.pick(relations), relations);
  embed.children.push({ ...child, spread: false, params: child.params.filter(([name]) => name !== '') });
}

function pickCaller(rng: Random): Caller {
  return rng.chance(0.5) ? 'anon' : 'member';
}

function readList(rng: Random): Draft {
  const caller = pickCaller(rng);
  const table = rng.pick(readable(caller));
  const parts = draft('read-list', 'GET', table, caller);
  parts.select = selectItems(rng, table);
  parts.filters = rng.many(0, 2, () => validFilter(rng, table, undefined));
  if (rng.chance(0.6)) parts.order = rng.many(1, 2, () => orderTerm(rng, table));
  if (rng.chance(0.5)) parts.params.push(['limit', String(rng.int(1, 50))]);
  if (rng.chance(0.3)) parts.params.push(['offset', String(rng.int(0, 3))]);
  return parts;
}

function readEmbed(rng: Random): Draft {
  const caller = pickCaller(rng);
  const table = rng.pick(readable(caller).filter((name) => relationsOf(name, caller).length > 0));
  const relations = relationsOf(table, caller);
  const parts = draft('read-embed', 'GET', table, caller);
  parts.select = selectItems(rng, table);
  const chosen = [...new Set(rng.many(1, 2, () => rng.pick(relations)))];
  parts.embeds = chosen.map((relation) => embedOf(rng, relation, relations));
  for (const embed of parts.embeds) {
    nestedEmbed(rng, table, embed, caller);
    if (rng.chance(0.35)) parts.filters.push(validFilter(rng, embed.table, embed.relation));
    // A to-one embed may order its parent (`order=events(start_date).desc`).
    if (embed.toOne && rng.chance(0.3)) {
      const column = rng.pick(columnsOf(embed.table)).name;
      parts.order.push(`${embed.relation}(${column})${rng.pick(['', '.desc', '.asc.nullslast'])}`);
    }
  }
  if (rng.chance(0.4)) parts.filters.push(validFilter(rng, table, undefined));
  if (rng.chance(0.4)) parts.params.push(['limit', String(rng.int(1, 20))]);
  return parts;
}

/** Tables with a jsonb column, and keys its seed documents have. */
const JSON_KEYS = ['highlights', 'haunted_sites'];

function readJson(rng: Random): Draft {
  const caller = pickCaller(rng);
  const withJson = readable(caller).filter((name) => tableDef(name).columns.some((c) => c.kind === 'jsonb'));
  const table = rng.pick(withJson);
  const column = rng.pick(tableDef(table).columns.filter((c) => c.kind === 'jsonb')).name;
  const parts = draft('read-json', 'GET', table, caller);
  const key = () => rng.pick(JSON_KEYS);
  parts.select = [
    'id',
    `${column}->${key()}`,
    `sites:${column}->>haunted_sites`,
    ...(rng.chance(0.5) ? [`first:${column}->highlights->0`] : []),
  ];
  const filter = rng.pick([
    { jsonPath: '->>haunted_sites', operation: rng.pick(['eq.12', 'like.1*', 'is.null']) },
    { jsonPath: '->haunted_sites', operation: rng.pick(['gte.1', 'eq.12']) },
    {
      jsonPath: '',
      operation: rng.pick(['cs.{"haunted_sites":12}', 'cd.{"haunted_sites":12,"highlights":[]}']),
    },
  ]);
  if (rng.chance(0.7)) parts.filters.push({ embed: undefined, table, column, ...filter });
  if (rng.chance(0.5)) parts.order = [`${column}->${key()}${rng.pick(['.desc', '.asc.nullsfirst', ''])}`];
  return parts;
}

/** Rows every caller below can see exactly once, so `.single()` answers an object. */
const SINGLE_ROWS: [Caller, string, string][] = [
  ...SEED.events.map((id): [Caller, string, string] => ['anon', 'events', id]),
  ...SEED.comments.map((id): [Caller, string, string] => ['anon', 'comments', id]),
  ...SEED.bookings.map((id): [Caller, string, string] => ['member', 'bookings', id]),
  ['member', 'profiles', SEED.users[1] ?? ''],
  ['member', 'public_profiles', SEED.users[1] ?? ''],
];

function readSingle(rng: Random): Draft {
  const [owner, table, id] = rng.pick(SINGLE_ROWS);
  const caller = owner === 'anon' ? pickCaller(rng) : owner;
  const parts = draft('read-single', 'GET', table, caller);
  parts.select = selectItems(rng, table);
  parts.filters = [{ embed: undefined, table, column: 'id', jsonPath: '', operation: `eq.${id}` }];
  parts.accept = 'application/vnd.pgrst.object+json';
  return parts;
}

function readCountRange(rng: Random): Draft {
  const caller = pickCaller(rng);
  const table = rng.pick(readable(caller));
  const parts = draft('read-count-range', 'GET', table, caller);
  parts.select = selectItems(rng, table);
  parts.prefer = ['count=exact'];
  // From the first row, so the range always starts inside the result (206 or 200).
  const last = rng.int(0, 9);
  if (rng.chance(0.5)) parts.range = `0-${last}`;
  else parts.params.push(['offset', '0'], ['limit', String(last + 1)]);
  return parts;
}

function readLogic(rng: Random): Draft {
  const caller = pickCaller(rng);
  const table = rng.pick(readable(caller));
  const parts = draft('read-logic', 'GET', table, caller);
  parts.select = selectItems(rng, table);
  const condition = () => {
    const column = rng.pick(tableDef(table).columns.filter((c) => c.kind !== 'jsonb'));
    return `${column.name}.${validOperation(rng, table, column)}`;
  };
  const inner = rng.chance(0.3) ? [`and(${condition()},${condition()})`] : [];
  parts.logic = [rng.pick(['or', 'and', 'not.or']), `(${[condition(), ...inner, condition()].join(',')})`];
  return parts;
}

function email(rng: Random): string {
  return `near-${rng.int(1, 1_000_000_000)}@example.com`;
}

/** Enquiries anyone may send; the sender cannot read them back, so supabase-js sends return=minimal. */
function insertEnquiry(rng: Random): Draft {
  const table = rng.pick(['contact_messages', 'waitlist_submissions', 'interest_registrations']);
  const parts = draft('insert-enquiry', 'POST', table, pickCaller(rng));
  const event = rng.chance(0.6) ? { event_id: rng.pick(SEED.events) } : {};
  const person = {
    full_name: 'Alex Turner',
    email: email(rng),
    ...(rng.chance(0.5) ? { phone: '+61 400 000 000' } : {}),
  };
  parts.body =
    table === 'contact_messages'
      ? { ...person, message: 'Do you run private group tours?' }
      : table === 'waitlist_submissions'
        ? { event_name: 'Vietnam Battlefield Tour', ...event, ...person, notes: 'Two of us.' }
        : { event_name: 'USA Paranormal Road Trip', ...event, ...person, message: 'Couples rooms?' };
  if (rng.chance(0.5)) parts.prefer = ['return=minimal'];
  return parts;
}

/** A representation the member may read back, maybe with the row's event embedded. */
function wantRepresentation(rng: Random, parts: Draft, items: string[]): void {
  if (!rng.chance(0.5)) return;
  parts.prefer.push('return=representation');
  parts.select = items;
  const toEvent = relationsOf(parts.table, 'member').find((relation) => relation.relation === 'events');
  if (toEvent && rng.chance(0.5))
    parts.embeds.push({ ...embedOf(rng, toEvent, [toEvent]), inner: false, spread: false, params: [] });
}

function insertComment(rng: Random, world: FuzzWorld): Draft {
  const parts = draft('insert-comment', 'POST', 'comments', 'member');
  const row: Record<string, unknown> = {
    event_id: rng.pick(SEED.events),
    content: `Near-valid ${rng.pick(WORDS)} comment`,
    ...(rng.chance(0.3) ? { user_id: world.memberId } : {}),
    ...(rng.chance(0.3) ? { attachment_url: 'https://example.com/a.png', attachment_name: 'a.png' } : {}),
  };
  // supabase-js sends an array insert with `columns` naming every key, quoted.
  if (rng.chance(0.4)) {
    parts.body = [row];
    parts.params.push([
      'columns',
      Object.keys(row)
        .map((key) => `"${key}"`)
        .join(','),
    ]);
  } else parts.body = row;
  wantRepresentation(rng, parts, ['id', 'content', 'created_at']);
  return parts;
}

function insertReply(rng: Random): Draft {
  const parts = draft('insert-reply', 'POST', 'comment_replies', 'member');
  const [comment, event] = rng.pick(COMMENT_EVENTS);
  parts.body = { event_id: event, parent_comment_id: comment, content: `A ${rng.pick(WORDS)} reply` };
  wantRepresentation(rng, parts, ['id', 'content']);
  return parts;
}

/** Reactions, follows, favourites and hearts: toggles supabase-js upserts, ignoring duplicates. */
function upsertToggle(rng: Random, world: FuzzWorld): Draft {
  const table = rng.pick(['reactions', 'event_follows', 'favorites', 'comment_reactions']);
  const parts = draft('upsert-toggle', 'POST', table, 'member');
  const target =
    table === 'comment_reactions'
      ? { comment_id: rng.pick(SEED.comments) }
      : { event_id: rng.pick(SEED.events) };
  const type = columnsOf(table).find((c) => c.name === 'reaction_type');
  parts.body = {
    user_id: world.memberId,
    ...target,
    ...(type ? { reaction_type: rng.pick(type.enumValues) } : {}),
  };
  const key = tableDef(table).uniques.find(
    (columns) => columns.length > 1 && columns.every((c) => Object.hasOwn(parts.body as object, c)),
  );
  if (!key) throw new Error(`no unique key for the ${table} upsert`);
  parts.params.push(['on_conflict', key.join(',')]);
  parts.prefer = ['resolution=ignore-duplicates', rng.pick(['return=minimal', 'return=representation'])];
  return parts;
}

function eqFilter(table: string, column: string, value: string): FilterDraft {
  columnDef(table, column);
  return { embed: undefined, table, column, jsonPath: '', operation: `eq.${value}` };
}

/** The member edits their own words: the seed reply, or comments they wrote. */
function updateOwn(rng: Random, world: FuzzWorld): Draft {
  const reply = rng.chance(0.5);
  const table = reply ? 'comment_replies' : 'comments';
  const parts = draft('update-own', 'PATCH', table, 'member');
  parts.filters = reply
    ? [eqFilter(table, 'id', SEED.reply), eqFilter(table, 'is_deleted', 'false')]
    : [eqFilter(table, 'user_id', world.memberId), eqFilter(table, 'is_deleted', 'false')];
  parts.body = { content: `Edited: ${rng.pick(WORDS)}` };
  wantRepresentation(rng, parts, ['id', 'content']);
  return parts;
}

/** Writes RLS lets the member make to no row at all: they answer 2xx and change nothing. */
const REFUSED_UPDATES: [string, string, () => string, Record<string, unknown>][] = [
  ['events', 'id', () => SEED.events[0] ?? '', { title: 'Renamed' }],
  ['events', 'status', () => 'published', { price_cents: 100 }],
  ['bookings', 'id', () => SEED.bookings[0] ?? '', { notes: 'Window seat' }],
  ['booking_installments', 'booking_id', () => SEED.bookings[1] ?? '', { paid_at: '2026-06-01T10:00:00Z' }],
  ['comments', 'id', () => SEED.comments[0] ?? '', { content: 'Not mine' }],
];

function updateRefused(rng: Random): Draft {
  const [table, column, value, patch] = rng.pick(REFUSED_UPDATES);
  const parts = draft('update-refused', 'PATCH', table, 'member');
  parts.filters = [eqFilter(table, column, value())];
  parts.body = { ...patch };
  if (rng.chance(0.4)) parts.prefer = ['return=representation'];
  return parts;
}

function deleteMember(rng: Random, world: FuzzWorld): Draft {
  const choice = rng.int(0, 3);
  const table = ['reactions', 'event_follows', 'bookings', 'comments'][choice] ?? 'reactions';
  const parts = draft('delete-member', 'DELETE', table, 'member');
  if (choice < 2) {
    parts.filters = [
      eqFilter(table, 'user_id', world.memberId),
      eqFilter(table, 'event_id', SEED.events[3] ?? ''),
    ];
    const type = columnsOf(table).find((c) => c.name === 'reaction_type');
    if (type) parts.filters.push(eqFilter(table, type.name, rng.pick(type.enumValues)));
  } else {
    parts.filters = [eqFilter(table, 'id', choice === 2 ? rng.pick(SEED.bookings) : rng.pick(SEED.comments))];
  }
  if (rng.chance(0.3)) parts.prefer = ['return=representation'];
  return parts;
}

/** The one RPC: an empty schedule, which the member's policies turn into no change. */
function rpcSchedule(rng: Random): Draft {
  const parts = draft('rpc-schedule', 'POST', 'booking_installments', 'member');
  parts.resource = 'rpc/set_booking_schedule';
  parts.body = { p_booking_id: rng.pick(SEED.bookings), p_installments: [] };
  if (rng.chance(0.4)) parts.select = ['id', 'due_date', 'amount_cents'];
  if (rng.chance(0.3)) parts.filters.push(validFilter(rng, 'booking_installments', undefined));
  if (rng.chance(0.3)) parts.order = [orderTerm(rng, 'booking_installments')];
  if (rng.chance(0.3)) parts.prefer = ['count=exact'];
  return parts;
}

const BASES = {
  'read-list': readList,
  'read-embed': readEmbed,
  'read-json': readJson,
  'read-single': readSingle,
  'read-count-range': readCountRange,
  'read-logic': readLogic,
  'insert-enquiry': insertEnquiry,
  'insert-comment': insertComment,
  'insert-reply': insertReply,
  'upsert-toggle': upsertToggle,
  'update-own': updateOwn,
  'update-refused': updateRefused,
  'delete-member': deleteMember,
  'rpc-schedule': rpcSchedule,
} satisfies Record<string, (rng: Random, world: FuzzWorld) => Draft>;

export type BaseKind = keyof typeof BASES;
export const NEAR_BASE_KINDS = Object.keys(BASES) as BaseKind[];

/** The unmutated request of one kind: the control that proves the bases are valid (2xx). */
export function nearValidBase(kind: BaseKind, rng: Random, world: FuzzWorld): FuzzRequest {
  return render(BASES[kind](rng, world), world, `${kind}/base`);
}

// ---------------------------------------------------------------- mutations: exactly one per request

interface Mutation {
  name: string;
  /** how often it is chosen among those that apply */
  weight: number;
  applies(parts: Draft): boolean;
  /** changes the parts; returns a more specific label when the mutation has variants */
  apply(rng: Random, parts: Draft, world: FuzzWorld): string | void;
}

const isRpc = (parts: Draft) => parts.resource.startsWith('rpc/');
const isRead = (parts: Draft) => parts.method === 'GET';
const hasRows = (parts: Draft) => isRead(parts) || isRpc(parts);
/** Where filters decide the rows: reads, updates, deletes and an RPC's result (not an insert). */
const filterable = (parts: Draft) => parts.method !== 'POST' || isRpc(parts);
const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const writesRows = (parts: Draft) => !isRpc(parts) && parts.body !== undefined;

/** The body's rows (an insert may send an array). */
function bodyRows(parts: Draft): Record<string, unknown>[] {
  const rows = Array.isArray(parts.body) ? parts.body : [parts.body];
  return rows.filter(isRow);
}

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
const typedWrong = (column: Column) => WRONG_VALUES[column.kind].length > 0;

const FILTER_MUTATIONS: Mutation[] = [
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

const jsonColumns = (parts: Draft) => columnsOf(parts.table).filter((c) => c.kind === 'jsonb');

const SELECT_MUTATIONS: Mutation[] = [
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

const ORDER_MUTATIONS: Mutation[] = [
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

const EDGE_NUMBERS = [
  '-1',
  '0',
  '2147483648',
  '9223372036854775807',
  '99999999999999999999',
  '1000000000000000000000',
];

const embedsOf = (parts: Draft) => parts.embeds.filter((embed) => embed.relation === embed.table);

const EMBED_MUTATIONS: Mutation[] = [
  {
    name: 'embed-filter-wrong-type',
    weight: 10,
    applies: (parts) =>
      isRead(parts) && parts.embeds.some((embed) => columnsOf(embed.table).some(typedWrong)),
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds.filter((e) => columnsOf(e.table).some(typedWrong)));
      const column = rng.pick(columnsOf(embed.table).filter(typedWrong));
      parts.filters.push({
        embed: embed.relation,
        table: embed.table,
        column: column.name,
        jsonPath: '',
        operation: `${column.kind === 'jsonb' ? 'cs' : rng.pick(['eq', 'gt', 'neq'])}.${rng.pick(WRONG_VALUES[column.kind])}`,
      });
      if (rng.chance(0.5)) embed.inner = true;
    },
  },
  {
    name: 'embed-inner-filtered',
    weight: 6,
    applies: (parts) => isRead(parts) && parts.embeds.length > 0,
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds);
      embed.inner = true;
      parts.filters.push(validFilter(rng, embed.table, embed.relation));
    },
  },
  {
    name: 'embed-hint-wrong',
    weight: 5,
    applies: (parts) => isRead(parts) && parts.embeds.length > 0,
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds);
      const otherFk = rng.pick(SCHEMA.fks.filter((fk) => fk.name !== embed.fk)).name;
      embed.hint = rng.pick([otherFk, 'nope', 'created_at', `${embed.fk}x`, 'inner_']);
    },
  },
  {
    name: 'embed-by-fk-name',
    weight: 4,
    applies: (parts) => isRead(parts) && embedsOf(parts).some((embed) => embed.toOne),
    apply(rng, parts) {
      // `user_id(...)` or `comments_user_id_fkey(...)`: ambiguous where a view shows the referenced table too.
      const embed = rng.pick(embedsOf(parts).filter((e) => e.toOne));
      const fk = SCHEMA.fks.find((candidate) => candidate.name === embed.fk);
      const name = rng.chance(0.5) ? (fk?.column ?? embed.fk) : embed.fk;
      for (const filter of parts.filters) if (filter.embed === embed.relation) filter.embed = name;
      parts.order = parts.order.filter((term) => !term.startsWith(`${embed.relation}(`));
      embed.relation = name;
      embed.hint = undefined;
    },
  },
  {
    name: 'embed-filter-not-selected',
    weight: 2,
    applies: (parts) => isRead(parts) && relationsOf(parts.table, parts.caller).length > 0,
    apply(rng, parts) {
      const relation = rng.pick(relationsOf(parts.table, parts.caller));
      parts.embeds = parts.embeds.filter((embed) => embed.relation !== relation.relation);
      parts.filters = parts.filters.filter((filter) => filter.embed !== relation.relation);
      parts.order = parts.order.filter((term) => !term.startsWith(`${relation.relation}(`));
      parts.filters.push(validFilter(rng, relation.table, relation.relation));
    },
  },
  {
    name: 'related-order-to-many',
    weight: 4,
    applies: (parts) => isRead(parts) && parts.embeds.some((embed) => !embed.toOne),
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds.filter((e) => !e.toOne));
      parts.order = [`${embed.relation}(${rng.pick(columnsOf(embed.table)).name}).desc`];
    },
  },
  {
    name: 'embed-limit-edge',
    weight: 5,
    applies: (parts) => isRead(parts) && parts.embeds.some((embed) => !embed.toOne),
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds.filter((e) => !e.toOne));
      const name = rng.pick(['limit', 'offset']);
      embed.params = [...embed.params.filter(([key]) => key !== name), [name, rng.pick(EDGE_NUMBERS)]];
    },
  },
  {
    name: 'embed-unreadable-table',
    weight: 3,
    applies: (parts) => isRead(parts) && unreadableRelations(parts).length > 0,
    apply(rng, parts) {
      // A real relationship to a table the caller holds no grant on: Postgres refuses the whole read.
      const relation = rng.pick(unreadableRelations(parts));
      parts.embeds.push(embedOf(rng, relation, [relation]));
      return `embed-unreadable-table:${relation.table}`;
    },
  },
  {
    name: 'embed-null-filter-wrong',
    weight: 1,
    applies: (parts) => isRead(parts) && parts.embeds.some((embed) => !embed.spread),
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds.filter((e) => !e.spread));
      embed.params = [
        ...embed.params.filter(([name]) => name !== ''),
        ['', rng.pick(['eq.1', 'is.true', 'not.is.nul', 'cs.{}', 'in.(null)'])],
      ];
    },
  },
  {
    name: 'spread-to-many',
    weight: 1,
    applies: (parts) => isRead(parts) && parts.embeds.some((embed) => !embed.toOne),
    apply(rng, parts) {
      const embed = rng.pick(parts.embeds.filter((e) => !e.toOne));
      embed.spread = true;
      embed.params = embed.params.filter(([name]) => name !== '');
    },
  },
];

/** Relationships of the read table to tables the caller may not read (anon: bookings, profiles, …). */
function unreadableRelations(parts: Draft): Relation[] {
  const reads = readable(parts.caller);
  return relationsOf(parts.table, 'member').filter((relation) => !reads.includes(relation.table));
}

function setParam(parts: Draft, name: string, value: string): void {
  parts.params = [...parts.params.filter(([key]) => key !== name), [name, value]];
}

const RANGE_MUTATIONS: Mutation[] = [
  {
    name: 'limit-offset-edge',
    weight: 3,
    applies: hasRows,
    apply(rng, parts) {
      const name = rng.pick(['limit', 'offset']);
      const value = rng.pick([...EDGE_NUMBERS, '100000']);
      setParam(parts, name, value);
      return `limit-offset-edge:${name}=${value}`;
    },
  },
  {
    name: 'offset-beyond-count',
    weight: 1,
    applies: hasRows,
    apply(rng, parts) {
      parts.prefer = [...parts.prefer.filter((p) => !p.startsWith('count=')), 'count=exact'];
      setParam(parts, 'offset', String(rng.pick([50, 1000, 100000])));
    },
  },
  {
    name: 'range-header-with-count',
    weight: 2,
    applies: hasRows,
    apply(rng, parts) {
      parts.prefer = [...parts.prefer.filter((p) => !p.startsWith('count=')), 'count=exact'];
      parts.params = parts.params.filter(([key]) => key !== 'limit' && key !== 'offset');
      parts.range = rng.pick(['0-0', '2-1', '1000-1010', '0-', 'items=0-2', '0-99999999999999999999', '3-3']);
    },
  },
  {
    name: 'single-for-many',
    weight: 1,
    applies: hasRows,
    apply(_rng, parts) {
      parts.accept = 'application/vnd.pgrst.object+json';
    },
  },
];

const HEADER_MUTATIONS: Mutation[] = [
  {
    name: 'prefer-variant',
    weight: 2,
    applies: () => true,
    apply(rng, parts) {
      // Preferences supabase-js can send but the bases do not: each changes how the answer is built.
      const preference = rng.pick([
        'tx=rollback',
        'return=headers-only',
        'return=representation',
        'count=planned',
        'count=estimated',
        'handling=strict',
        'max-affected=1',
        'missing=default',
      ]);
      parts.prefer = [...parts.prefer, preference];
      return `prefer-variant:${preference}`;
    },
  },
  {
    name: 'accept-variant',
    weight: 2,
    applies: () => true,
    apply(rng, parts) {
      const accept = rng.pick([
        'text/csv',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'application/vnd.pgrst.array+json;nulls=stripped',
        'application/geo+json',
        'application/json, text/csv;q=0.5',
      ]);
      parts.accept = accept;
      return `accept-variant:${accept}`;
    },
  },
];

const WRITE_MUTATIONS: Mutation[] = [
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

const RPC_MUTATIONS: Mutation[] = [
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

const CALLER_MUTATIONS: Mutation[] = [
  {
    name: 'caller-anon',
    weight: 2,
    applies: (parts) => parts.caller === 'member',
    apply(_rng, parts) {
      parts.caller = 'anon';
    },
  },
  {
    name: 'caller-forged-admin-less',
    weight: 1,
    applies: () => true,
    apply(rng, parts, world) {
      parts.token = rng.pick(world.forgedTokens);
    },
  },
];

const MUTATIONS: Mutation[] = [
  ...FILTER_MUTATIONS,
  ...SELECT_MUTATIONS,
  ...ORDER_MUTATIONS,
  ...EMBED_MUTATIONS,
  ...RANGE_MUTATIONS,
  ...HEADER_MUTATIONS,
  ...WRITE_MUTATIONS,
  ...RPC_MUTATIONS,
  ...CALLER_MUTATIONS,
];

function pickWeighted(rng: Random, mutations: Mutation[]): Mutation {
  const total = mutations.reduce((sum, mutation) => sum + mutation.weight, 0);
  let point = rng.next() * total;
  for (const mutation of mutations) {
    point -= mutation.weight;
    if (point < 0) return mutation;
  }
  return mutations[mutations.length - 1] as Mutation;
}

/** One nearly valid request: a random valid base with one random applicable mutation, labelled `kind/mutation`. */
export function restNear(rng: Random, world: FuzzWorld): FuzzRequest {
  const kind = rng.pick(NEAR_BASE_KINDS);
  const parts = BASES[kind](rng, world);
  const mutation = pickWeighted(
    rng,
    MUTATIONS.filter((candidate) => candidate.applies(parts)),
  );
  const label = mutation.apply(rng, parts, world) ?? mutation.name;
  return render(parts, world, `${kind}/${label}`);
}
