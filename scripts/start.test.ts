import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm start` stopped the way process managers, containers and CI stop programs — a signal to the `npm`
// process — must stop the local stack and the site server too, so their ports are free for the next start.
// Each case runs the real `npm start` (skipping only the build) on free ports with an in-memory database.

const STARTUP_MS = 120_000;
const SHUTDOWN_MS = 30_000;

// Ports outside the range the kernel hands out for outgoing connections (32768–60999 on Linux): a port the
// kernel gave us through listen(0) could be taken, between our check and the start, as the source port of
// one of the suite's many database connections, and the server binding it then fails (EADDRINUSE).
const PORT_LOW = 20_000;
const PORT_HIGH = 32_000;
const portsGiven = new Set<number>();

async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = PORT_LOW + Math.floor(Math.random() * (PORT_HIGH - PORT_LOW));
    if (portsGiven.has(port)) continue;
    if ((await canListen('127.0.0.1', port)) && (await canListen('localhost', port))) {
      portsGiven.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${PORT_LOW} and ${PORT_HIGH}`);
}

/** Whether something accepts connections on host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolveCheck) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolveCheck(true);
    });
    socket.once('error', () => resolveCheck(false));
  });
}

/** Whether this process can listen on host:port itself, i.e. nothing holds the port. */
function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((resolveCheck) => {
    const server = createServer();
    server.once('error', () => resolveCheck(false));
    server.listen(port, host, () => server.close(() => resolveCheck(true)));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${log()}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
}

/** Waits for something `npm start` should bring up, failing at once (with its output) if it exits first. */
function untilStarted(npm: ChildProcess, what: string, check: () => Promise<boolean>, log: () => string) {
  return waitFor(
    what,
    async () => {
      if (npm.exitCode !== null || npm.signalCode !== null) {
        throw new Error(
          `npm start exited (${npm.signalCode ?? npm.exitCode}) before ${what}; output:\n${log()}`,
        );
      }
      return check();
    },
    STARTUP_MS,
    log,
  );
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

describe('npm start stops everything it started', () => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(
      `on ${signal} to the npm process`,
      async () => {
        const sitePort = await freePort();
        const apiPort = await freePort();
        const mailPort = await freePort();
        const npm = spawn('npm', ['start', '--', '--no-build'], {
          env: {
            ...process.env,
            PORT: String(sitePort),
            SUPABASE_LOCAL_PORT: String(apiPort),
            SUPABASE_LOCAL_MAIL_PORT: String(mailPort),
            SUPABASE_LOCAL_DATA_DIR: 'memory',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        npm.stdout?.on('data', (chunk) => (output += chunk));
        npm.stderr?.on('data', (chunk) => (output += chunk));
        const log = () => output;
        try {
          await untilStarted(npm, 'the site', () => accepts('localhost', sitePort), log);
          await untilStarted(npm, 'the stack', () => accepts('127.0.0.1', apiPort), log);

          npm.kill(signal);
          await exited(npm);
          await waitFor(
            'the site port to be free',
            async () => !(await accepts('localhost', sitePort)),
            SHUTDOWN_MS,
            log,
          );
          await waitFor(
            'the API port to be free',
            async () => !(await accepts('127.0.0.1', apiPort)),
            SHUTDOWN_MS,
            log,
          );
          expect(await canListen('127.0.0.1', apiPort)).toBe(true);
          expect(await canListen('localhost', sitePort)).toBe(true);
        } finally {
          if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
        }
      },
      STARTUP_MS + 2 * SHUTDOWN_MS,
    );
  }
});

/** Variables `npm start` reads; the case below takes them out of its environment so only `.env` sets them. */
const START_VARIABLES = [
  'PORT',
  'SUPABASE_LOCAL_PORT',
  'SUPABASE_LOCAL_MAIL_PORT',
  'SUPABASE_LOCAL_DATA_DIR',
];

describe('npm start reads .env', () => {
  it(
    'serves the site on the PORT written in .env, as .env.example invites',
    async () => {
      // A copy of the project whose own .env the test may write (the real checkout's .env is the
      // developer's): its start command and scripts/, a built site, node_modules and supabase/ linked.
      const repo = resolve('.');
      const root = await mkdtemp(join(tmpdir(), 'start-env-'));
      const sitePort = await freePort();
      const apiPort = await freePort();
      const mailPort = await freePort();
      // package.json with the real start command (without the workspaces, which are not copied).
      const pkg = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      await writeFile(
        join(root, 'package.json'),
        JSON.stringify({ name: 'start-env-test', private: true, scripts: { start: pkg.scripts['start'] } }),
      );
      await cp(join(repo, 'scripts'), join(root, 'scripts'), { recursive: true });
      await symlink(join(repo, 'node_modules'), join(root, 'node_modules'));
      await symlink(join(repo, 'supabase'), join(root, 'supabase'));
      await mkdir(join(root, 'dist'));
      await writeFile(join(root, 'dist', 'index.html'), '<!doctype html><title>env test</title><p>from dist');
      await writeFile(
        join(root, '.env'),
        [
          '# as copied from .env.example, then edited',
          `PORT=${sitePort}`,
          `SUPABASE_LOCAL_PORT=${apiPort}`,
          `SUPABASE_LOCAL_MAIL_PORT=${mailPort}`,
          'SUPABASE_LOCAL_DATA_DIR=memory',
          '',
        ].join('\n'),
      );
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !START_VARIABLES.includes(name)),
      );
      const npm = spawn('npm', ['start', '--', '--no-build'], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout?.on('data', (chunk) => (output += chunk));
      npm.stderr?.on('data', (chunk) => (output += chunk));
      const log = () => output;
      try {
        await untilStarted(
          npm,
          'the start line',
          async () => /site on http:\/\/localhost:\d+/.test(output),
          log,
        );
        expect(/site on http:\/\/localhost:(\d+)/.exec(output)?.[1]).toBe(String(sitePort));
        await untilStarted(npm, 'the site', () => accepts('localhost', sitePort), log);
        const response = await fetch(`http://localhost:${sitePort}/`);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('from dist');
        await untilStarted(npm, 'the stack', () => accepts('127.0.0.1', apiPort), log);

        npm.kill('SIGTERM');
        await exited(npm);
        await waitFor(
          'the site port to be free',
          async () => !(await accepts('localhost', sitePort)),
          SHUTDOWN_MS,
          log,
        );
      } finally {
        if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
        await exited(npm);
        await rm(root, { recursive: true, force: true });
      }
    },
    STARTUP_MS + 2 * SHUTDOWN_MS,
  );
});

/** Processes whose working directory is `dir`: what a start in that copy left running. */
async function processesIn(dir: string): Promise<string[]> {
  const left: string[] = [];
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null);
    if (cwd !== dir) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    // An orphan that exited stays a zombie until init reaps it; it holds nothing.
    if (/^State:\s+Z/m.test(status)) continue;
    left.push(
      `${pid}: ${(await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ')}`,
    );
  }
  return left;
}

