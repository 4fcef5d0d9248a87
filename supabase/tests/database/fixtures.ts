import type { Queryable } from '../../local/src/db/types.ts';
import type { JwtClaims } from '../../local/src/db/with-claims.ts';

/** Fixed ids of the rows every authorization test starts from (distinct from the seed's). */
export const ID = {
  member: 'f1000000-0000-4000-8000-000000000001',
  other: 'f1000000-0000-4000-8000-000000000002',
  admin: 'f1000000-0000-4000-8000-000000000003',
  published: 'f2000000-0000-4000-8000-000000000001',
  published2: 'f2000000-0000-4000-8000-000000000002',
  draft: 'f2000000-0000-4000-8000-000000000003',
  commentMember: 'f3000000-0000-4000-8000-000000000001',
  commentOther: 'f3000000-0000-4000-8000-000000000002',
  commentOtherDeleted: 'f3000000-0000-4000-8000-000000000003',
  commentAdminOnDraft: 'f3000000-0000-4000-8000-000000000004',
  replyMember: 'f4000000-0000-4000-8000-000000000001',
  replyOtherDeleted: 'f4000000-0000-4000-8000-000000000002',
  reactionMember: 'f5000000-0000-4000-8000-000000000001',
  reactionOther: 'f5000000-0000-4000-8000-000000000002',
  reactionAdminOnDraft: 'f5000000-0000-4000-8000-000000000003',
  heartMemberOnComment: 'f6000000-0000-4000-8000-000000000001',
  heartOtherOnReply: 'f6000000-0000-4000-8000-000000000002',
  heartOtherOnDeleted: 'f6000000-0000-4000-8000-000000000003',
  followMember: 'f7000000-0000-4000-8000-000000000001',
  followOther: 'f7000000-0000-4000-8000-000000000002',
  favoriteMember: 'f8000000-0000-4000-8000-000000000001',
  favoriteOther: 'f8000000-0000-4000-8000-000000000002',
  waitlist: 'f9000000-0000-4000-8000-000000000001',
  interest: 'f9000000-0000-4000-8000-000000000002',
  contact: 'f9000000-0000-4000-8000-000000000003',
  bookingMember: 'fa000000-0000-4000-8000-000000000001',
  bookingOther: 'fa000000-0000-4000-8000-000000000002',
  instalmentMember1: 'fb000000-0000-4000-8000-000000000001',
  instalmentMember2: 'fb000000-0000-4000-8000-000000000002',
  instalmentOther: 'fb000000-0000-4000-8000-000000000003',
  objectMember: 'fc000000-0000-4000-8000-000000000001',
  objectOther: 'fc000000-0000-4000-8000-000000000002',
  travellerMember: 'fd000000-0000-4000-8000-000000000001',
  travellerMember2: 'fd000000-0000-4000-8000-000000000002',
  travellerOther: 'fd000000-0000-4000-8000-000000000003',
  updatePublished: 'fe000000-0000-4000-8000-000000000001',
  updatePublishedOlder: 'fe000000-0000-4000-8000-000000000002',
  updateDraft: 'fe000000-0000-4000-8000-000000000003',
  flagMember: 'ff000000-0000-4000-8000-000000000001',
  flagOther: 'ff000000-0000-4000-8000-000000000002',
} as const;

export type Actor = 'visitor' | 'member' | 'other' | 'admin';
export const ACTORS: readonly Actor[] = ['visitor', 'member', 'other', 'admin'];

export function userIdOf(actor: Actor): string | null {
  return actor === 'visitor' ? null : ID[actor];
}

/** The claims the auth service would put in the actor's access token; null: no token (anon). */
export function claimsOf(actor: Actor): JwtClaims | null {
  const sub = userIdOf(actor);
  return sub ? { sub, role: 'authenticated', aud: 'authenticated', email: `${actor}@fixture.test` } : null;
}

