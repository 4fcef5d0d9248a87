// Who may read which table (ADR 0002), and the seed rows requests can name.
import { SCHEMA } from './schema.ts';

// ---------------------------------------------------------------- who may read what (ADR 0002's matrix)

export type Caller = 'anon' | 'member';

// Reactions and hearts are not here: visitors read only their counts, and members only some of their
// columns (decision 0058), which these whole-table reads do not model.
const ANON_READS = [
  'events',
  'comments',
  'comment_replies',
  'public_profiles',
  'waitlist_submissions',
  'interest_registrations',
  'contact_messages',
];
const MEMBER_READS = [
  ...ANON_READS,
  'profiles',
  'bookings',
  'booking_installments',
  'booking_balances',
  'event_follows',
  'favorites',
];
export const readable = (caller: Caller) => (caller === 'anon' ? ANON_READS : MEMBER_READS);

// Rows of supabase/seed.sql, so filters and single-row reads can name real ones.
export const SEED = {
  users: [
    'a0000000-0000-4000-8000-000000000001',
    'a0000000-0000-4000-8000-000000000002',
    'a0000000-0000-4000-8000-000000000003',
    'a0000000-0000-4000-8000-000000000004',
  ],
  events: [
    'e0000000-0000-4000-8000-000000000001',
    'e0000000-0000-4000-8000-000000000002',
    'e0000000-0000-4000-8000-000000000003',
    'e0000000-0000-4000-8000-000000000004',
  ],
  comments: [
    'c0000000-0000-4000-8000-000000000001',
    'c0000000-0000-4000-8000-000000000002',
    'c0000000-0000-4000-8000-000000000003',
  ],
  reply: 'd0000000-0000-4000-8000-000000000001',
  bookings: ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002'],
};
/** Each seed comment with its event (a reply must name its comment's event). */
export const COMMENT_EVENTS: [string, string][] = SEED.comments.map((id, index) => [
  id,
  SEED.events[index < 2 ? 0 : 1] ?? '',
]);

/** Which seed ids a uuid column holds, by what it references. */
export function seedIdsFor(table: string, column: string): string[] {
  const fk = SCHEMA.fks.find((candidate) => candidate.table === table && candidate.column === column);
  const target = fk?.ref ?? (column === 'id' ? table : '');
  if (/events$/.test(target)) return SEED.events;
  if (/profiles$/.test(target) || column === 'user_id') return SEED.users;
  if (target === 'comments') return SEED.comments;
  if (/bookings|booking_balances/.test(target)) return SEED.bookings;
  return [...SEED.events, ...SEED.users];
}
