import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

const SUSPENSION = 'fc200000-0000-4000-8000-000000000001';
// Member and other member are refused by the functions' own is_admin check (42501 → 'refused'); visitors
// hold no EXECUTE at all ('denied').
const ADMIN_ONLY = ['denied', 'refused', 'refused', 1] as const;

/** /admin/moderation (migrations 20261127100001, 20261128200001): suspensions, the queue and its actions. */
export const MODERATION_MATRIX: MatrixPart = {
  tables: {
    // The member reads their own; admins read all and lift (delete); writes only via suspend_commenter().
    comment_suspensions: {
      select: [`select count(*)::int as n from public.comment_suspensions`, ['denied', 1, 0, 1]],
      insert: [
        `insert into public.comment_suspensions (user_id, suspended_until) values ('${ID.other}', now() + interval '1 day')`,
        ALL_DENIED,
      ],
      update: [
        `update public.comment_suspensions set suspended_until = now() where id = '${SUSPENSION}'`,
        ALL_DENIED,
      ],
      delete: [`delete from public.comment_suspensions where id = '${SUSPENSION}'`, ['denied', 0, 0, 1]],
    },
  },
  functions: {
    // The fixtures' two reports: one on a comment, one on a reply (paged since 20261128200001).
    'admin_moderation_queue()': [
      `select (coalesce(max(total_count), 0) = 2)::int as n from public.admin_moderation_queue()`,
      [...ADMIN_ONLY],
    ],
    "admin_moderation_queue(filter => 'all', limit 1)": [
      `select count(*)::int as n from public.admin_moderation_queue('', 'all', 'posted', 'asc', 1, 0)`,
      [...ADMIN_ONLY],
    ],
    "moderate_comment('comment', …, 'pin')": [
      `select count(*)::int as n from public.moderate_comment('comment', '${ID.commentOther}', 'pin')`,
      [...ADMIN_ONLY],
    ],
    'suspend_commenter(other, …)': [
      `select (public.suspend_commenter('${ID.other}', now() + interval '1 day') is not null)::int as n`,
      [...ADMIN_ONLY],
    ],
  },
  // An expired suspension of the member: readable, and it refuses none of the matrix's own posts.
  fixtures: async (db) => {
    await db.query(
      `insert into public.comment_suspensions (id, user_id, suspended_until) values ($1, $2, now() - interval '1 day')`,
      [SUSPENSION, ID.member],
    );
  },
};
