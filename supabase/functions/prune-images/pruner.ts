/**
 * Removes images in the event-images bucket that no post names a day after their upload (decision 0083):
 * asks the database which they are (public.orphan_event_images, service role only) and removes them
 * through the Storage API, which deletes the file with its row; hosted Storage refuses deletes by SQL.
 * Batches of at most 500, until none are left or the time budget is spent. Web-standard code.
 */

export interface PruneOptions {
  /** The project's API origin (SUPABASE_URL). */
  url: string;
  serviceRoleKey: string;
  /** Stop starting batches after this long, within the function's wall-clock limit. */
  budgetMs?: number;
  fetch?: typeof fetch;
}

const BATCH = 500;

function headers(options: PruneOptions): Record<string, string> {
  return {
    apikey: options.serviceRoleKey,
    authorization: `Bearer ${options.serviceRoleKey}`,
    'content-type': 'application/json',
  };
}

export async function pruneImages(options: PruneOptions): Promise<{ removed: number }> {
  const send = options.fetch ?? fetch;
  const stopAt = Date.now() + (options.budgetMs ?? 50_000);
  let removed = 0;
  while (Date.now() < stopAt) {
    const listed = await send(`${options.url}/rest/v1/rpc/orphan_event_images`, {
      method: 'POST',
      headers: headers(options),
      body: JSON.stringify({ max_rows: BATCH }),
    });
    if (!listed.ok) throw new Error(`orphan_event_images: HTTP ${listed.status} ${await listed.text()}`);
    const names = (await listed.json()) as string[];
    if (names.length === 0) break;
    const deleted = await send(`${options.url}/storage/v1/object/event-images`, {
      method: 'DELETE',
      headers: headers(options),
      body: JSON.stringify({ prefixes: names }),
    });
    if (!deleted.ok) throw new Error(`Storage remove: HTTP ${deleted.status} ${await deleted.text()}`);
    const gone = ((await deleted.json()) as unknown[]).length;
    removed += gone;
    // Nothing removed (another run took them): stop rather than list the same names again.
    if (gone === 0 || names.length < BATCH) break;
  }
  return { removed };
}
