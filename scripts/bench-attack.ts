// `npm run bench:attack`: the 20-pair nested-embed attack sent over and over on each engine, while a simple
// read and /health are probed; prints how long they waited and how many attacks the stack took.
// Options: --duration=<ms per engine> (default 30000), --concurrency=<attacking clients> (default 2).
import { formatAttackTable, runAttackBench } from '../supabase/local/bench/attack.ts';

function option(name: string, fallback: number): number {
  const text = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, got ${text}`);
  return value;
}

const rows = await runAttackBench(option('duration', 30_000), option('concurrency', 2), (line) =>
  console.log(line),
);
console.log(`\n${formatAttackTable(rows)}\n`);
process.exit(rows.every((row) => row.aliveAfter && !row.answers.failed) ? 0 : 1);
