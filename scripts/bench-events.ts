// `npm run bench:events`: the events page as a signed-in member meets it with a busy community (issue 9: 20
// events × 50 comments × 5 replies × 5 reactions and hearts), under Lighthouse's mobile emulation: when the
// list shows, bytes, the Supabase requests by URL and each one's database time. See
// docs/decisions/0031-events-page-benchmark.md.
//
// Options: --json (the report as JSON after the tables), --no-build (reuse --dist, built for --port),
//   --runs=<n> (default 1: the page loaded n times, the median run reported, every run in --json),
//   --visitor (no session: the list, reactions and the sign-in prompt, as the CI budget sees the page),
//   --database=postgres|pglite (default postgres: TEST_POSTGRES_URL's server, as hosted runs PostgreSQL),
//   --port=<stack port> (default BENCH_EVENTS_PORT or 54481; the build talks to it),
//   --dist=<dir> (default dist-bench), --events= --comments= --replies= --reactions= --members= (the scale),
//   --short (CI's smoke run, decision 0066: 3 events × 5 comments × 1 reply × 2 reactions, one run, no goals),
//   --scale=<n> (after the run at the given size, the same again with n times the events, and how each
//   figure grew; decision 0070), --grow=events|comments (what --scale multiplies; default events: e.g.
//   `--events=1 --comments=200 --scale=10 --grow=comments` ends with one event of 2,000 comments),
//   --no-burst (skip the live burst: 20 changes while a member reads the page), --http1 (serve the site over
//   HTTP/1.1; by default HTTPS with HTTP/2, as Netlify and Cloudflare Pages serve it: decision 0070).
//
// Goals (full form only: Lighthouse's figures move with the machine's load): see missedGoals in
// scripts/bench/report.ts; the run exits 1 when the median run misses one.
import './env/load.mjs';
import { createClient } from '@supabase/supabase-js';
import { databaseOption, log, option, startBenchSite, whole } from './bench/bench-site.ts';
import { storageKeyFor } from '../src/lib/supabase/storage-key.ts';
import { CART_OWNER_KEY } from '../src/stores/cart.ts';
import { lighthousePage } from './bench/lighthouse-page.ts';
import { measureLiveBurst, type BurstReport } from './bench/live-burst.ts';
import {
  eventsBenchReport,
  formatBurst,
  formatGrowth,
  formatReport,
  formatRunLine,
  medianRun,
  missedGoals,
  type EventsBenchReport,
} from './bench/report.ts';
import {
  benchMemberName,
  DEFAULT_SCALE,
  insertQuietMembers,
  removeBenchEvents,
  seedEvents,
  seededRows,
  type BenchScale,
} from './bench/seed-events.ts';

const short = process.argv.includes('--short');
const defaults: BenchScale = short
  ? { events: 3, comments: 5, replies: 1, reactions: 2, members: 5 }
  : DEFAULT_SCALE;
const scale: BenchScale = {
  events: whole('events', defaults.events),
  comments: whole('comments', defaults.comments, 0),
  replies: whole('replies', defaults.replies, 0),
  reactions: whole('reactions', defaults.reactions, 0),
  members: whole('members', defaults.members),
};
if (scale.members < scale.reactions)
  throw new Error('--members must be at least --reactions (each reaction from another member)');
const database = databaseOption();
const port = whole('port', Number(process.env.BENCH_EVENTS_PORT || 54481));
const dist = option('dist') ?? 'dist-bench';
const visitor = process.argv.includes('--visitor');
const runs = whole('runs', 1);
const growth = whole('scale', 1);
const grow = option('grow') ?? 'events';
if (grow !== 'events' && grow !== 'comments') throw new Error('--grow is events or comments');
const burst = !visitor && !process.argv.includes('--no-burst');

