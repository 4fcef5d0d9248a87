// `npm start`: runs the local Supabase stack (127.0.0.1:54321), waits until its API answers, builds the site
// (whose pages read departures from that API at build time), then serves it (http://localhost:4321, or PORT)
// beside the stack until stopped. While it runs, it rebuilds the site when the sample content
// (studio/data/) or a departure changes, or Sydney's date moves on, and swaps the new build in atomically
// (scripts/start/, decision 0068). `-- --no-build` builds nothing and serves the last site `npm start`
// built (dist-start/current), or dist/ when there is none; `-- --no-watch` builds once and never rebuilds.
// `.env` is read first (scripts/env/), so the build, the stack and the site all see its variables.
//
// Stopping must stop everything, however it is asked for: Ctrl-C, or SIGTERM / SIGINT / SIGHUP sent to the
// `npm` process by a process manager, a container runtime or CI. npm forwards SIGINT and SIGTERM to the
// `sh -c` it runs the script in, which would die (SIGTERM) or wait (SIGINT) without passing them on, so
// the script `exec`s node in place of that shell. SIGHUP kills npm outright, so we also stop when our
// parent is gone.
// Each child is the real program (no npx layers) in its own process group; stopping signals the whole
// group (a build that is running too) and waits until every process in it has exited, escalating to SIGKILL
// only after a grace period.
import './env/load.mjs';
import { spawn } from 'node:child_process';
import { setInterval } from 'node:timers';
import { tsImport } from 'tsx/esm/api';
import { CONTENT_DIR, watchContent } from './start/content-watch.mjs';
import { pollSiteData, waitForSiteData } from './start/site-data.mjs';
import { createRebuildQueue } from './start/rebuild-queue.mjs';
import { siteSlots } from './start/site-slots.mjs';

const GRACE_MS = 10_000;
const WATCH_INTERVAL_MS = 250;

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const running = [];
let stopping = false;
/** What ends with a stop before the children are signalled (the rebuild watchers). */
const onStop = [];

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
  for (const stop of onStop) stop();
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

/** Starts `node args…` in its own process group, tracked so that stopping stops it. */
function spawnChild(name, args, { env = process.env, capture = false } = {}) {
  const child = spawn(process.execPath, args, {
    // Children in their own groups are background jobs of the terminal: they must not read it.
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    env,
    detached: true,
  });
  const entry = { name, child };
  running.push(entry);
  child.on('error', (error) => void stopAll(1, `${name} could not start: ${error.message}`));
  return entry;
}

/** A server: any exit of it stops everything. */
function serve(name, args) {
  const { child } = spawnChild(name, args);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
      void stopAll(code || 1, `${name} exited`);
    }
  });
}

/**
 * A step (a build): resolves with its exit code, and its output when `capture` (a rebuild prints the
 * build's output only when it fails). Its failure is the caller's to judge.
 * @returns {Promise<{ code: number, output: string }>}
 */
function step(name, args, { env, capture = false } = {}) {
  const entry = spawnChild(name, args, { env, capture });
  let output = '';
  entry.child.stdout?.on('data', (chunk) => (output += chunk));
  entry.child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    entry.child.on('exit', (code, signal) => {
      running.splice(running.indexOf(entry), 1);
      resolve({ code: code ?? (signal ? 128 : 1), output });
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
const options = process.argv.slice(2);
const slots = siteSlots();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (options.includes('--no-build')) {
  // The last site `npm start` built; else whatever `npm run build` left in dist/.
  const root = (await slots.hasSite()) ? slots.link : 'dist';
  serve('supabase-local', ['--import', 'tsx', 'supabase/local/src/main.ts']);
  serve('site', ['scripts/serve-static.mjs', '--port', port, '--root', root]);
  console.log(`[start] site on http://localhost:${port} (${root}, not rebuilt) — Ctrl-C stops everything`);
} else {
  // The site is built against the API its pages read departures from: PUBLIC_SUPABASE_URL, else this stack.
  const { loadConfig } = await tsImport('../supabase/local/src/config.ts', import.meta.url);
  const { sydneyToday } = await tsImport('../src/lib/format/today.ts', import.meta.url);
  const stackConfig = loadConfig();
  const api = {
    url: process.env.PUBLIC_SUPABASE_URL || stackConfig.apiUrl,
    anonKey: process.env.PUBLIC_SUPABASE_ANON_KEY || stackConfig.anonKey,
  };
  const buildEnv = { ...process.env, PUBLIC_SUPABASE_URL: api.url, PUBLIC_SUPABASE_ANON_KEY: api.anonKey };

  /** Builds into a fresh directory and publishes it; false when the build failed (nothing changes then). */
  async function build({ capture }) {
    if (stopping) return false;
    const outDir = await slots.nextBuildDir();
    const args = ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir];
    const result = await step('astro build', args, { env: buildEnv, capture });
    if (stopping) return false;
    if (result.code !== 0) {
      await slots.discard(outDir);
      if (capture) process.stderr.write(result.output);
      return false;
    }
    await slots.publish(outDir);
    return true;
  }

  serve('supabase-local', ['--import', 'tsx', 'supabase/local/src/main.ts']);
  const waitStarted = Date.now();
  console.log(`[start] waiting for the API at ${api.url} before building…`);
  const fingerprint = await waitForSiteData(api, { givenUp: () => stopping }).catch((error) => {
    if (!stopping) void stopAll(1, error.message);
    return null;
  });
  if (fingerprint !== null && !stopping) {
    await slots.pruneStale();
    const buildStarted = Date.now();
    console.log(`[start] API answered after ${seconds(buildStarted - waitStarted)}; building the site…`);
    if (!(await build({ capture: false }))) {
      if (!stopping) void stopAll(1, 'the site build failed');
    } else if (!stopping) {
      console.log(`[start] built in ${seconds(Date.now() - buildStarted)}`);
      serve('site', ['scripts/serve-static.mjs', '--port', port, '--root', slots.link]);
      console.log(`[start] site on http://localhost:${port} — Ctrl-C stops everything`);
      if (!options.includes('--no-watch')) watchForChanges(fingerprint);
    }
  }

  /** Rebuilds on content, departure, store catalogue and date changes until stopped (decision 0068). */
  function watchForChanges(firstFingerprint) {
    const queue = createRebuildQueue({
      async build(reasons) {
        const started = Date.now();
        const ok = await build({ capture: true });
        if (stopping) return;
        const why = reasons.join('; ');
        if (ok) console.log(`[start] rebuilt in ${seconds(Date.now() - started)}: ${why}`);
        else
          console.error(
            `[start] rebuild failed after ${seconds(Date.now() - started)} (${why}); still serving the previous site`,
          );
      },
    });
    // A stop ends the watchers first; a rebuild asked for while stopping never starts.
    onStop.push(queue.stop);
    onStop.push(watchContent({ onChange: (reason) => queue.request(reason) }));
    onStop.push(
      pollSiteData({
        api,
        fingerprint: firstFingerprint,
        today: () => sydneyToday(),
        onChange: (reason) => queue.request(reason),
        onError: (message) => console.error(`[start] ${message}`),
      }),
    );
    console.log(
      `[start] rebuilding when ${CONTENT_DIR}/, a departure or the store's catalogue changes (checked every 5 s), or at Sydney's midnight; \`--no-watch\` turns this off`,
    );
  }
}
