#!/usr/bin/env node
// `npm run test:e2e`: start the servers the browser tests need, build the site (its pages read departures
// from the stack at build time, so the stack must answer first: decision 0068), check the JavaScript and
// Lighthouse budgets (serially, never beside other browser work), then run Playwright, stop the servers.
// The budgets go first so they measure the site over the seed's data: after Playwright, /events would list
// the hundred-odd events the tests leave behind, and its score would depend on how many tests ran.
// With the budgets, the browser benchmarks then run in their short form (bench:events, bench:admin and
// bench:bookings's booking flow: small data, one run, no timing goals; decision 0066) over the same build,
// each with its own stack on the port the build talks to, once the browser tests' stack has stopped: they
// still run and print their figures.
// Exits non-zero when anything fails; every step runs so the budgets always print their figures.
//
// E2E_DIST_DIR builds and tests another directory than dist/ (handy when others rebuild dist/ meanwhile).
// Options: --no-build (DIST was built for the e2e stack already), --no-budgets (quick local loop),
// and anything after `--` goes to Playwright (e.g. `npm run test:e2e -- -- tests/e2e/theme.spec.ts`).
import './env/load.mjs';
import { existsSync } from 'node:fs';
import { checkJsBudgets } from './budgets/js-budget.mjs';
import { checkLighthouseBudgets } from './budgets/lighthouse.mjs';
import { startStaticServer } from './serve-static.mjs';
import { runCommand } from '../tests/helpers/run-command.mjs';
import { E2E_SUPABASE_PORT, E2E_SUPABASE_URL, e2eBuildEnv } from '../tests/helpers/e2e-stack.mjs';
import { tsImport } from 'tsx/esm/api';

const DIST = process.env.E2E_DIST_DIR ?? 'dist';
const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const options = separator === -1 ? argv : argv.slice(0, separator);
const playwrightArgs = separator === -1 ? [] : argv.slice(separator + 1);
const shouldBuild = !options.includes('--no-build');
const shouldCheckBudgets = !options.includes('--no-budgets');

/**
 * Everything the browser tests talk to, started in order. Each entry starts one server (given what the
 * earlier ones reported) and returns the environment variables that tell the tests where it is, and how to
 * stop it.
 * @type {{ name: string, start: (env: Record<string, string>) => Promise<{ env: Record<string, string>, stop: () => Promise<void> }> }[]}
 */
const SERVERS = [
  {
    name: `static site (${DIST})`,
    async start() {
      const server = await startStaticServer({ root: DIST, port: 0, host: 'localhost' });
      return { env: { E2E_BASE_URL: server.url }, stop: server.close };
    },
  },
  {
    // The site was built to talk to this port (tests/helpers/e2e-stack.mjs); e-mail links lead to the site.
    name: 'local Supabase stack (fresh in-memory database)',
    async start(env) {
      // The stack is TypeScript with syntax Node's type stripping refuses: load it through tsx, as `npm run stack`.
      const { startE2eStack } = await tsImport('../tests/helpers/start-e2e-stack.ts', import.meta.url);
      return startE2eStack({ port: E2E_SUPABASE_PORT, siteUrl: env.E2E_BASE_URL ?? '' });
    },
  },
];

async function startServers() {
  const started = [];
  const env = {};
  try {
    for (const server of SERVERS) {
      const running = await server.start(env);
      started.push(running);
      Object.assign(env, running.env);
      console.log(`started ${server.name}: ${Object.values(running.env).join(' ')}`);
    }
  } catch (error) {
    await Promise.all(started.map((running) => running.stop()));
    throw error;
  }
  return { env, stopAll: () => Promise.all(started.map((running) => running.stop())) };
}

const failures = [];
const distMissing = () => !existsSync(`${DIST}/index.html`);

if (!shouldBuild && distMissing()) {
  console.error(`e2e: ${DIST}/index.html is missing; build the site first (drop --no-build)`);
  process.exit(1);
}

/** Builds DIST for the e2e stack, which is up by now (its API answers the build's departure reads). */
async function buildSite() {
  console.log(`Building the site into ${DIST} (astro build) against the stack at ${E2E_SUPABASE_URL}…`);
  const exit = await runCommand('astro', ['build', '--outDir', DIST], { env: e2eBuildEnv() });
  return exit === 0 && !distMissing();
}

/** The budgets over the seed's data, then Playwright; each failure is recorded, every step runs. */
async function checkSite(env) {
  if (shouldCheckBudgets) {
    const baseUrl = env.E2E_BASE_URL ?? '';
    const js = await checkJsBudgets({ distDir: DIST, baseUrl }).catch((error) => {
      console.error(`JavaScript budget could not run: ${error.message}`);
      return { ok: false };
    });
    if (!js.ok) failures.push('JavaScript budgets');
    const lighthouse = await checkLighthouseBudgets({ baseUrl }).catch((error) => {
      console.error(`Lighthouse could not run: ${error.message}`);
      return { ok: false };
    });
    if (!lighthouse.ok) failures.push('Lighthouse budgets');
  }
  const playwrightExit = await runCommand('playwright', ['test', ...playwrightArgs], { env });
  if (playwrightExit !== 0) failures.push('browser tests (Playwright)');
}

// The static server starts on a DIST the build has yet to write (it answers 404 until then): the stack
// needs the site's URL, and the build needs the stack.
const servers = await startServers();
let built = true;
try {
  if (shouldBuild) built = await buildSite();
  if (built) await checkSite(servers.env);
} finally {
  await servers.stopAll();
}
if (!built) {
  console.error('e2e: the site build failed');
  process.exit(1);
}

if (shouldCheckBudgets) {
  // bench:bookings's races already ran on both engines with the backend suites: here only its flow matters.
  const benchmarks = [
    ['scripts/bench-events.ts'],
    ['scripts/bench-admin.ts'],
    ['scripts/bench-bookings.ts', '--database=postgres'],
  ];
  for (const [script, ...extra] of benchmarks) {
    const args = [script, '--short', '--no-build', `--dist=${DIST}`, `--port=${E2E_SUPABASE_PORT}`, ...extra];
    console.log(`\nBenchmark smoke run: tsx ${args.join(' ')}`);
    if ((await runCommand('tsx', args)) !== 0) failures.push(`${script} --short`);
  }
}

if (failures.length > 0) {
  console.error(`e2e failed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(
  'e2e passed: browser tests' +
    (shouldCheckBudgets ? ', JavaScript budget, Lighthouse budgets, benchmarks (short form)' : ''),
);
