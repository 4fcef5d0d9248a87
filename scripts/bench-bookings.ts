// `npm run bench:bookings`: members booking one departure at the same moment (issue 21). On each engine it
// signs in `--members` members, each with one saved traveller, opens a departure with fewer places than
// members, and has every member call `book_departure` through supabase-js at once, as the booking flow's
// last step does. It reports how long each booking took (median, p95, slowest), how many were booked and
// how many were told 'sold out', and checks through SQL that the departure holds exactly its capacity:
// an oversold place, a lost booking or any answer other than a booking or 'sold out' fails the run in
// both forms (none of them depends on the machine). Decision 0071.
// Then the booking flow in Chromium (scripts/bench/booking-flow.ts), on PostgreSQL, over a site built for its
// own stack: the requests it makes from opening /book to the confirmation (more than 10 fails the run).
//
// Options: --database=postgres|pglite|both (default both), --members=<n> (50), --places=<n> (30),
//   --json (the report as JSON too), --short (CI's smoke run, decision 0066: 10 members for 6 places),
//   --no-flow (the races only: no site, no browser), --no-build (reuse --dist, built for --port),
//   --port=<stack port> (default BENCH_BOOKINGS_PORT or 54501), --dist=<dir> (default dist-bench-bookings).
import './env/load.mjs';
import { signedInAccount, type VisitorClient } from '../supabase/local/test/stack-accounts.ts';
import { startTestStack, type TestDatabaseKind } from '../supabase/local/test/start-test-stack.ts';
import { log, option, startBenchSite, whole } from './bench/bench-site.ts';
import { MAX_FLOW_REQUESTS, measureBookingFlow, type FlowReport } from './bench/booking-flow.ts';
import { percentile } from '../supabase/local/bench/measure.ts';

const short = process.argv.includes('--short');
const members = whole('members', short ? 10 : 50, 2);
const places = whole('places', short ? 6 : 30);
const databases = databasesOption();
const withFlow = !process.argv.includes('--no-flow');
const port = whole('port', Number(process.env.BENCH_BOOKINGS_PORT || 54501));
const dist = option('dist') ?? 'dist-bench-bookings';
/** Members are signed in this many at a time (sign-in is not what is measured). */
const SIGN_IN_BATCH = 10;

function databasesOption(): TestDatabaseKind[] {
  const database = option('database') ?? 'both';
  if (database === 'both') return ['postgres', 'pglite'];
  if (database !== 'postgres' && database !== 'pglite')
    throw new Error('--database is postgres, pglite or both');
  return [database];
}

interface BookingsReport {
  database: TestDatabaseKind;
  members: number;
  places: number;
  booked: number;
  soldOut: number;
  /** Answers that were neither a booking nor 'sold out' (each one fails the run). */
  otherErrors: string[];
  /** Travellers on the departure's live bookings, and what departure_availability says is left. */
  placesTaken: number;
  placesLeft: number;
  medianMs: number;
  p95Ms: number;
  slowestMs: number;
}

/** A signed-in member and the traveller they book. */
interface Booker {
  client: VisitorClient;
  travellerId: string;
}

async function signInBookers(stack: Awaited<ReturnType<typeof startTestStack>>): Promise<Booker[]> {
  const bookers: Booker[] = [];
  for (let first = 0; first < members; first += SIGN_IN_BATCH) {
    const batch = Array.from({ length: Math.min(SIGN_IN_BATCH, members - first) }, (_, i) => first + i + 1);
    bookers.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const { client } = await signedInAccount(stack, {
            email: `bench-booker-${n}@example.com`,
            fullName: `Bench Booker ${n}`,
          });
          const { data, error } = await client
            .from('travellers')
            .insert({ full_name: `Bench Booker ${n}`, date_of_birth: '1990-06-15' })
            .select('id')
            .single();
          if (error) throw new Error(`saving a traveller: ${error.message}`);
          return { client, travellerId: data.id };
        }),
      )),
    );
  }
  return bookers;
}