const { supabaseUrl, protocol, site, stack, timing, close } = await startBenchSite({
  dist,
  port,
  page: 'events',
  database,
  http2: !process.argv.includes('--http1'),
});
try {
  const admin = createClient(supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const member = { email: 'bench-0@example.com', password: 'bench-password-7' };
  const created = await admin.auth.admin.createUser({
    ...member,
    email_confirm: true,
    user_metadata: { full_name: benchMemberName(0) },
  });
  if (created.error) throw new Error(`createUser: ${created.error.message}`);
  await insertQuietMembers(stack.db, scale.members);

  const client = createClient(supabaseUrl, stack.anonKey, { auth: { persistSession: false } });
  const signedIn = await client.auth.signInWithPassword(member);
  if (!signedIn.data.session) throw new Error(`sign-in: ${signedIn.error?.message}`);
  // A member who signed in on /login: their cart was merged there (decision 0086), so the page makes no
  // sign-in merge of its own, as when the benchmark stored only the session and /events was the first to see it.
  const storage = visitor
    ? {}
    : {
        [storageKeyFor(supabaseUrl)]: JSON.stringify(signedIn.data.session),
        [CART_OWNER_KEY]: signedIn.data.session.user.id,
      };
  const who = visitor ? 'visitor' : 'signed in';
  // Another member writes the burst: the last bench member, who never signs in.
  const author = await admin
    .from('profiles')
    .select('id')
    .eq('full_name', benchMemberName(scale.members - 1))
    .single();
  const authorId = author.data?.id;
  if (!authorId) throw new Error(`burst author: ${author.error?.message}`);

  /** Seeds `size`, loads the page `runs` times, reports the median run and the burst; returns both. */
  async function measure(
    size: BenchScale,
  ): Promise<{ median: EventsBenchReport; burst: BurstReport | null }> {
    const rows = seededRows(size);
    const shape = Object.entries(rows)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    log(`Seeding ${database}: ${size.members} members, ${shape}…`);
    await stack.db.transaction(async (tx) => {
      await removeBenchEvents(tx);
      await seedEvents(tx, size);
    });
    // A few reads first, so the stack's schema cache and the database's catalog caches hold the page's
    // tables and views before anything is timed, as on a server that has been up a while.
    for (const from of ['events', 'comment_threads', 'thread_replies'] as const) {
      const warm = await client.from(from).select('id').limit(1);
      if (warm.error) throw new Error(`warm-up read of ${from}: ${warm.error.message}`);
    }
    const reports: EventsBenchReport[] = [];
    for (let run = 1; run <= runs; run += 1) {
      timing.reset();
      log(`Loading /events under Lighthouse (mobile emulation, ${who}), run ${run} of ${runs}…`);
      const load = await lighthousePage(`${site.url}/events`, storage);
      reports.push(eventsBenchReport(load, supabaseUrl, timing.restTransactions()));
      log(`  ${formatRunLine(reports.at(-1)!)}`);
    }
    const median = medianRun(reports);
    console.log(
      `\n/events over ${protocol}, ${database}, ${who}, ${shape}${runs > 1 ? `; the median of ${runs} runs by list shown` : ''}\n`,
    );
    console.log(formatReport(median));
    let burstReport: BurstReport | null = null;
    if (burst) {
      log('A burst of live changes while a member reads the page…');
      burstReport = await measureLiveBurst({
        url: `${site.url}/events`,
        storage,
        supabaseUrl,
        admin,
        authorId,
      });
      console.log(`\n${formatBurst(burstReport)}`);
    }
    if (process.argv.includes('--json'))
      console.log(
        `\n${JSON.stringify({ database, visitor, scale: size, seeded: rows, ...median, burst: burstReport, runs: reports }, null, 2)}`,
      );
    return { median, burst: burstReport };
  }

  const base = await measure(scale);
  const missed = short ? [] : missedGoals(base.median, { visitor });
  if (growth > 1) {
    const grown = await measure({ ...scale, [grow]: scale[grow] * growth });
    console.log(`\n${formatGrowth(growth, base, grown)}`);
    if (!short)
      missed.push(...missedGoals(grown.median, { visitor }).map((goal) => `at ${growth}×: ${goal}`));
  }
  for (const goal of missed) console.log(`FAIL: ${goal}`);
  if (missed.length > 0) process.exitCode = 1;
} finally {
  await close();
}
