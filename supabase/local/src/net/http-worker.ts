import type { Database } from '../db/types.ts';

/**
 * pg_net's background worker, locally (bootstrap.sql provides `net.http_post` and its tables where the
 * extension is missing). It takes what committed transactions queued in `net.http_request_queue`, sends each
 * request without waiting for the others, as pg_net's worker does, and keeps the answer, or the error, in
 * `net._http_response` under the request's id for pg_net's six hours. A request to the stack's own URL
 * reaches its own Edge Functions, as a request from hosted Postgres reaches the project's. Taken rows leave
 * the queue in the same statement, so two workers on one database never send a request twice; a worker that
 * dies with requests in flight loses them, as pg_net does. Decision 0083.
 */

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

/** As many requests as pg_net's worker takes at once (its `pg_net.batch_size`). */
const BATCH = 200;
/** How long pg_net keeps answers (its `pg_net.ttl`). */
const RESPONSE_TTL = '6 hours';

export interface HttpWorker {
  /** Takes and sends everything queued; resolves once their answers are kept. */
  sendQueued(): Promise<number>;
  stop(): Promise<void>;
}

export function createHttpWorker(db: Database): HttpWorker {
  let taking: Promise<number> | null = null;
  const inFlight = new Set<Promise<void>>();

  async function send(request: QueuedRequest): Promise<void> {
    let response: {
      status_code: number | null;
      content_type: string | null;
      headers: Record<string, string> | null;
      content: string | null;
      timed_out: boolean;
      error_msg: string | null;
    };
    try {
      const answer = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body && request.method !== 'GET' ? { body: Buffer.from(request.body) } : {}),
        signal: AbortSignal.timeout(request.timeout_milliseconds),
      });
      response = {
        status_code: answer.status,
        content_type: answer.headers.get('content-type'),
        headers: Object.fromEntries(answer.headers),
        content: await answer.text(),
        timed_out: false,
        error_msg: null,
      };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      response = {
        status_code: null,
        content_type: null,
        headers: null,
        content: null,
        timed_out: timedOut,
        error_msg: timedOut
          ? `Timeout of ${request.timeout_milliseconds} ms reached`
          : error instanceof Error
            ? ((error.cause as Error | undefined)?.message ?? error.message)
            : String(error),
      };
    }
    await db.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        request.id,
        response.status_code,
        response.content_type,
        response.headers ? JSON.stringify(response.headers) : null,
        response.content,
        response.timed_out,
        response.error_msg,
      ],
    );
  }

  let prunedAt = 0;

  async function takeOnce(): Promise<number> {
    // Old answers go once a minute, not on every look (the poll runs every few seconds on PGlite too).
    if (Date.now() - prunedAt > 60_000) {
      prunedAt = Date.now();
      await db.query(`delete from net._http_response where created < now() - interval '${RESPONSE_TTL}'`);
    }
    let taken = 0;
    for (;;) {
      const { rows } = await db.query<QueuedRequest>(
        `delete from net.http_request_queue
         where id in (select id from net.http_request_queue order by id limit ${BATCH} for update skip locked)
         returning id::text, method, url, headers, body, timeout_milliseconds`,
      );
      if (rows.length === 0) return taken;
      taken += rows.length;
      for (const request of rows) {
        const sending = send(request).catch((error: unknown) => {
          console.error('[supabase-local] pg_net:', error instanceof Error ? error.message : error);
        });
        inFlight.add(sending);
        void sending.finally(() => inFlight.delete(sending));
      }
    }
  }

  return {
    async sendQueued() {
      while (taking) await taking.catch(() => 0);
      taking = takeOnce();
      let taken: number;
      try {
        taken = await taking;
      } finally {
        taking = null;
      }
      await Promise.all(inFlight);
      return taken;
    },
    async stop() {
      await taking?.catch(() => 0);
      await Promise.all(inFlight);
    },
  };
}

/** Runs the worker in the background: on each NOTIFY pg_net (sent on commit) and every `pollMs`. */
export async function startHttpWorker(db: Database, { pollMs = 5_000 } = {}): Promise<HttpWorker> {
  const worker = createHttpWorker(db);
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    worker.sendQueued().catch((error: unknown) => {
      if (!stopped) console.error('[supabase-local] pg_net:', error instanceof Error ? error.message : error);
    });
  };
  const unlisten = await db.listen?.('pg_net', wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  return {
    sendQueued: () => worker.sendQueued(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await worker.stop();
    },
  };
}
