// Mutations of the embedded resources: hints, !inner, filters, order and limits on embeds.
import { readable } from './access.ts';
import { embedOf, relationsOf, validFilter, type Relation } from './bases.ts';
import { typedWrong } from './mutations-filters.ts';
import { isRead, type Mutation } from './mutations-shared.ts';
import type { Draft } from './request.ts';
import { columnsOf, SCHEMA } from './schema.ts';
import { WRONG_VALUES } from './values.ts';

export const EDGE_NUMBERS = [
  '-1',
  '0',
  '2147483648',
  '9223372036854775807',
  '99999999999999999999',
  '1000000000000000000000',
];

const embedsOf = (parts: Draft) => parts.embeds.filter((embed) => embed.relation === embed.table);

export const EMBED_MUTATIONS: Mutation[] = [
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
