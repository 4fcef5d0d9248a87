// The worker thread that owns PGlite. PGlite runs Postgres on the thread that calls it and cannot be
// interrupted there, so it lives here: the main thread stays free to answer, and ends this worker when a
// statement outlives its statement_timeout (see pglite-thread.ts and docs/decisions/0004).
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type SerializerOptions } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { fromError, type WorkerOptions, type WorkerReply, type WorkerRequest } from './pglite-protocol.ts';
import { TimeoutTracker } from './timeout-tracker.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;
const options = workerData as WorkerOptions;
const post = (reply: WorkerReply) => port.postMessage(reply);

function fromPgliteResult<T>(result: Results<T>) {
  return {
    rows: result.rows,
    fields: result.fields,
    rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
  };
}

/**
 * PGlite serializes each parameter for the type the server infers (a string 'maybe' for a boolean becomes
 * a JavaScript error). Strings go to the server as they are instead, as node-postgres sends them, so
 * Postgres itself parses them and answers a malformed value with its own error; other values keep
 * PGlite's serializers.
 */
function sendStringsAsText(pglite: PGlite): SerializerOptions {
  return new Proxy({} as SerializerOptions, {
    get: (_, oid) => (value: unknown) => {
      if (typeof value === 'string') return value;
      const serialize = typeof oid === 'string' ? pglite.serializers[oid] : undefined;
      return serialize ? serialize(value) : String(value);
    },
  });
}

async function open(): Promise<PGlite> {
  // PGlite creates only the last folder of dataDir; a fresh clone has no .data/ yet.
  mkdirSync(options.dataDir, { recursive: true });
  // pgcrypto for crypt()/gen_salt('bf') in the seed; uuid-ossp because Supabase projects have it too.
  return PGlite.create({
    dataDir: options.dataDir,
    extensions: { pgcrypto, uuid_ossp },
    pgliteWasmModule: options.pgliteWasmModule,
    initdbWasmModule: options.initdbWasmModule,
    fsBundle: new Blob([options.fsBundle]),
  });
}

async function serve(pglite: PGlite): Promise<void> {
  const serializers = sendStringsAsText(pglite);
  const timeout = new TimeoutTracker(pglite);
  await timeout.start();
  async function run(request: WorkerRequest): Promise<void> {
    switch (request.op) {
      case 'query':
      case 'exec': {
        const script = request.op === 'exec';
        let result;
        try {
          if (request.begin) {
            await pglite.query('begin');
            await timeout.after('begin', []);
          }
          result = script
            ? (await pglite.exec(request.sql), undefined)
            : fromPgliteResult(await pglite.query(request.sql, request.params, { serializers }));
        } catch (error) {
          if (!script) await timeout.after(request.sql, undefined).catch(() => undefined);
          post({ type: 'error', id: request.id, error: fromError(error), statementTimeoutMs: timeout.ms });
          return;
        }
        if (script) await timeout.afterScript(request.sql);
        else await timeout.after(request.sql, result?.rows as Record<string, unknown>[]);
        post({ type: 'done', id: request.id, result, statementTimeoutMs: timeout.ms });
        return;
      }
      case 'listen':
        await pglite.listen(request.channel, () => post({ type: 'notify', channel: request.channel }));
        post({ type: 'done', id: request.id, statementTimeoutMs: timeout.ms });
        return;
      case 'close':
        await pglite.close();
        post({ type: 'done', id: request.id, statementTimeoutMs: timeout.ms });
        port.close();
    }
  }
  port.on('message', (request: WorkerRequest) => {
    run(request).catch((error: unknown) =>
      post({ type: 'error', id: request.id, error: fromError(error), statementTimeoutMs: timeout.ms }),
    );
  });
}

try {
  const pglite = await open();
  await serve(pglite);
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'failed', error: fromError(error) });
}
