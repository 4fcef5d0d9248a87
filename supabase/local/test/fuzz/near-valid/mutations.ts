// All the mutations, and the weighted choice of one that applies.
import type { Random } from '../random.ts';
import { EMBED_MUTATIONS } from './mutations-embeds.ts';
import { FILTER_MUTATIONS } from './mutations-filters.ts';
import { CALLER_MUTATIONS, HEADER_MUTATIONS, RANGE_MUTATIONS } from './mutations-headers.ts';
import { ORDER_MUTATIONS, SELECT_MUTATIONS } from './mutations-select.ts';
import type { Mutation } from './mutations-shared.ts';
import { RPC_MUTATIONS, WRITE_MUTATIONS } from './mutations-writes.ts';

export const MUTATIONS: Mutation[] = [
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

export function pickWeighted(rng: Random, mutations: Mutation[]): Mutation {
  const total = mutations.reduce((sum, mutation) => sum + mutation.weight, 0);
  let point = rng.next() * total;
  for (const mutation of mutations) {
    point -= mutation.weight;
    if (point < 0) return mutation;
  }
  return mutations[mutations.length - 1] as Mutation;
}
