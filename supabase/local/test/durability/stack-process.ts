import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../../../..');
const MAIN = path.join(REPO_ROOT, 'supabase/local/src/main.ts');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

export interface StackProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface StackProcessOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
}

/**
 * Starts `src/main.ts` as a real child process and waits until it answers. Node runs it with tsx's loader
 * (not the tsx CLI, which would put a wrapper process between us and the server), in its own process group so
 * a kill reaches everything it started.
 */
export async function startStackProcess({
  port,
  dataDir,
  databaseUrl,
}: StackProcessOptions): Promise<StackProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SUPABASE_LOCAL_PORT: String(port),
    // A free mailbox port: the default (54324) may belong to another stack on this machine.
    SUPABASE_LOCAL_MAIL_PORT: '0',
    SUPABASE_LOCAL_DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stack: StackProcess = {
    url,
    child,
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      if (child.pid === undefined) child.kill(signal);
      else process.kill(-child.pid, signal);
      await exited;
    },
  };
  await waitUntilHealthy(stack, 90_000);
  return stack;
}

async function waitUntilHealthy(stack: StackProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stack.child.exitCode !== null) {
      throw new Error(`the stack exited with ${stack.child.exitCode}:\n${stack.output()}`);
    }
    try {
      const response = await fetch(`${stack.url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stack.kill('SIGKILL');
  throw new Error(`the stack did not answer within ${timeoutMs} ms:\n${stack.output()}`);
}
