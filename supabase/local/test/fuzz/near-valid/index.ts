// Nearly valid REST requests (the rest-near family): a valid base with one mutation.
import type { FuzzRequest, FuzzWorld } from '../generate.ts';
import type { Random } from '../random.ts';
import { BASES, NEAR_BASE_KINDS } from './bases.ts';
import { MUTATIONS, pickWeighted } from './mutations.ts';
import { render } from './request.ts';

export { NEAR_BASE_KINDS, nearValidBase, type BaseKind } from './bases.ts';

/**
 * Nearly valid REST requests: each starts from a request supabase-js itself would send and the stack answers
 * 2xx (real tables and columns with their real types, real embeds, well-typed filters, Prefer, Range, RPC),
 * then exactly one labelled mutation is applied. Unlike the hostile families, these get past the parsers,
 * so the planner, the SQL builder and Postgres's own type checks are what answer.
 */

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
