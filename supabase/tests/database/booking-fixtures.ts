import type { Database, Queryable } from '../../local/src/db/types.ts';
import { withClaims } from '../../local/src/db/with-claims.ts';

// Rows the booking engine's tests (decision 0071) start from: members, their travellers and departures,
// all dated from Sydney's today so the rules that depend on the date hold whenever the tests run.

/** The terms version private.booking_settings holds (its seeded row). */
export const TERMS = '2026-11';

/** A member id of the booking tests: distinct from fixtures.ts's and the seed's. */
export const memberId = (n: number) => `fb100000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Members with a profile (the auth trigger makes it), each named 'Booker <n>'. */
export async function addMembers(db: Queryable, numbers: number[]): Promise<void> {
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     select ('fb100000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
       'booker' || n || '@fixture.test', '', now(), '{"provider":"email"}',
       jsonb_build_object('full_name', 'Booker ' || n), now(), now()
     from unnest($1::int[]) n`,
    [numbers],
  );
}

/** A traveller of the member, born `yearsOld` years before Sydney's today (null: no date of birth). */
export async function addTraveller(
  db: Queryable,
  userId: string,
  name: string,
  yearsOld: number | null,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.travellers (user_id, full_name, date_of_birth)
     values ($1, $2, case when $3::int is null then null
                          else (private.sydney_today() - make_interval(years => $3::int))::date end)
     returning id`,
    [userId, name, yearsOld],
  );
  return rows[0]!.id;
}

export interface DepartureOptions {
  startsIn: number;
  capacity?: number | null;
  price?: number | null;
  opensIn?: number | null;
  closedDaysAgo?: number | null;
  plan?: number;
  priorityDays?: number | null;
  status?: 'published' | 'draft';
}

/** A departure starting `startsIn` days after Sydney's today, lasting two days. */
export async function addDeparture(db: Queryable, slug: string, options: DepartureOptions): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.events (slug, title, status, start_date, end_date, price_cents, max_registrations,
       bookings_open_on, bookings_close_on, balance_instalments, next_room_priority_days)
     values ($1, $1, $2::public.event_status, private.sydney_today() + $3::int, private.sydney_today() + $3::int + 2,
       $4, $5, private.sydney_today() + $6::int, private.sydney_today() - $7::int, $8, $9)
     returning id`,
    [
      slug,
      options.status ?? 'published',
      options.startsIn,
      options.price === undefined ? 100000 : options.price,
      options.capacity ?? null,
      options.opensIn ?? null,
      options.closedDaysAgo ?? null,
      options.plan ?? 1,
      options.priorityDays ?? null,
    ],
  );
  return rows[0]!.id;
}

export interface BookedRow {
  id: string;
  invoice_number: string;
  status: string;
  total_cents: number;
  deposit_cents: number;
  travellers: number;
  bank_reference: string;
  hold_expires_at: Date;
  terms_version: string;
  terms_accepted_by: string;
}

/** book_departure as the member, in its own committed transaction, as one API request would run it. */
export function bookAs(
  db: Database,
  userId: string,
  eventId: string,
  travellerIds: string[],
  terms = TERMS,
): Promise<BookedRow> {
  return withClaims(db, { sub: userId, role: 'authenticated', aud: 'authenticated' }, async (tx) => {
    const { rows } = await tx.query<BookedRow>(
      `select * from public.book_departure($1::uuid, $2::uuid[], $3)`,
      [eventId, travellerIds, terms],
    );
    return rows[0]!;
  });
}

/** The error a refused booking gives: its SQLSTATE and message. */
export async function refusal(attempt: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await attempt;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('the booking was not refused');
}