async function benchOn(database: TestDatabaseKind): Promise<BookingsReport> {
  const stack = await startTestStack({ database });
  try {
    log(`${database}: signing in ${members} members, each with a saved traveller…`);
    const bookers = await signInBookers(stack);
    const { rows } = await stack.db.query<{ id: string; terms_version: string }>(
      `insert into public.events (slug, title, status, start_date, end_date, price_cents, max_registrations)
       values ('bench-bookings', 'Bench Gaol Tour', 'published', private.sydney_today() + 200,
         private.sydney_today() + 203, 249500, $1)
       returning id, (select terms_version from private.booking_settings) as terms_version`,
      [places],
    );
    const { id: eventId, terms_version: termsVersion } = rows[0]!;

    log(`${database}: ${members} members book the ${places} places at once…`);
    const outcomes = await Promise.all(
      bookers.map(async ({ client, travellerId }) => {
        const started = performance.now();
        const { error } = await client.rpc('book_departure', {
          p_event_id: eventId,
          p_traveller_ids: [travellerId],
          p_terms_version: termsVersion,
        });
        return { ms: performance.now() - started, error };
      }),
    );
    const timings = outcomes.map(({ ms }) => ms).sort((a, b) => a - b);
    const soldOut = outcomes.filter(({ error }) => error?.code === 'PT409').length;
    const otherErrors = outcomes.flatMap(({ error }) =>
      error && error.code !== 'PT409' ? [`${error.code} ${error.message}`] : [],
    );
    const taken = await stack.db.query<{ taken: number; left: number }>(
      `select (select coalesce(sum(travellers), 0)::int from public.bookings
               where event_id = $1 and status <> 'cancelled') as taken,
              (select places_left from public.departure_availability(array[$1::uuid])) as left`,
      [eventId],
    );
    return {
      database,
      members,
      places,
      booked: outcomes.filter(({ error }) => !error).length,
      soldOut,
      otherErrors,
      placesTaken: taken.rows[0]!.taken,
      placesLeft: taken.rows[0]!.left,
      medianMs: Math.round(percentile(timings, 0.5)),
      p95Ms: Math.round(percentile(timings, 0.95)),
      slowestMs: Math.round(timings.at(-1) ?? 0),
    };
  } finally {
    await stack.close();
  }
}

/** What is wrong with a run: the departure must hold exactly its places, each member answered. */
function problems(report: BookingsReport): string[] {
  const expected = Math.min(report.places, report.members);
  return [
    ...(report.placesTaken > report.places
      ? [`oversold: ${report.placesTaken} of ${report.places} places`]
      : []),
    ...(report.booked !== expected ? [`${report.booked} bookings, expected ${expected}`] : []),
    ...(report.placesTaken !== report.booked
      ? [`${report.placesTaken} places taken by ${report.booked} bookings`]
      : []),
    ...(report.booked + report.soldOut !== report.members
      ? [`${report.otherErrors.length} other answers`]
      : []),
    ...report.otherErrors.slice(0, 3),
  ];
}

const reports: BookingsReport[] = [];
for (const database of databases) reports.push(await benchOn(database));

console.log(
  `\n| database | members | places | booked | sold out | places left | median ms | p95 ms | slowest ms |\n` +
    `| -------- | ------- | ------ | ------ | -------- | ----------- | --------- | ------ | ---------- |\n` +
    reports
      .map(
        (r) =>
          `| ${r.database.padEnd(8)} | ${r.members} | ${r.places} | ${r.booked} | ${r.soldOut} | ` +
          `${r.placesLeft} | ${r.medianMs} | ${r.p95Ms} | ${r.slowestMs} |`,
      )
      .join('\n') +
    '\n',
);

/** The flow's requests, on a site built for a fresh PostgreSQL stack of its own. */
async function benchFlow(): Promise<FlowReport> {
  const site = await startBenchSite({ dist, port, page: 'book', database: 'postgres' });
  try {
    log('postgres: a member goes through the booking flow in Chromium…');
    return await measureBookingFlow(site);
  } finally {
    await site.close();
  }
}

const flow = withFlow ? await benchFlow() : null;
if (flow)
  console.log(
    `Booking flow (PostgreSQL, Chromium): ${flow.requests.length} requests from opening /book to the ` +
      `confirmation, ${flow.ms} ms\n  ${flow.requests.join('\n  ')}\n`,
  );
if (process.argv.includes('--json')) console.log(JSON.stringify({ races: reports, flow }, null, 2));

const failures = [
  ...reports.flatMap((report) => problems(report).map((problem) => `${report.database}: ${problem}`)),
  ...(flow && flow.requests.length > MAX_FLOW_REQUESTS
    ? [`the booking flow made ${flow.requests.length} requests, at most ${MAX_FLOW_REQUESTS}`]
    : []),
];
for (const failure of failures) log(`FAILED: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
