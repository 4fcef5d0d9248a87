import { ID } from '../fixtures.ts';
import type { MatrixPart } from '../matrix-cells.ts';

// Member and other member are refused by the functions' own is_admin check (42501 → 'refused'); visitors
// hold no EXECUTE at all ('denied'). Updates go through the tables' existing admin-only policies.
const ADMIN_ONLY = ['denied', 'refused', 'refused', 1] as const;

/** /admin/waitlist (20261126500001_admin_enquiries.sql): the answered-at columns and the screen's functions. */
export const ENQUIRIES_MATRIX: MatrixPart = {
  tables: {
    'waitlist_submissions.contacted_at': {
      select: [
        `select count(*)::int as n from public.waitlist_submissions where id = '${ID.waitlist}' and contacted_at is null`,
        [0, 0, 0, 1],
      ],
      update: [
        `update public.waitlist_submissions set contacted_at = now() where id = '${ID.waitlist}'`,
        ['denied', 0, 0, 1],
      ],
    },
    'interest_registrations.handled_at': {
      select: [
        `select count(*)::int as n from public.interest_registrations where id = '${ID.interest}' and handled_at is null`,
        [0, 0, 0, 1],
      ],
      // Visitors register interest only through register_interest(); nobody inserts a row, handled or not.
      insert: [
        `insert into public.interest_registrations (event_name, full_name, email, handled_at) values ('Published trip', 'New Person', 'new@fixture.test', now())`,
        ['denied', 'denied', 'denied', 'denied'],
      ],
      update: [
        `update public.interest_registrations set handled_at = now() where id = '${ID.interest}'`,
        ['denied', 0, 0, 1],
      ],
    },
  },
  functions: {
    'admin_waitlist_entries()': [
      `select count(*)::int as n from public.admin_waitlist_entries() where id = '${ID.waitlist}'`,
      [...ADMIN_ONLY],
    ],
    'admin_interest_registrations()': [
      `select count(*)::int as n from public.admin_interest_registrations() where id = '${ID.interest}'`,
      [...ADMIN_ONLY],
    ],
    'admin_contact_messages()': [
      `select count(*)::int as n from public.admin_contact_messages() where id = '${ID.contact}'`,
      [...ADMIN_ONLY],
    ],
    "admin_enquiry_events('waitlist')": [
      `select count(*)::int as n from public.admin_enquiry_events('waitlist') where event_name = 'Published trip'`,
      [...ADMIN_ONLY],
    ],
    // Mails only the enquirer (never an address the caller names) and marks the message handled.
    "reply_to_enquiry('contact', …)": [
      `select (public.reply_to_enquiry('contact', '${ID.contact}', 'Re: your message', 'Thank you.') = 'cara@fixture.test')::int as n`,
      [...ADMIN_ONLY],
    ],
  },
};
