import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

// A poll for all members (the member has voted in it) and one on the draft event (hidden from members).
const POLL_ALL = 'fd100000-0000-4000-8000-000000000001';
const POLL_DRAFT = 'fd100000-0000-4000-8000-000000000002';
const BOTH = `('${POLL_ALL}', '${POLL_DRAFT}')`;

/** /admin/polls and members' votes (migrations 20261127300001, 20261128200002; decisions 0041, 0044). */
export const POLLS_MATRIX: MatrixPart = {
  tables: {
    // Members see polls for everyone and those of events they can see; admins create, close, delete.
    polls: {
      select: [`select count(*)::int as n from public.polls where id in ${BOTH}`, ['denied', 1, 1, 2]],
      insert: [
        `insert into public.polls (question, options, closes_at) values ('Next?', array['A', 'B'], now() + interval '1 day')`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.polls set closes_at = now() + interval '2 days' where id = '${POLL_ALL}'`,
        ['denied', 0, 0, 1],
      ],
      delete: [`delete from public.polls where id = '${POLL_ALL}'`, ['denied', 0, 0, 1]],
    },
    // The question and options are fixed once asked (votes name options by position).
    'polls (question)': {
      update: [`update public.polls set question = 'Changed?' where id = '${POLL_ALL}'`, ALL_DENIED],
    },
    // A member reads their own vote; admins all. One vote per member per poll (23505 for the second).
    poll_votes: {
      select: [
        `select count(*)::int as n from public.poll_votes where poll_id in ${BOTH}`,
        ['denied', 1, 0, 1],
      ],
      insert: [
        `insert into public.poll_votes (poll_id, option_index) values ('${POLL_ALL}', 1)`,
        ['denied', 'error 23505', 1, 1],
      ],
      update: [`update public.poll_votes set option_index = 1 where poll_id = '${POLL_ALL}'`, ALL_DENIED],
      delete: [`delete from public.poll_votes where poll_id = '${POLL_ALL}'`, ALL_DENIED],
    },
    // Live results' signal (20261128200002): the member's fixture vote stamped POLL_ALL's row; admins read
    // it, nobody writes it but the trigger.
    poll_vote_signals: {
      select: [
        `select count(*)::int as n from public.poll_vote_signals where poll_id in ${BOTH}`,
        ['denied', 0, 0, 1],
      ],
      insert: [`insert into public.poll_vote_signals (poll_id) values ('${POLL_DRAFT}')`, ALL_DENIED],
      update: [
        `update public.poll_vote_signals set last_vote_at = now() where poll_id = '${POLL_ALL}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.poll_vote_signals where poll_id = '${POLL_ALL}'`, ALL_DENIED],
    },
    'poll_votes (draft event)': {
      insert: [
        `insert into public.poll_votes (poll_id, option_index) values ('${POLL_DRAFT}', 0)`,
        ['denied', 'rls', 'rls', 1],
      ],
    },
    'poll_votes (user_id)': {
      insert: [
        `insert into public.poll_votes (poll_id, user_id, option_index) values ('${POLL_ALL}', '${ID.other}', 0)`,
        ALL_DENIED,
      ],
    },
  },
  functions: {
    // Results after voting: the member (voted) sees both options' counts, the other member nothing yet.
    'poll_results(poll)': [
      `select count(*)::int as n from public.poll_results(array['${POLL_ALL}'::uuid])`,
      ['denied', 2, 0, 2],
    ],
    // The admin's paged list (20261128200002): both polls, the draft event's too.
    'admin_polls()': [
      `select coalesce(max(total_count), 0) as n from public.admin_polls()`,
      ['denied', 'refused', 'refused', 2],
    ],
  },
  fixtures: async (db) => {
    await db.query(
      `insert into public.polls (id, event_id, question, options, closes_at, created_by) values
         ($1, null, 'Where next?', array['Castles', 'Ghosts'], now() + interval '30 days', $3),
         ($2, $4, 'Draft question?', array['Yes', 'No'], now() + interval '30 days', $3)`,
      [POLL_ALL, POLL_DRAFT, ID.admin, ID.draft],
    );
    await db.query(`insert into public.poll_votes (poll_id, user_id, option_index) values ($1, $2, 0)`, [
      POLL_ALL,
      ID.member,
    ]);
  },
};
