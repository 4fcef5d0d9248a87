/** Rows per page of every admin table. */
export const PAGE_SIZE = 25;
/** Rows per request when a whole list is exported (PostgREST's usual max-rows is 1,000). */
export const EXPORT_BATCH = 1000;
/** An export stops here: a list longer than this is narrowed with a search or filter first. */
export const EXPORT_MAX_ROWS = 50_000;

/** The inclusive row range of a 1-based page, as supabase-js's `.range(from, to)` takes it. */
export function pageRange(page: number, pageSize = PAGE_SIZE): { from: number; to: number } {
  const from = (Math.max(1, page) - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** How many pages `total` rows fill (at least one, so an empty list still reads "page 1 of 1"). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Every row of a list for its CSV export, read in batches: `readBatch(from, to)` answers one range and the
 * total. Stops at the total, at a short batch, or at EXPORT_MAX_ROWS.
 */
export async function readAllRows<Row>(
  readBatch: (from: number, to: number) => Promise<{ rows: Row[]; total: number | null }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; from < EXPORT_MAX_ROWS; from += EXPORT_BATCH) {
    const batch = await readBatch(from, from + EXPORT_BATCH - 1);
    rows.push(...batch.rows);
    if (batch.rows.length < EXPORT_BATCH || (batch.total !== null && rows.length >= batch.total)) break;
  }
  return rows;
}

/** What every paged admin list RPC's rows carry (decision 0052): how many rows match its search and filters. */
export interface PagedRecord {
  total_count: number;
}

/** One page of a list: its rows, and how many match (null past the end, where no row carries the total). */
export interface ListPage<Row> {
  rows: Row[];
  total: number | null;
}

/**
 * The page of a list RPC's answer starting at row `from`: the rows without their total_count, and the total
 * they carry. An empty first page says 0; an empty page past the end cannot say, so its total is null.
 */
export function pageOf<Row extends PagedRecord>(
  records: readonly Row[],
  from: number,
): ListPage<Omit<Row, 'total_count'>> {
  return {
    rows: records.map(({ total_count: _total, ...row }) => row),
    total: records[0]?.total_count ?? (from === 0 ? 0 : null),
  };
}

/**
 * A list RPC's row with the columns that may be null said so: the generator types every column of a
 * function's RETURNS TABLE as present, as `supabase gen types` does, so each list names its nullable ones.
 */
export type WithNulls<Row, Column extends keyof Row> = Omit<Row, Column> & { [K in Column]: Row[K] | null };
