import { ALL_DENIED, ids } from '../matrix-cells.ts';
import type { MatrixPart } from '../matrix-cells.ts';
import { ID } from '../fixtures.ts';
import { paragraphDocSql } from '../update-doc.ts';

// /admin/event-updates (20261127200001_send_event_updates.sql). On its own event the member is booked and the
// other member only follows: a travellers' notice reaches the member alone, an update for all members
// reaches both. The segment and the reach are written by the send only, never through the table's API.
const UPDATES_ID = {
  event: '00000000-0000-4000-8000-000000002001',
  booking: '00000000-0000-4000-8000-000000002002',
  follow: '00000000-0000-4000-8000-000000002003',
  travellers: '00000000-0000-4000-8000-000000002004',
  all: '00000000-0000-4000-8000-000000002005',
  image: '00000000-0000-4000-8000-000000002006',
} as const;
// An image in the update-images bucket, in the admin's folder (20261128100002).
const IMAGE_PATH = `${ID.admin}/1700000000000.png`;

export const UPDATES_MATRIX: MatrixPart = {
  tables: {
    'event_updates (segment)': {
      select: [
        `select count(*)::int as n from public.event_updates where id in (${ids(UPDATES_ID.travellers, UPDATES_ID.all)})`,
        ['denied', 2, 1, 2],
      ],
      insert: [
        `insert into public.event_updates (event_id, title, body, segment) values ('${UPDATES_ID.event}', 'News', 'Body', 'all')`,
        ALL_DENIED,
      ],
      update: [
        `update public.event_updates set segment = 'all' where id = '${UPDATES_ID.travellers}'`,
        ALL_DENIED,
      ],
    },
    // Rich text and the image (20261128100001): admins write the document and the image, members nothing.
    'event_updates (body_doc, image_path, image_alt)': {
      insert: [
        `insert into public.event_updates (event_id, title, body, body_doc, image_path, image_alt) values ('${UPDATES_ID.event}', 'Rich', 'x', ${paragraphDocSql('Rich news.')}, '${IMAGE_PATH}', 'A lantern')`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.event_updates set body_doc = ${paragraphDocSql('Changed.')}, image_path = '${IMAGE_PATH}', image_alt = 'A lantern' where id = '${UPDATES_ID.all}'`,
        ['denied', 0, 0, 1],
      ],
    },
    // The HTML is the database's own rendering: everyone who reads the update reads it, nobody writes it.
    'event_updates (body_html)': {
      select: [
        `select count(*)::int as n from public.event_updates where id in (${ids(UPDATES_ID.travellers, UPDATES_ID.all)}) and body_html like '<p>%'`,
        ['denied', 2, 1, 2],
      ],
      update: [
        `update public.event_updates set body_html = '<script>' where id = '${UPDATES_ID.all}'`,
        ALL_DENIED,
      ],
    },
    'storage.objects (update-images)': {
      select: [
        `select count(*)::int as n from storage.objects where id = '${UPDATES_ID.image}'`,
        [1, 1, 1, 1],
      ],
      insert: [
        `insert into storage.objects (bucket_id, name, owner_id) values ('update-images', coalesce($1::text, 'anon') || '/2.png', $1::text)`,
        ['rls', 'rls', 'rls', 1],
      ],
      update: [`update storage.objects set metadata = '{}' where id = '${UPDATES_ID.image}'`, [0, 0, 0, 1]],
      delete: [`delete from storage.objects where id = '${UPDATES_ID.image}'`, [0, 0, 0, 1]],
    },
    // One-click unsubscribe (20261128500001, decision 0047): where the API answers and each message's
    // List-Unsubscribe target are the sender's alone, never the API's roles'.
    'private.company_settings (api_url)': {
      select: [`select count(api_url)::int as n from private.company_settings`, ALL_DENIED],
      update: [`update private.company_settings set api_url = 'https://thief.test'`, ALL_DENIED],
    },
    'private.outbound_mail (list_unsubscribe)': {
      select: [`select count(list_unsubscribe)::int as n from private.outbound_mail`, ALL_DENIED],
      insert: [
        `insert into private.outbound_mail (recipient, subject, body, list_unsubscribe) values ('x@fixture.test', 'Hi', 'Spam', 'https://thief.test/x')`,
        ALL_DENIED,
      ],
      update: [`update private.outbound_mail set list_unsubscribe = 'https://thief.test/x'`, ALL_DENIED],
    },
    'event_updates (in_app_count, email_count)': {
      update: [
        `update public.event_updates set in_app_count = 9, email_count = 9 where id = '${UPDATES_ID.all}'`,
        ALL_DENIED,
      ],
    },
  },
  functions: {
    // The e-mail's HTML (recreated by 20261128500001 with the image's URL): the sender's, not the API's.
    'private.update_mail_html(…, image_url, …)': [
      `select count(private.update_mail_html('T', '<p>x</p>', null, null, 'B', 'F'))::int as n`,
      ALL_DENIED,
    ],
    // Only an admin sends; members get 42501 from the function's own check, visitors hold no EXECUTE.
    "send_event_update(…, 'travellers')": [
      `select in_app as n from public.send_event_update('${UPDATES_ID.event}', 'Gate times', ${paragraphDocSql('We meet at six.')}, 'travellers')`,
      ['denied', 'refused', 'refused', 1],
    ],
    // What a send would reach, shown before it (decision 0063): admins only, as the send.
    "event_update_reach(…, 'travellers')": [
      `select in_app as n from public.event_update_reach('${UPDATES_ID.event}', 'travellers')`,
      ['denied', 'refused', 'refused', 1],
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${UPDATES_ID.event}', 'updates-matrix-trip', 'Updates matrix trip', 'published', '2031-03-01', '2031-03-03');
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents) values
        ('${UPDATES_ID.booking}', '${UPDATES_ID.event}', '${ID.member}', 'FIX-1101', 100000);
      insert into public.event_follows (id, user_id, event_id) values
        ('${UPDATES_ID.follow}', '${ID.other}', '${UPDATES_ID.event}');
      insert into public.event_updates (id, event_id, title, body, segment) values
        ('${UPDATES_ID.travellers}', '${UPDATES_ID.event}', 'Booking notice', 'For travellers.', 'travellers'),
        ('${UPDATES_ID.all}', '${UPDATES_ID.event}', 'For everyone', 'For all members.', 'all');
      insert into storage.objects (id, bucket_id, name, owner_id, metadata) values
        ('${UPDATES_ID.image}', 'update-images', '${IMAGE_PATH}', '${ID.admin}', '{"mimetype":"image/png"}');
    `);
  },
};