/** Creates the fixture rows with full privileges, as the auth service and an operator would. */
export async function insertFixtures(db: Queryable): Promise<void> {
  await db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     select u.id::uuid, 'authenticated', 'authenticated', u.email, '', now(), '{"provider":"email"}',
       jsonb_build_object('full_name', u.full_name), now(), now()
     from (values ($1, 'member@fixture.test', 'Mia Member'), ($2, 'other@fixture.test', 'Oscar Other'),
                  ($3, 'admin@fixture.test', 'Ada Admin')) as u (id, email, full_name)`,
    [ID.member, ID.other, ID.admin],
  );
  await db.query('update public.profiles set is_admin = true where id = $1', [ID.admin]);
  await db.exec(`
    insert into public.events (id, slug, title, status, start_date, end_date, price_cents) values
      ('${ID.published}', 'fixture-published', 'Published trip', 'published', '2027-01-01', '2027-01-05', 100000),
      ('${ID.published2}', 'fixture-published-2', 'Second trip', 'published', '2027-02-01', '2027-02-03', 50000),
      ('${ID.draft}', 'fixture-draft', 'Draft trip', 'draft', '2027-03-01', '2027-03-02', 10000);
    -- Members change the travellers on these trips' bookings up to departure (no cut-off before it, decision 0073).
    update public.events set traveller_changes_close_days = 0;
    insert into public.comments (id, event_id, user_id, content, is_deleted) values
      ('${ID.commentMember}', '${ID.published}', '${ID.member}', 'Member comment', false),
      ('${ID.commentOther}', '${ID.published}', '${ID.other}', 'Other comment', false),
      ('${ID.commentOtherDeleted}', '${ID.published}', '${ID.other}', 'Deleted comment', true),
      ('${ID.commentAdminOnDraft}', '${ID.draft}', '${ID.admin}', 'Draft note', false);
    insert into public.comment_replies (id, event_id, parent_comment_id, user_id, content, is_deleted) values
      ('${ID.replyMember}', '${ID.published}', '${ID.commentOther}', '${ID.member}', 'Member reply', false),
      ('${ID.replyOtherDeleted}', '${ID.published}', '${ID.commentOther}', '${ID.other}', 'Gone', true);
    insert into public.reactions (id, user_id, event_id, reaction_type) values
      ('${ID.reactionMember}', '${ID.member}', '${ID.published}', 'heart'),
      ('${ID.reactionOther}', '${ID.other}', '${ID.published}', 'ghost'),
      ('${ID.reactionAdminOnDraft}', '${ID.admin}', '${ID.draft}', 'heart');
    insert into public.comment_reactions (id, user_id, comment_id, reply_id) values
      ('${ID.heartMemberOnComment}', '${ID.member}', '${ID.commentOther}', null),
      ('${ID.heartOtherOnReply}', '${ID.other}', null, '${ID.replyMember}'),
      ('${ID.heartOtherOnDeleted}', '${ID.other}', '${ID.commentOtherDeleted}', null);
    insert into public.event_follows (id, user_id, event_id) values
      ('${ID.followMember}', '${ID.member}', '${ID.published}'), ('${ID.followOther}', '${ID.other}', '${ID.published}');
    insert into public.favorites (id, user_id, event_id) values
      ('${ID.favoriteMember}', '${ID.member}', '${ID.published}'), ('${ID.favoriteOther}', '${ID.other}', '${ID.published}');
    insert into public.waitlist_submissions (id, event_name, full_name, email) values
      ('${ID.waitlist}', 'Published trip', 'Wendy Wait', 'wendy@fixture.test');
    insert into public.interest_registrations (id, event_name, full_name, email) values
      ('${ID.interest}', 'Published trip', 'Ian Interest', 'ian@fixture.test');
    insert into public.contact_messages (id, full_name, email, message) values
      ('${ID.contact}', 'Cara Contact', 'cara@fixture.test', 'Hello there');
    insert into public.bookings (id, event_id, user_id, invoice_number, total_cents, deposit_cents) values
      ('${ID.bookingMember}', '${ID.published}', '${ID.member}', 'FIX-0001', 100000, 50000),
      ('${ID.bookingOther}', '${ID.published}', '${ID.other}', 'FIX-0002', 100000, 100000);
    insert into public.booking_installments (id, booking_id, due_date, amount_cents, paid_at) values
      ('${ID.instalmentMember1}', '${ID.bookingMember}', '2026-06-01', 50000, now()),
      ('${ID.instalmentMember2}', '${ID.bookingMember}', '2026-09-01', 50000, null),
      ('${ID.instalmentOther}', '${ID.bookingOther}', '2026-06-01', 100000, now());
    insert into public.travellers (id, user_id, full_name) values
      ('${ID.travellerMember}', '${ID.member}', 'Mia Member'),
      ('${ID.travellerMember2}', '${ID.member}', 'Max Member'),
      ('${ID.travellerOther}', '${ID.other}', 'Oscar Other');
    insert into public.booking_travellers (booking_id, traveller_id) values
      ('${ID.bookingMember}', '${ID.travellerMember}'), ('${ID.bookingOther}', '${ID.travellerOther}');
    insert into public.event_updates (id, event_id, title, body, created_at, created_by) values
      ('${ID.updatePublished}', '${ID.published}', 'Hotel confirmed', 'We stay at the Grand.', now(), '${ID.admin}'),
      ('${ID.updatePublishedOlder}', '${ID.published}', 'Packing list', 'Bring a torch.', now() - interval '1 day', '${ID.admin}'),
      ('${ID.updateDraft}', '${ID.draft}', 'Draft news', 'Not yet.', now(), '${ID.admin}');
    insert into public.event_update_reads (update_id, user_id) values
      ('${ID.updatePublished}', '${ID.member}'), ('${ID.updatePublished}', '${ID.other}');
    insert into public.comment_flags (id, user_id, comment_id, reply_id, reason) values
      ('${ID.flagMember}', '${ID.member}', '${ID.commentOther}', null, 'Rude'),
      ('${ID.flagOther}', '${ID.other}', null, '${ID.replyMember}', null);
    insert into storage.objects (id, bucket_id, name, owner_id, metadata) values
      ('${ID.objectMember}', 'event-images', '${ID.member}/ghost.png', '${ID.member}', '{"mimetype":"image/png"}'),
      ('${ID.objectOther}', 'event-images', '${ID.other}/ghost.png', '${ID.other}', '{"mimetype":"image/png"}');
    -- Removal signals (20261125400001): as the trigger writes them, one on a public event, one on the draft.
    insert into public.comment_removals (event_id, comment_id) values
      ('${ID.published}', '${ID.commentOtherDeleted}'), ('${ID.draft}', '${ID.commentAdminOnDraft}');
    -- (20261205004002): a heart taken back on a public event, an event reaction taken back on the draft.
    insert into public.reaction_removals (event_id, comment_id) values
      ('${ID.published}', '${ID.commentOther}'), ('${ID.draft}', null);
  `);
}
