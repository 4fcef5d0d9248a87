import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Test helpers for scripts/serve-static.mjs: a miniature dist/ in a temporary directory, the server run
// as its own process (as `npm start` runs it, so a crash shows as an exit), and raw requests over TCP.

export async function makeSite(
  files: Record<string, string>,
): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'static-site-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `node scripts/serve-static.mjs --root <root> --port 0` and waits for its "Serving … at" line. */
export function startServerProcess(root: string): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['scripts/serve-static.mjs', '--root', root, '--port', '0', '--host', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolveStart, rejectStart) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /at (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      if (url?.[1] && url[2]) {
        const port = Number(url[2]);
        resolveStart({
          url: url[1],
          port,
          child,
          output: () => output,
          stop: () =>
            new Promise((resolveStop) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
              child.once('exit', () => resolveStop());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      rejectStart(new Error(`serve-static exited (${code}) before listening:\n${output}`)),
    );
  });
}

/**
 * Sends raw bytes and resolves with everything the server answered before closing (or before `waitMs` of
 * silence once something arrived). Socket errors count as an answer: the server may drop a bad client.
 */
export function rawRequest(port: number, bytes: string | Buffer, waitMs = 50): Promise<string> {
  return new Promise((resolveRequest) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolveRequest(answer);
    };
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      clearTimeout(timer);
      timer = setTimeout(finish, waitMs);
    });
    socket.on('error', finish);
    socket.on('close', finish);
    timer = setTimeout(finish, 3000);
  });
}

/** The status code of the first response in a raw answer, or null when there is none. */
export function statusOf(answer: string): number | null {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
  return match?.[1] ? Number(match[1]) : null;
}
