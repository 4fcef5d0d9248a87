import type { Catalog, Table } from './catalog.ts';
import type { RestCall } from './call.ts';
import { header } from '../http.ts';
import { applyRangeHeader, parseRequestQuery } from './query-params.ts';
import { planRead } from './read-plan.ts';
import { appliedPreferences } from './prefer.ts';
import { bodyFor, contentRange, readStatus, send } from './respond.ts';
import { Params, qualified } from './sql/params.ts';
import { buildReadStatement, type ReadResultRow } from './sql/read.ts';

/** GET/HEAD /rest/v1/<table>: select, filters, order, limits and counts. */
export async function handleRead(call: RestCall, catalog: Catalog, table: Table): Promise<void> {
  const query = parseRequestQuery(call.url.searchParams);
  // As in PostgREST (RFC 9110), the Range header counts on GET only.
  if (call.req.method === 'GET') applyRangeHeader(query, header(call.req, 'range'));
  const root = planRead(catalog, table, query);
  const params = new Params();
  const sql = buildReadStatement(root, { sql: qualified(table.name) }, params, {
    maxRows: call.ctx.config.maxRows,
    withTotal: call.prefs.count !== undefined,
    stripNulls: call.shape.stripNulls,
  });
  const result = await call.transaction(
    async (tx) => (await tx.query<ReadResultRow>(sql, params.values)).rows[0],
  );
  if (!result) throw new Error('a read returned no row');
  const offset = root.offset ?? 0;
  const status = readStatus(offset, result.page_count, result.total);
  const body = bodyFor(call.shape, result);
  send(
    call.res,
    status,
    call.shape,
    body,
    {
      'content-range': contentRange(offset, result.page_count, result.total),
      'preference-applied': appliedPreferences(call.prefs, ['count']),
    },
    call.req.method === 'HEAD',
  );
}
