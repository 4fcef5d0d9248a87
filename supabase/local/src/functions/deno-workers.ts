import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Edge Functions run as hosted Supabase runs them: each function's `index.ts` under real Deno (the `deno`
 * npm package's binary), booted by its first request (a cold start) and kept for the next ones. Each
 * worker is its own process listening on a free port of 127.0.0.1 (DENO_SERVE_ADDRESS), so `Deno.serve`
 * in a function needs no change. Its environment is what hosted gives a function (SUPABASE_URL, the two
 * keys, SUPABASE_DB_URL when the database has one) plus the project's secrets from
 * `supabase/functions/.env`, as `supabase functions serve` reads it, and any a test sets.
 */

/** How long a worker may take to boot before its request is answered BOOT_ERROR. */
const BOOT_TIMEOUT_MS = 30_000;
/** What a worker printed last (its log), kept to explain a boot failure. */
const LOG_LINES = 40;
/** A function's folder name, as the CLI accepts it. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export interface WorkerEnvironment {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  SUPABASE_DB_URL?: string;
}

export class BootError extends Error {}

interface Worker {
  origin: string;
  child: ChildProcess;
}

/** The Deno binary the `deno` package installed for this platform. */
function denoBinary(): string {
  const require = createRequire(import.meta.url);
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

/** `supabase/functions/.env`, when there is one: the project's secrets, as `supabase secrets set` holds them. */
function projectSecrets(functionsDir: string): Record<string, string> {
  const file = path.join(functionsDir, '.env');
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    Object.entries(parseEnv(readFileSync(file, 'utf8'))).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

export class DenoWorkers {
  readonly #functionsDir: string;
  readonly #environment: () => WorkerEnvironment;
  readonly #extra: Record<string, string>;
  readonly #workers = new Map<string, Promise<Worker>>();
  #closed = false;

  /** `extra`: secrets a test gives the functions (e.g. a payment provider's test key and address). */
  constructor(
    functionsDir: string,
    environment: () => WorkerEnvironment,
    extra: Record<string, string> = {},
  ) {
    this.#functionsDir = functionsDir;
    this.#environment = environment;
    this.#extra = extra;
  }

  /** Whether supabase/functions/<name>/index.ts exists: a function the CLI would deploy. */
  has(name: string): boolean {
    return FUNCTION_NAME.test(name) && existsSync(path.join(this.#functionsDir, name, 'index.ts'));
  }

  /** The origin of the function's running worker, booting it first if it is not running. */
  async origin(name: string): Promise<string> {
    if (this.#closed) throw new BootError('the stack is stopping');
    let worker = this.#workers.get(name);
    if (!worker) {
      worker = this.#boot(name);
      this.#workers.set(name, worker);
      // A worker that failed to boot is tried again by the next request, as hosted does.
      worker.catch(() => this.#workers.delete(name));
    }
    return (await worker).origin;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const workers = await Promise.allSettled(this.#workers.values());
    this.#workers.clear();
    await Promise.all(
      workers.map((settled) => (settled.status === 'fulfilled' ? stop(settled.value.child) : undefined)),
    );
  }

  #boot(name: string): Promise<Worker> {
    const log: string[] = [];
    const child = spawn(
      denoBinary(),
      ['run', '--no-prompt', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', 'index.ts'],
      {
        cwd: path.join(this.#functionsDir, name),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ...projectSecrets(this.#functionsDir),
          ...this.#extra,
          ...this.#environment(),
          DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // However the stack's process ends, its workers end with it.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    return new Promise<Worker>((resolve, reject) => {
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new BootError(`${name}: ${why}\n${log.join('\n')}`));
      };
      const timer = setTimeout(() => fail(`no answer after ${BOOT_TIMEOUT_MS} ms`), BOOT_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          log.push(line);
          if (log.length > LOG_LINES) log.shift();
          const listening = /^Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
          if (listening) {
            clearTimeout(timer);
            resolve({ origin: listening[1]!, child });
          }
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('error', (error) => fail(error.message));
      child.on('exit', (code, signal) => {
        // Before it listened: a boot failure. After: the next request boots it again.
        fail(`exited (${signal ?? code})`);
        this.#workers.delete(name);
      });
    });
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
