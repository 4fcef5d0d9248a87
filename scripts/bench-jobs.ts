// `npm run bench:jobs`: the scheduled jobs at scale (issue 23, decision 0079), one part per job in
// scripts/bench/jobs/ on one fresh stack: payment reminders (decision 0081) for 2,000 bookings with an
// instalment due: how long one run takes, and that each member got exactly one e-mail; then the outbox's
// hosted sender (decision 0083) draining 5,000 queued e-mails under Deno through an SMTP sink, on a stack of
// its own. Each part prints its figures; a part's problems (an e-mail missing or sent twice) fail the run in
// both forms.
//
// Options: --database=postgres|pglite (default postgres: TEST_POSTGRES_URL's server), --only=<part>,
//   --bookings=<n> (reminders: 2000), --messages=<n> (sender: 5000), --json (the reports as JSON too),
//   --short (CI's smoke run, decision 0066: 50 bookings, 50 e-mails).
import './env/load.mjs';
import { startTestStack } from '../supabase/local/test/start-test-stack.ts';
import { databaseOption, log, option } from './bench/bench-site.ts';
import type { JobsBenchPart, JobsBenchReport } from './bench/jobs/part.ts';
import { REMINDERS_PART } from './bench/jobs/reminders.ts';
import { SENDER_PART } from './bench/jobs/sender.ts';

/** Every part, in the order they run: add a job's benchmark here. */
const PARTS: JobsBenchPart[] = [REMINDERS_PART, SENDER_PART];

const short = process.argv.includes('--short');
const database = databaseOption();
const only = option('only');
const parts = PARTS.filter((part) => !only || part.name === only);
if (parts.length === 0) throw new Error(`--only is one of ${PARTS.map((part) => part.name).join(', ')}`);

const stack = await startTestStack({ database });
const reports: JobsBenchReport[] = [];
try {
  for (const part of parts) reports.push(await part.run({ stack, database, short, log }));
} finally {
  await stack.close();
}

for (const report of reports) {
  const names = Object.keys(report.figures);
  console.log(
    `\n${report.part} (${database})\n| ${names.join(' | ')} |\n| ${names.map((name) => '-'.repeat(name.length)).join(' | ')} |\n` +
      `| ${names.map((name) => String(report.figures[name])).join(' | ')} |`,
  );
}
if (process.argv.includes('--json')) console.log(JSON.stringify({ database, reports }, null, 2));
const problems = reports.flatMap((report) => report.problems.map((problem) => `${report.part}: ${problem}`));
for (const problem of problems) log(`FAILED: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
