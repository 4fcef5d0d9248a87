// `npm run bench`: the local stack's overhead over its own SQL, for a typical read and write through supabase-js.
// Options: --duration=<ms per operation, api and direct in turns> (default 3000), --max-iterations=<rounds> (default 3000),
//          --max-overhead=<ratio> (or BENCH_MAX_OVERHEAD): exit 1 when an api/direct p50 ratio exceeds it (CI),
//          --json: print the rows as JSON after the table,
//          --short: CI's smoke run (decision 0066): 300 ms and at most 20 rounds per operation, 5 warm-up rounds;
//                   it checks that the benchmark runs and prints its table, not how fast.
import './env/load.mjs';
import { formatTable, runBench } from '../supabase/local/bench/run-bench.ts';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`--${name} must be a positive number, got ${value}`);
  return parsed;
}

const short = process.argv.includes('--short');
const limits = {
  durationMs: positiveNumber('duration', option('duration'), short ? 300 : 3000),
  maxIterations: positiveNumber('max-iterations', option('max-iterations'), short ? 20 : 3000),
  warmupIterations: short ? 5 : 30,
};
const maxOverheadText = option('max-overhead') ?? process.env.BENCH_MAX_OVERHEAD;
const maxOverhead =
  maxOverheadText === undefined ? undefined : positiveNumber('max-overhead', maxOverheadText, 1);

const rows = await runBench(limits, (line) => console.log(line));
console.log(`\n${formatTable(rows)}\n`);
if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));

const overBudget = rows.filter((row) => maxOverhead !== undefined && (row.overhead ?? 0) > maxOverhead);
for (const row of overBudget) {
  console.error(
    `over budget: ${row.database} ${row.operation} overhead ${row.overhead?.toFixed(2)}x > ${maxOverhead}x`,
  );
}
process.exit(overBudget.length > 0 ? 1 : 0);
