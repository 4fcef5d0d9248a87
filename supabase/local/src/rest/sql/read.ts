import type { ReadNode } from '../read-plan.ts';
import type { Params } from './params.ts';
import { renderNode, type NodeSource } from './select.ts';

export interface ReadStatementOptions {
  maxRows: number | undefined;
  /** also count every matching row (Prefer: count=…) */
  withTotal: boolean;
  stripNulls: boolean;
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
  return (
    `select (${strip(`coalesce(json_agg(_t), '[]'::json)`)})::text as body, ` +
    `case when count(*) = 1 then (${strip('json_agg(_t) -> 0')})::text end as single, ` +
    `count(*)::int as page_count, ${total} as total from (${page}) as _t`
  );
}
