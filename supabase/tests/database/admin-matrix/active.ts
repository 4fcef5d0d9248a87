import { ID } from '../fixtures.ts';
import type { MatrixPart } from '../matrix-cells.ts';

/** An event departing in 10 days (Sydney), booked by the member with one named traveller. */
export const ACTIVE_ID = {
  event: 'f2000000-0000-4000-8000-000000000401',
  booking: 'fa000000-0000-4000-8000-000000000401',
};

/**
 * /admin/active-events and its manifests: two read-only RPCs (migration 20261126400001). A visitor cannot
 * call them at all, a member is refused by the function itself (42501), the admin reads.
 */
export const ACTIVE_MATRIX: MatrixPart = {
  tables: {},
  functions: {
    'admin_active_events(search)': [
      `select count(*)::int as n from public.admin_active_events('Active matrix trip') where id = '${ACTIVE_ID.event}'`,
      ['denied', 'refused', 'refused', 1],
    ],
    'admin_event_manifest(active event)': [
      `select cardinality(travellers) as n from public.admin_event_manifest('${ACTIVE_ID.event}')`,
      ['denied', 'refused', 'refused', 1],
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${ACTIVE_ID.event}', 'active-matrix-trip', 'Active matrix trip', 'published',
         private.sydney_today() + 10, private.sydney_today() + 12);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents) values
        ('${ACTIVE_ID.booking}', '${ACTIVE_ID.event}', '${ID.member}', 'FIX-0401', 100000);
      insert into public.booking_travellers (booking_id, traveller_id) values
        ('${ACTIVE_ID.booking}', '${ID.travellerMember}');
    `);
  },
};
