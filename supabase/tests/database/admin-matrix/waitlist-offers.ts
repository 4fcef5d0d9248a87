import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

const OFFER = '0ffe0000-0000-4000-8000-000000000001';
/** The link's secret of the fixture offer (its hash is what the table keeps). */
const TOKEN = 'a'.repeat(64);
const UNKNOWN_EVENT = '0ffe0000-0000-4000-8000-0000000000ee';

/**
 * Waitlist offers (issue 23, migration 20261203200001, decision 0082): admins read the offers, nobody writes
 * the table directly; an admin offers and withdraws through functions; anyone holding a link reads what it
 * offers; book_departure takes a token for any signed-in member (here on a departure that does not exist, so
 * each caller who may call it is told the link is no offer there); the job and its parts are nobody's.
 */
export const WAITLIST_OFFERS_MATRIX: MatrixPart = {
  fixtures: async (db) => {
    await db.query(
      `insert into public.waitlist_offers (id, entry_id, event_id, email, token_hash, expires_at)
       select $1, $2, $3, lower(w.email), private.offer_token_hash($4), now() + interval '2 days'
       from public.waitlist_submissions w where w.id = $2`,
      [OFFER, ID.waitlist, ID.published, TOKEN],
    );
  },
  tables: {
    waitlist_offers: {
      select: [
        `select count(*)::int as n from public.waitlist_offers where id = '${OFFER}'`,
        ['denied', 0, 0, 1],
      ],
      insert: [
        `insert into public.waitlist_offers (entry_id, event_id, email, token_hash, expires_at)
         values ('${ID.waitlist}', '${ID.published}', 'someone@fixture.test', repeat('b', 64), now() + interval '1 day')`,
        ALL_DENIED,
      ],
      update: [`update public.waitlist_offers set places = 5 where id = '${OFFER}'`, ALL_DENIED],
      delete: [`delete from public.waitlist_offers where id = '${OFFER}'`, ALL_DENIED],
    },
  },
  functions: {
    'waitlist_offer(token)': [
      `select count(*)::int as n from public.waitlist_offer('${TOKEN}')`,
      [1, 1, 1, 1],
    ],
    'book_departure(event, travellers, terms, rooms, offer)': [
      `select count(*)::int as n from public.book_departure('${UNKNOWN_EVENT}', array['${ID.travellerMember}'::uuid], '2026-11', null, '${TOKEN}')`,
      ['denied', 'error 22023', 'error 22023', 'error 22023'],
    ],
    // The fixture entry has an open offer already: the admin passes the gate and is told so.
    'admin_offer_waitlist_place(entry, places, event)': [
      `select count(*)::int as n from public.admin_offer_waitlist_place('${ID.waitlist}')`,
      ['denied', 'refused', 'refused', 'error 22023'],
    ],
    'admin_withdraw_waitlist_offer(offer)': [
      `select count(*)::int as n from public.admin_withdraw_waitlist_offer('${OFFER}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    'private.run_waitlist_offers(now)': [
      `select count(*)::int as n from private.run_waitlist_offers()`,
      ALL_DENIED,
    ],
    'private.release_expired_holds(now)': [`select private.release_expired_holds() as n`, ALL_DENIED],
    'private.offer_freed_places(now)': [`select private.offer_freed_places() as n`, ALL_DENIED],
    'private.places_taken_at(event, at)': [
      `select private.places_taken_at('${ID.published}', now()) as n`,
      ALL_DENIED,
    ],
    'private.take_waitlist_offer(token, event, member)': [
      `select count(*)::int as n from private.take_waitlist_offer('${TOKEN}', '${ID.published}', '${ID.member}')`,
      ALL_DENIED,
    ],
    'private.create_waitlist_offer(...)': [
      `select count(*)::int as n from private.create_waitlist_offer('${ID.waitlist}', '${ID.published}', 1, null, now())`,
      ALL_DENIED,
    ],
  },
};
