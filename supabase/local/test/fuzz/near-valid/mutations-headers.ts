// Mutations of paging (limit, offset, Range), of the Prefer and Accept headers, and of the caller.
import { EDGE_NUMBERS } from './mutations-embeds.ts';
import { hasRows, setParam, type Mutation } from './mutations-shared.ts';

export const RANGE_MUTATIONS: Mutation[] = [
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

export const HEADER_MUTATIONS: Mutation[] = [
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

export const CALLER_MUTATIONS: Mutation[] = [
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
