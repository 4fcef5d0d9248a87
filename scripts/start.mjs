// `npm start`: builds the site, then runs the local Supabase stack (127.0.0.1:54321) and the site
// (http://localhost:4321, or PORT) side by side until stopped; `npm start -- --no-build` serves the dist/
// there is. `.env` is read first (scripts/env/), so the build, the stack and the site all see its variables.
//
// Stopping must stop everything, however it is asked for: Ctrl-C, or SIGTERM / SIGINT / SIGHUP sent to the
// `npm` process by a process manager, a container runtime or CI. npm forwards SIGINT and SIGTERM to the
// `sh -c` it runs the script in, which would die (SIGTERM) or wait (SIGINT) without passing them on, so
// the script `exec`s node in place of that shell. SIGHUP kills npm outright, so we also stop when our
// parent is gone.
// Each child is the real program (no npx layers) in its own process group; stopping signals the whole
// group and waits until every process in it has exited, escalating to SIGKILL only after a grace period.
import './env/load.mjs';
import { spawn } from 'node:child_process';
import { setInterval } from 'node:timers';

const GRACE_MS = 10_000;
const WATCH_INTERVAL_MS = 250;

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const running = [];
let stopping = false;

/** Sends a signal to every process in the child's group; false once the group is gone. */
function signalGroup(child, signal) {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves once no process of the child's group is left (the child itself and anything it started), or
 * at the deadline: an orphan that already exited stays visible as a zombie until init reaps it, and in a
 * container without an init that may be never. Zombies hold no ports.
 */
async function groupGone(entry, deadline) {
  if (entry.child.exitCode === null && entry.child.signalCode === null) {
    await new Promise((resolve) => entry.child.once('exit', resolve));
  }
  while (Date.now() < deadline && signalGroup(entry.child, 0)) await sleep(50);
}

async function stopAll(code, reason) {
  if (stopping) return;
  stopping = true;
  console.log(`[start] ${reason}: stopping ${running.map((entry) => entry.name).join(', ') || 'nothing'}`);
  for (const entry of running) signalGroup(entry.child, 'SIGTERM');
  const killer = setTimeout(() => {
    for (const entry of running) {
      if (signalGroup(entry.child, 'SIGKILL')) console.error(`[start] ${entry.name} ignored SIGTERM; killed`);
    }
  }, GRACE_MS);
  const deadline = Date.now() + GRACE_MS + 2_000;
  await Promise.all(running.map((entry) => groupGone(entry, deadline)));
  clearTimeout(killer);
  process.exit(code);
}

/**
 * Starts `node args…` in its own process group. Resolves when it exits with 0 if `wait` (a build step);
 * any other exit stops everything.
 */
function run(name, args, { wait = false } = {}) {
  const child = spawn(process.execPath, args, {
    // Children in their own groups are background jobs of the terminal: they must not read it.
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
    detached: true,
  });
  const entry = { name, child };
  running.push(entry);
  child.on('error', (error) => void stopAll(1, `${name} could not start: ${error.message}`));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (wait && code === 0) {
        running.splice(running.indexOf(entry), 1);
        resolve(undefined);
        return;
      }
      if (!stopping) {
        console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
        void stopAll(code || 1, `${name} exited`);
      }
    });
  });
}

/** npm (our parent, since the script `exec`s us) going away ends us too: we are re-parented then. */
function watchLauncher() {
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) void stopAll(0, 'npm is gone');
  }, WATCH_INTERVAL_MS).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0, signal));
// A crash of this script must not leave the servers behind in their own process groups.
process.on('exit', () => {
  for (const entry of running) signalGroup(entry.child, 'SIGKILL');
});
watchLauncher();

const port = process.env.PORT ?? '4321';
if (!process.argv.includes('--no-build')) {
  console.log('[start] building the site…');
  await run('astro build', ['node_modules/astro/bin/astro.mjs', 'build'], { wait: true });
}
if (!stopping) {
  run('supabase-local', ['--import', 'tsx', 'supabase/local/src/main.ts']);
  run('site', ['scripts/serve-static.mjs', '--port', port]);
  console.log(`[start] site on http://localhost:${port} — Ctrl-C stops everything`);
}
