import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

/** An event the member is booked on, with a form the member has filled (migration 20261127400001). */
export const FORMS_ID = {
  event: 'f2000000-0000-4000-8000-000000000421',
  booking: 'fa000000-0000-4000-8000-000000000421',
  form: 'fd000000-0000-4000-8000-000000000421',
  perTraveller: 'fd000000-0000-4000-8000-000000000422',
  reminder: 'fe100000-0000-4000-8000-000000000421',
};
const FIELDS = `[{"key":"f1","label":"Dietary needs","kind":"text","required":true}]`;

/**
 * Traveller forms (migrations 20261127400001, 20261128300001…3) (/admin/forms and the dashboard task): admins write forms through RLS; members booked on
 * the event read them and answer only through submit_traveller_form; answers are the member's and admins'.
 */
export const TRAVELLER_FORMS_MATRIX: MatrixPart = {
  tables: {
    traveller_forms: {
      select: [
        `select count(*)::int as n from public.traveller_forms where id = '${FORMS_ID.form}'`,
        ['denied', 1, 0, 1],
      ],
      insert: [
        `insert into public.traveller_forms (event_id, title, due_date, fields)
         values ('${FORMS_ID.event}', 'Another', current_date + 5, '${FIELDS}')`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.traveller_forms set title = 'Renamed' where id = '${FORMS_ID.form}'`,
        ['denied', 0, 0, 1],
      ],
      delete: [`delete from public.traveller_forms where id = '${FORMS_ID.form}'`, ['denied', 0, 0, 1]],
    },
    traveller_form_responses: {
      select: [
        `select count(*)::int as n from public.traveller_form_responses where form_id = '${FORMS_ID.form}'`,
        ['denied', 1, 0, 1],
      ],
      insert: [
        `insert into public.traveller_form_responses (form_id, user_id, answers)
         values ('${FORMS_ID.form}', '${ID.other}', '{}')`,
        ALL_DENIED,
      ],
      update: [`update public.traveller_form_responses set answers = '{}'`, ALL_DENIED],
      delete: [`delete from public.traveller_form_responses`, ALL_DENIED],
    },
    // Written only by remind_traveller_form; read by admins.
    traveller_form_reminders: {
      select: [
        `select count(*)::int as n from public.traveller_form_reminders where id = '${FORMS_ID.reminder}'`,
        ['denied', 0, 0, 1],
      ],
      insert: [
        `insert into public.traveller_form_reminders (form_id, reminded) values ('${FORMS_ID.form}', 1)`,
        ALL_DENIED,
      ],
      update: [`update public.traveller_form_reminders set reminded = 9`, ALL_DENIED],
      delete: [`delete from public.traveller_form_reminders`, ALL_DENIED],
    },
  },
  functions: {
    'my_traveller_forms()': [
      `select count(*)::int as n from public.my_traveller_forms() where id = '${FORMS_ID.form}'`,
      ['denied', 1, 0, 0],
    ],
    'submit_traveller_form(booked form)': [
      `select (public.submit_traveller_form('${FORMS_ID.form}', '{"f1":"None"}') is not null)::int as n`,
      ['denied', 1, 'refused', 'refused'],
    ],
    'submit_traveller_form(per-traveller form, own named traveller)': [
      `select (public.submit_traveller_form('${FORMS_ID.perTraveller}', '{"f1":"None"}',
         '${ID.travellerMember}') is not null)::int as n`,
      ['denied', 1, 'refused', 'refused'],
    ],
    'admin_traveller_form_status(form)': [
      `select count(*)::int as n from public.admin_traveller_form_status('${FORMS_ID.form}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'remind_traveller_form(form)': [
      `select (public.remind_traveller_form('${FORMS_ID.form}') >= 0)::int as n`,
      ['denied', 'refused', 'refused', 1],
    ],
  },
  fixtures: async (db) => {
    await db.exec(`
      insert into public.events (id, slug, title, status, start_date, end_date) values
        ('${FORMS_ID.event}', 'forms-matrix-trip', 'Forms matrix trip', 'published',
         private.sydney_today() + 30, private.sydney_today() + 32);
      insert into public.bookings (id, event_id, user_id, invoice_number, total_cents) values
        ('${FORMS_ID.booking}', '${FORMS_ID.event}', '${ID.member}', 'FIX-0421', 100000);
      insert into public.traveller_forms (id, event_id, title, due_date, fields) values
        ('${FORMS_ID.form}', '${FORMS_ID.event}', 'Trip details', private.sydney_today() + 20, '${FIELDS}');
      insert into public.traveller_form_responses (form_id, user_id, answers) values
        ('${FORMS_ID.form}', '${ID.member}', '{"f1":"Vegetarian"}');
      insert into public.traveller_forms (id, event_id, title, due_date, fields, answered_by) values
        ('${FORMS_ID.perTraveller}', '${FORMS_ID.event}', 'Passports', private.sydney_today() + 20, '${FIELDS}',
         'traveller');
      insert into public.booking_travellers (booking_id, traveller_id) values
        ('${FORMS_ID.booking}', '${ID.travellerMember}');
      insert into public.traveller_form_reminders (id, form_id, sent_by, reminded) values
        ('${FORMS_ID.reminder}', '${FORMS_ID.form}', '${ID.admin}', 1);
    `);
  },
};
