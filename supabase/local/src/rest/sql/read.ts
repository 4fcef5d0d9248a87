import type { ReadNode } from '../read-plan.ts';
import type { Params } from './params.ts';
import { renderNode, type NodeSource } from './select.ts';

/**
 * What the rows are: a table's (or a set-returning function's) rows, answered as an array; or the one value
 * of a function that returns a single row or scalar, answered as that value (null when filtered out).
 * Scalars come in a column named `pgrst_scalar`, as in PostgREST.
 */
export type ResultKind = 'rows' | 'one-row' | 'scalars' | 'one-scalar';

export interface ReadStatementOptions {
  maxRows: number | undefined;
  /** also count every matching row (Prefer: count=…) */
  withTotal: boolean;
  stripNulls: boolean;
  result?: ResultKind;
}

/** The columns every read answers with: the JSON body (built by Postgres), the page size and the total. */
export interface ReadResultRow {
  body: string;
  single: string | null;
  page_count: number;
  total: number | null;
}

/** Wraps a planned read so Postgres returns the whole answer as JSON text, beside the counts. */
export function buildReadStatement(
  root: ReadNode,
  source: NodeSource,
  params: Params,
  options: ReadStatementOptions,
): string {
  const page = renderNode(root, source, params, { applyLimits: true, maxRows: options.maxRows });
  const total = options.withTotal
    ? `(select count(*) from (${renderNode(root, source, params, { applyLimits: false })}) as _c)::int`
    : 'null::int';
  const strip = (json: string) => (options.stripNulls ? `json_strip_nulls(${json})` : json);
  const kind = options.result ?? 'rows';
  const value = kind === 'scalars' || kind === 'one-scalar' ? '_t.pgrst_scalar' : '_t';
  if (kind === 'one-row' || kind === 'one-scalar') {
    // One value whatever the filters leave: the page is always one row, as PostgREST counts it.
    const body = `(coalesce(${strip(`json_agg(${value}) -> 0`)}, 'null'::json))::text`;
    return `select ${body} as body, ${body} as single, 1 as page_count, ${total} as total from (${page}) as _t`;
  }
  return (
    `select (${strip(`coalesce(json_agg(${value}), '[]'::json)`)})::text as body, ` +
    `case when count(*) = 1 then (${strip(`json_agg(${value}) -> 0`)})::text end as single, ` +
    `count(*)::int as page_count, ${total} as total from (${page}) as _t`
  );
}
