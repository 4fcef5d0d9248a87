import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

const NOTE = 'fc100000-0000-4000-8000-000000000001';

/** /admin/customers: staff notes, the customers list and one customer's record (migration 20261126200001). */
export const CUSTOMERS_MATRIX: MatrixPart = {
  tables: {
    // Admins only; a note is added or deleted, never edited; its author is always the caller.
    customer_notes: {
      select: [`select count(*)::int as n from public.customer_notes`, ['denied', 0, 0, 1]],
      insert: [
        `insert into public.customer_notes (customer_id, body) values ('${ID.member}', 'Called back')`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [`update public.customer_notes set body = 'Edited' where id = '${NOTE}'`, ALL_DENIED],
      delete: [`delete from public.customer_notes where id = '${NOTE}'`, ['denied', 0, 0, 1]],
    },
    'customer_notes (author_id)': {
      insert: [
        `insert into public.customer_notes (customer_id, author_id, body) values ('${ID.member}', '${ID.member}', 'x')`,
        ALL_DENIED,
      ],
    },
    // The membership tier is edited on the customer's record: admins only (the guard trigger refuses members).
    'profiles (membership_tier)': {
      update: [
        `update public.profiles set membership_tier = 'next_room' where id = '${ID.member}'`,
        ['denied', 'refused', 0, 1],
      ],
    },
    // The list's view reads auth.users: no API role reads it directly.
    'private.customers': {
      select: [`select count(*)::int as n from private.customers`, ALL_DENIED],
    },
  },
  functions: {
    'admin_customers()': [
      `select (coalesce(max(total_count), 0) > 0)::int as n from public.admin_customers('', '', 'joined', 'desc', 25, 0)`,
      ['denied', 'refused', 'refused', 1],
    ],
    'admin_customer(member)': [
      `select count(*)::int as n from public.admin_customer('${ID.member}')`,
      ['denied', 'refused', 'refused', 1],
    ],
  },
  fixtures: async (db) => {
    await db.query(
      `insert into public.customer_notes (id, customer_id, body, author_id) values ($1, $2, 'Prefers e-mail', $3)`,
      [NOTE, ID.member, ID.admin],
    );
  },
};
