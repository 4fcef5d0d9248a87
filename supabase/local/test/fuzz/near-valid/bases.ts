// The valid base requests (each answered 2xx) that the mutations start from.
import type { FuzzRequest, FuzzWorld } from '../generate.ts';
import type { Random } from '../random.ts';
import { COMMENT_EVENTS, readable, SEED, type Caller } from './access.ts';
import { draft, render, type Draft, type EmbedDraft, type FilterDraft } from './request.ts';
import { columnDef, columnsOf, SCHEMA, tableDef } from './schema.ts';
import { validOperation, WORDS } from './values.ts';

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

export function validFilter(rng: Random, table: string, embed: string | undefined): FilterDraft {
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

export interface Relation {
  relation: string;
  table: string;
  fk: string;
  toOne: boolean;
}

/** Embeddable neighbours of a table that the caller may also read. */
export function relationsOf(table: string, caller: Caller): Relation[] {
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

export function embedOf(rng: Random, relation: Relation, all: Relation[]): EmbedDraft {
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

/** A GET of some columns of a table a random caller may read: where most read bases start. */
function readOfAnyTable(rng: Random, kind: BaseKind): { parts: Draft; table: string } {
  const caller = pickCaller(rng);
  const table = rng.pick(readable(caller));
  const parts = draft(kind, 'GET', table, caller);
  parts.select = selectItems(rng, table);
  return { parts, table };
}

function readList(rng: Random): Draft {
  const { parts, table } = readOfAnyTable(rng, 'read-list');
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
export const JSON_KEYS = ['highlights', 'haunted_sites'];

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
  const { parts } = readOfAnyTable(rng, 'read-count-range');
  parts.prefer = ['count=exact'];
  // From the first row, so the range always starts inside the result (206 or 200).
  const last = rng.int(0, 9);
  if (rng.chance(0.5)) parts.range = `0-${last}`;
  else parts.params.push(['offset', '0'], ['limit', String(last + 1)]);
  return parts;
}

function readLogic(rng: Random): Draft {
  const { parts, table } = readOfAnyTable(rng, 'read-logic');
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

/**
 * Enquiries anyone may send; the sender cannot read them back, so supabase-js sends return=minimal.
 * (Waitlist entries and interest registrations go through rpc/join_waitlist and rpc/register_interest,
 * not an insert.)
 */
function insertEnquiry(rng: Random): Draft {
  const parts = draft('insert-enquiry', 'POST', 'contact_messages', pickCaller(rng));
  parts.body = {
    full_name: 'Alex Turner',
    email: email(rng),
    ...(rng.chance(0.5) ? { phone: '+61 400 000 000' } : {}),
    message: 'Do you run private group tours?',
  };
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
    ...(rng.chance(0.3)
      ? {
          attachment_url: `http://127.0.0.1:54321/storage/v1/object/public/event-images/${world.memberId}/1.png`,
          attachment_name: 'a.png',
        }
      : {}),
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

/**
 * Follows and favourites: toggles supabase-js upserts, ignoring duplicates. Not reactions or hearts: their
 * unique keys name user_id, which nobody may read (decision 0058), and ON CONFLICT needs to read its key.
 */
function upsertToggle(rng: Random, world: FuzzWorld): Draft {
  const table = rng.pick(['event_follows', 'favorites']);
  const parts = draft('upsert-toggle', 'POST', table, 'member');
  parts.body = { user_id: world.memberId, event_id: rng.pick(SEED.events) };
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
    // A reaction is taken back by event and type: row-level security deletes only the member's own, and
    // its user_id is not readable (decision 0058).
    parts.filters = [
      ...(table === 'reactions' ? [] : [eqFilter(table, 'user_id', world.memberId)]),
      eqFilter(table, 'event_id', SEED.events[3] ?? ''),
    ];
    const type = columnsOf(table).find((c) => c.name === 'reaction_type');
    if (type) parts.filters.push(eqFilter(table, type.name, rng.pick(type.enumValues)));
  } else {
    parts.filters = [eqFilter(table, 'id', choice === 2 ? rng.pick(SEED.bookings) : rng.pick(SEED.comments))];
  }
  if (table !== 'reactions' && rng.chance(0.3)) parts.prefer = ['return=representation'];
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

export const BASES = {
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