describe('npm start builds once the stack answers', () => {
  it(
    'waits for the API before the build, and a signal during the build stops the build too',
    async () => {
      // A copy of the project (as above) with what a build reads linked in, so that the build it starts
      // and stops writes nothing into this checkout's dist-start/.
      const repo = resolve('.');
      const root = await mkdtemp(join(tmpdir(), 'start-build-'));
      const sitePort = await freePort();
      const apiPort = await freePort();
      const mailPort = await freePort();
      const pkg = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      await writeFile(
        join(root, 'package.json'),
        JSON.stringify({
          name: 'start-build-test',
          private: true,
          type: 'module',
          scripts: { start: pkg.scripts['start'] },
        }),
      );
      await cp(join(repo, 'scripts'), join(root, 'scripts'), { recursive: true });
      for (const linked of [
        'node_modules',
        'supabase',
        'src',
        'public',
        'studio',
        'astro.config.mjs',
        'tsconfig.json',
      ]) {
        await symlink(join(repo, linked), join(root, linked));
      }
      const npm = spawn('npm', ['start'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(sitePort),
          SUPABASE_LOCAL_PORT: String(apiPort),
          SUPABASE_LOCAL_MAIL_PORT: String(mailPort),
          SUPABASE_LOCAL_DATA_DIR: 'memory',
          PUBLIC_SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout?.on('data', (chunk) => (output += chunk));
      npm.stderr?.on('data', (chunk) => (output += chunk));
      const log = () => output;
      try {
        await untilStarted(npm, 'the build to start', async () => output.includes('building the site'), log);
        // The stack answered before the build began: the build may read departures from it.
        expect(output.indexOf('[start] API answered')).toBeGreaterThan(
          output.indexOf('[start] waiting for the API'),
        );
        expect(await accepts('127.0.0.1', apiPort)).toBe(true);

        npm.kill('SIGTERM');
        await exited(npm);
        expect(output).toContain('[start] SIGTERM: stopping supabase-local, astro build');
        await waitFor(
          'the API port to be free',
          async () => !(await accepts('127.0.0.1', apiPort)),
          SHUTDOWN_MS,
          log,
        );
        expect(await accepts('localhost', sitePort)).toBe(false);
        await waitFor(
          'every process of the start to end',
          async () => (await processesIn(root)).length === 0,
          SHUTDOWN_MS,
          log,
        );
      } finally {
        if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
        await exited(npm);
        await rm(root, { recursive: true, force: true });
      }
    },
    STARTUP_MS + 2 * SHUTDOWN_MS,
  );
});
