#!/usr/bin/env node
// `npm test`, the README's test command: every check, cheapest first, stopping at the first failure.
// Prints a summary with timings and a final `N passed, N failed` line.
import './env/load.mjs';
import { runCommand } from '../tests/helpers/run-command.mjs';

/** @type {{ name: string, command: string, args: string[] }[]} */
const STEPS = [
  { name: 'lint (eslint)', command: 'eslint', args: ['.'] },
  { name: 'format (prettier --check)', command: 'prettier', args: ['--check', '.'] },
  { name: 'typecheck (astro check)', command: 'astro', args: ['check'] },
  { name: 'typecheck (tsc)', command: 'tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'unit and backend tests (vitest)', command: 'vitest', args: ['run'] },
  { name: 'studio build (sanity build)', command: 'npm', args: ['run', '-w', 'studio', 'build'] },
  // One step: the site's build reads departures from the browser tests' own stack, which e2e.mjs starts
  // first (tests/helpers/e2e-stack.mjs, decision 0068); a build failure fails it before any browser test.
  { name: 'site build (astro build), browser tests and budgets', command: 'node', args: ['scripts/e2e.mjs'] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const results = [];
const startedAt = Date.now();

for (const step of STEPS) {
  console.log(`\n▶ ${step.name}: ${[step.command, ...step.args].join(' ')}`);
  const stepStartedAt = Date.now();
  const exitCode = await runCommand(step.command, step.args);
  results.push({ name: step.name, ok: exitCode === 0, ms: Date.now() - stepStartedAt });
  if (exitCode !== 0) break;
}

const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
const notRun = STEPS.slice(results.length).map((step) => step.name);

console.log('\nSummary');
for (const result of results) {
  console.log(`  ${result.ok ? 'PASS' : 'FAIL'}  ${seconds(result.ms).padStart(7)}  ${result.name}`);
}
for (const name of notRun) console.log(`  SKIP  ${'-'.padStart(7)}  ${name} (not run after a failure)`);
console.log(`  total ${seconds(Date.now() - startedAt)}`);
console.log(`${passed} passed, ${failed} failed${notRun.length > 0 ? `, ${notRun.length} not run` : ''}`);
process.exit(failed > 0 ? 1 : 0);
