import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MATRIX_PARTS } from './admin-matrix/index.ts';
import { ACTORS, ID, insertFixtures, userIdOf, type Actor } from './fixtures.ts';
import { ALL_DENIED, ids, NOT_WRITABLE, OPERATIONS, type Cell, type Operation } from './matrix-cells.ts';
import { outcomeOf, type Outcome } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// Targets of update/delete belong to the member: "other" is the other member acting on them.
// Tables carry all four operations; a column or a function carries only what applies to it.
// The admin area's tables and functions are in ./admin-matrix/, one file per part of the area.
const CORE_MATRIX: Record<string, Partial<Record<Operation, Cell>>> = {
  profiles: {
    select: [
      `select count(*)::int as n from public.profiles where id in (${ids(ID.member, ID.other, ID.admin)})`,
      ['denied', 1, 1, 3],
    ],
    insert: [`insert into public.profiles (id, full_name) values (gen_random_uuid(), 'Someone')`, ALL_DENIED],
    update: [
      `update public.profiles set full_name = 'Renamed' where id = '${ID.member}'`,
      ['denied', 1, 0, 1],
    ],
    delete: [`delete from public.profiles where id = '${ID.member}'`, ALL_DENIED],
  },
  public_profiles: {
    // Authors of live posts on public events (member, other) and the caller; the admin wrote only on a draft.
    select: [
      `select count(*)::int as n from public.public_profiles where id in (${ids(ID.member, ID.other, ID.admin)})`,
      [2, 2, 2, 3],
    ],
    insert: [
      `insert into public.public_profiles (id, full_name) values (gen_random_uuid(), 'Someone')`,
      ALL_DENIED,
    ],
    update: [`update public.public_profiles set full_name = 'Renamed' where id = '${ID.member}'`, ALL_DENIED],
    delete: [`delete from public.public_profiles where id = '${ID.member}'`, ALL_DENIED],
  },
  events: {
    select: [
      `select count(*)::int as n from public.events where id in (${ids(ID.published, ID.published2, ID.draft)})`,
      [2, 2, 2, 3],
    ],
    insert: [
      `insert into public.events (slug, title, start_date, end_date, price_cents) values ('new-trip', 'New', '2027-05-01', '2027-05-02', 1)`,
      ['denied', 'rls', 'rls', 1],
    ],
    update: [`update public.events set title = 'Renamed' where id = '${ID.published}'`, ['denied', 0, 0, 1]],
    delete: [`delete from public.events where id = '${ID.published2}'`, ['denied', 0, 0, 1]],
  },
  reactions: {
    select: [
      `select count(*)::int as n from public.reactions where id in (${ids(ID.reactionMember, ID.reactionOther, ID.reactionAdminOnDraft)})`,
      ['denied', 2, 2, 3],
    ],
    insert: [
      `insert into public.reactions (user_id, event_id, reaction_type) values ($1, '${ID.published}', 'flame')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.reactions set reaction_type = 'going' where id = '${ID.reactionMember}'`,
      ALL_DENIED,
    ],
    // Only one's own: a member takes back a reaction without naming themselves (user_id is not readable).
    delete: [`delete from public.reactions where id = '${ID.reactionMember}'`, ['denied', 1, 0, 0]],
  },
  // Who reacted is nobody else's business (decision 0058): visitors read no rows at all, members and admins
  // read rows without their user_id; each reads their own through my_reactions.
  'reactions (user_id)': {
    select: [`select count(distinct user_id)::int as n from public.reactions`, ALL_DENIED],
  },
  'reactions (created_at)': {
    select: [`select count(created_at)::int as n from public.reactions`, ALL_DENIED],
  },
  my_reactions: {
    select: [
      `select count(*)::int as n from public.my_reactions where id in (${ids(ID.reactionMember, ID.reactionOther, ID.reactionAdminOnDraft)})`,
      ['denied', 1, 1, 1],
    ],
    insert: [
      `insert into public.my_reactions (event_id, reaction_type) values ('${ID.published}', 'flame')`,
      ALL_DENIED,
    ],
    update: [`update public.my_reactions set reaction_type = 'going'`, ALL_DENIED],
    delete: [`delete from public.my_reactions`, ALL_DENIED],
  },
  // Counts per event and type, under the reactions policies (the admin's draft reaction only for the admin).
  event_reaction_counts: {
    select: [
      `select coalesce(sum(total), 0)::int as n from public.event_reaction_counts where event_id in (${ids(ID.published, ID.draft)})`,
      [2, 2, 2, 3],
    ],
    insert: [
      `insert into public.event_reaction_counts (event_id, reaction_type, total) values ('${ID.published}', 'heart', 1)`,
      NOT_WRITABLE,
    ],
    update: [
      `update public.event_reaction_counts set total = 9 where event_id = '${ID.published}'`,
      NOT_WRITABLE,
    ],
    delete: [`delete from public.event_reaction_counts where event_id = '${ID.published}'`, NOT_WRITABLE],
  },
  comments: {
    select: [
      `select count(*)::int as n from public.comments where id in (${ids(ID.commentMember, ID.commentOther, ID.commentOtherDeleted, ID.commentAdminOnDraft)})`,
      [2, 2, 3, 4],
    ],
    insert: [
      `insert into public.comments (event_id, user_id, content) values ('${ID.published}', $1, 'Hello')`,
      ['denied', 1, 1, 1],
    ],
    // Admins moderate but never rewrite a member's words.
    update: [
      `update public.comments set content = 'Edited' where id = '${ID.commentMember}'`,
      ['denied', 1, 0, 'refused'],
    ],
    delete: [`delete from public.comments where id = '${ID.commentMember}'`, ['denied', 0, 0, 1]],
  },
  comment_replies: {
    select: [
      `select count(*)::int as n from public.comment_replies where id in (${ids(ID.replyMember, ID.replyOtherDeleted)})`,
      [1, 1, 2, 2],
    ],
    insert: [
      `insert into public.comment_replies (event_id, parent_comment_id, user_id, content) values ('${ID.published}', '${ID.commentOther}', $1, 'Reply')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.comment_replies set content = 'Edited' where id = '${ID.replyMember}'`,
      ['denied', 1, 0, 'refused'],
    ],
    delete: [`delete from public.comment_replies where id = '${ID.replyMember}'`, ['denied', 0, 0, 1]],
  },
  // A reply's image: set when posting (as on comments), never changed afterwards.
  'comment_replies (attachment_url, attachment_name)': {
    insert: [
      `insert into public.comment_replies (event_id, parent_comment_id, user_id, content, attachment_url, attachment_name) values ('${ID.published}', '${ID.commentOther}', $1::uuid, 'Look', 'http://127.0.0.1:54321/storage/v1/object/public/event-images/' || $1::uuid::text || '/1.png', 'a.png')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.comment_replies set attachment_url = 'https://example.com/b.png' where id = '${ID.replyMember}'`,
      ALL_DENIED,
    ],
  },
  comment_reactions: {
    select: [
      `select count(*)::int as n from public.comment_reactions where id in (${ids(ID.heartMemberOnComment, ID.heartOtherOnReply, ID.heartOtherOnDeleted)})`,
      ['denied', 2, 3, 3],
    ],
    insert: [
      `insert into public.comment_reactions (user_id, comment_id) values ($1, '${ID.commentMember}')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.comment_reactions set reaction_type = 'heart' where id = '${ID.heartMemberOnComment}'`,
      ALL_DENIED,
    ],
    delete: [
      `delete from public.comment_reactions where id = '${ID.heartMemberOnComment}'`,
      ['denied', 1, 0, 0],
    ],
  },
  // As reactions: nobody reads who gave a heart; each member reads their own through my_comment_hearts.
  'comment_reactions (user_id)': {
    select: [`select count(distinct user_id)::int as n from public.comment_reactions`, ALL_DENIED],
  },
  'comment_reactions (created_at)': {
    select: [`select count(created_at)::int as n from public.comment_reactions`, ALL_DENIED],
  },
  my_comment_hearts: {
    select: [
      `select count(*)::int as n from public.my_comment_hearts where id in (${ids(ID.heartMemberOnComment, ID.heartOtherOnReply, ID.heartOtherOnDeleted)})`,
      ['denied', 1, 2, 0],
    ],
    insert: [`insert into public.my_comment_hearts (comment_id) values ('${ID.commentOther}')`, ALL_DENIED],
    update: [`update public.my_comment_hearts set comment_id = '${ID.commentOther}'`, ALL_DENIED],
    delete: [`delete from public.my_comment_hearts`, ALL_DENIED],
  },
  // Hearts per comment or reply, for everyone, on live posts of public events: the heart on the other
  // member's deleted comment counts only for the admin.
  comment_heart_counts: {
    select: [
      `select coalesce(sum(total), 0)::int as n from public.comment_heart_counts where comment_id in (${ids(ID.commentOther, ID.commentOtherDeleted)}) or reply_id = '${ID.replyMember}'`,
      [2, 2, 2, 3],
    ],
    insert: [
      `insert into public.comment_heart_counts (comment_id, total) values ('${ID.commentOther}', 1)`,
      NOT_WRITABLE,
    ],
    update: [
      `update public.comment_heart_counts set total = 9 where comment_id = '${ID.commentOther}'`,
      NOT_WRITABLE,
    ],
    delete: [`delete from public.comment_heart_counts where comment_id = '${ID.commentOther}'`, NOT_WRITABLE],
  },
  // The events page's compact rows (decision 0070): live posts only, under comments' and replies' own
  // policies (security invoker), so the other member's deleted comment is gone even for its author, and the
  // admin also reads the draft's. Members only: visitors read no comments on the page. Never written.
  comment_threads: {
    select: [
      `select count(*)::int as n from public.comment_threads where id in (${ids(ID.commentMember, ID.commentOther, ID.commentOtherDeleted, ID.commentAdminOnDraft)})`,
      ['denied', 2, 2, 3],
    ],
    insert: [`insert into public.comment_threads (content) values ('Hello')`, ALL_DENIED],
    update: [
      `update public.comment_threads set content = 'Edited' where id = '${ID.commentMember}'`,
      ALL_DENIED,
    ],
    delete: [`delete from public.comment_threads where id = '${ID.commentMember}'`, ALL_DENIED],
  },
  thread_replies: {
    select: [
      `select count(*)::int as n from public.thread_replies where id in (${ids(ID.replyMember, ID.replyOtherDeleted)})`,
      ['denied', 1, 1, 1],
    ],
    insert: [`insert into public.thread_replies (content) values ('Reply')`, ALL_DENIED],
    update: [
      `update public.thread_replies set content = 'Edited' where id = '${ID.replyMember}'`,
      ALL_DENIED,
    ],
    delete: [`delete from public.thread_replies where id = '${ID.replyMember}'`, ALL_DENIED],
  },
  // Ids of removed comments and replies, written only by a trigger, read by members for public events.
  comment_removals: {
    select: [`select count(*)::int as n from public.comment_removals`, ['denied', 1, 1, 2]],
    insert: [
      `insert into public.comment_removals (event_id, comment_id) values ('${ID.published}', '${ID.commentMember}')`,
      ALL_DENIED,
    ],
    update: [`update public.comment_removals set removed_at = now()`, ALL_DENIED],
    delete: [`delete from public.comment_removals`, ALL_DENIED],
  },
  // Hearts and event reactions taken back (ids only), written only by a trigger, read as comment_removals.
  reaction_removals: {
    select: [`select count(*)::int as n from public.reaction_removals`, ['denied', 1, 1, 2]],
    insert: [`insert into public.reaction_removals (event_id) values ('${ID.published}')`, ALL_DENIED],
    update: [`update public.reaction_removals set removed_at = now()`, ALL_DENIED],
    delete: [`delete from public.reaction_removals`, ALL_DENIED],
  },
  // Live comments per event (the published trip's 2, the draft's 1), kept by triggers on comments: read
  // like the comments they count, written by nobody.
  event_comment_counts: {
    select: [
      `select coalesce(sum(comments), 0)::int as n from public.event_comment_counts where event_id in (${ids(ID.published, ID.published2, ID.draft)})`,
      ['denied', 2, 2, 3],
    ],
    insert: [
      `insert into public.event_comment_counts (event_id, comments) values ('${ID.published2}', 1)`,
      ALL_DENIED,
    ],
    update: [`update public.event_comment_counts set comments = 0`, ALL_DENIED],
    delete: [`delete from public.event_comment_counts`, ALL_DENIED],
  },
  event_follows: {
    select: [
      `select count(*)::int as n from public.event_follows where id in (${ids(ID.followMember, ID.followOther)})`,
      ['denied', 1, 1, 2],
    ],
    insert: [
      `insert into public.event_follows (user_id, event_id) values ($1, '${ID.published2}')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.event_follows set event_id = '${ID.published2}' where id = '${ID.followMember}'`,
      ALL_DENIED,
    ],
    delete: [`delete from public.event_follows where id = '${ID.followMember}'`, ['denied', 1, 0, 0]],
  },
  favorites: {
    select: [
      `select count(*)::int as n from public.favorites where id in (${ids(ID.favoriteMember, ID.favoriteOther)})`,
      ['denied', 1, 1, 2],
    ],
    insert: [
      `insert into public.favorites (user_id, event_id) values ($1, '${ID.published2}')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.favorites set event_id = '${ID.published2}' where id = '${ID.favoriteMember}'`,
      ALL_DENIED,
    ],
    delete: [`delete from public.favorites where id = '${ID.favoriteMember}'`, ['denied', 1, 0, 0]],
  },
  waitlist_submissions: {
    select: [
      `select count(*)::int as n from public.waitlist_submissions where id = '${ID.waitlist}'`,
      [0, 0, 0, 1],
    ],
    // Entries come only from join_waitlist(), which limits "already on the waitlist" answers.
    insert: [
      `insert into public.waitlist_submissions (event_name, full_name, email) values ('Published trip', 'New Person', coalesce($1::text, 'anon') || '@fixture.test')`,
      ALL_DENIED,
    ],
    update: [
      `update public.waitlist_submissions set notes = 'Called' where id = '${ID.waitlist}'`,
      ['denied', 0, 0, 1],
    ],
    delete: [`delete from public.waitlist_submissions where id = '${ID.waitlist}'`, ['denied', 0, 0, 1]],
  },
  'private.waitlist_probes': {
    select: [`select count(*)::int as n from private.waitlist_probes`, ALL_DENIED],
    insert: [`insert into private.waitlist_probes (client) values ('203.0.113.7')`, ALL_DENIED],
    update: [`update private.waitlist_probes set client = 'x' where client = '203.0.113.7'`, ALL_DENIED],
    delete: [`delete from private.waitlist_probes where client = '203.0.113.7'`, ALL_DENIED],
  },
  interest_registrations: {
    select: [
      `select count(*)::int as n from public.interest_registrations where id = '${ID.interest}'`,
      [0, 0, 0, 1],
    ],
    // Registrations come only from register_interest(), which limits "already registered" answers.
    insert: [
      `insert into public.interest_registrations (event_name, full_name, email, message) values ('Published trip', 'New Person', 'new@fixture.test', 'Hi')`,
      ALL_DENIED,
    ],
    update: [
      `update public.interest_registrations set message = 'Called' where id = '${ID.interest}'`,
      ['denied', 0, 0, 1],
    ],
    delete: [`delete from public.interest_registrations where id = '${ID.interest}'`, ['denied', 0, 0, 1]],
  },
  contact_messages: {
    select: [
      `select count(*)::int as n from public.contact_messages where id = '${ID.contact}'`,
      [0, 0, 0, 1],
    ],
    insert: [
      `insert into public.contact_messages (full_name, email, message) values ('New Person', 'new@fixture.test', 'Hi')`,
      [1, 1, 1, 1],
    ],
    update: [
      `update public.contact_messages set handled_at = now() where id = '${ID.contact}'`,
      ['denied', 0, 0, 1],
    ],
    delete: [`delete from public.contact_messages where id = '${ID.contact}'`, ['denied', 0, 0, 1]],
  },
  // Spam Act consent (20261124100001_marketing_consent.sql): a member sets their own; its time is stamped.
  'profiles.marketing_consent': {
    select: [
      `select count(*)::int as n from public.profiles where id in (${ids(ID.member, ID.other, ID.admin)}) and marketing_consent is not null`,
      ['denied', 1, 1, 3],
    ],
    update: [
      `update public.profiles set marketing_consent = true where id = '${ID.member}'`,
      ['denied', 1, 0, 1],
    ],
  },
  'profiles.marketing_consent_at': {
    update: [`update public.profiles set marketing_consent_at = now() where id = '${ID.member}'`, ALL_DENIED],
  },
  'interest_registrations.marketing_consent': {
    insert: [
      `insert into public.interest_registrations (event_name, full_name, email, marketing_consent) values ('Published trip', 'New Person', 'new@fixture.test', true)`,
      ALL_DENIED,
    ],
    update: [
      `update public.interest_registrations set marketing_consent = false where id = '${ID.interest}'`,
      ['denied', 0, 0, 1],
    ],
  },
  'public.join_waitlist(…, marketing_consent)': {
    execute: [
      `select count(*)::int as n from public.join_waitlist('Published trip', 'New Person', coalesce($1::text, 'anon') || '@fixture.test', marketing_consent => true)`,
      [1, 1, 1, 1],
    ],
  },
  'public.register_interest(…, marketing_consent)': {
    execute: [
      `select count(*)::int as n from public.register_interest('Published trip', 'New Person', coalesce($1::text, 'anon') || '@fixture.test', marketing_consent => true)`,
      [1, 1, 1, 1],
    ],
  },
  'public.unsubscribe(token)': {
    execute: [`select count(*)::int as n from public.unsubscribe(repeat('f', 64))`, [1, 1, 1, 1]],
  },
  'public.unsubscribe_url(address)': {
    execute: [`select count(*)::int as n from public.unsubscribe_url('member@fixture.test')`, ALL_DENIED],
  },
  // Background work (decision 0083): the scheduler's and the prune-images function's, nobody else's.
  'public.orphan_event_images()': {
    execute: [`select count(*)::int as n from public.orphan_event_images()`, ALL_DENIED],
  },
  'private.invoke_edge_function(name)': {
    execute: [`select count(*)::int as n from private.invoke_edge_function('send-mail')`, ALL_DENIED],
  },
  'private.complete_ended_events()': {
    execute: [`select private.complete_ended_events() as n`, ALL_DENIED],
  },
  'private.prune_unread_rows()': {
    execute: [`select count(*)::int as n from private.prune_unread_rows()`, ALL_DENIED],
  },
  'private.claim_outbound_mail()': {
    execute: [`select count(*)::int as n from private.claim_outbound_mail(10)`, ALL_DENIED],
  },
  // The hosted sender's calls (decision 0080): the service-role key's only, nobody signed in or not.
  'public.claim_outbound_mail()': {
    execute: [`select count(*)::int as n from public.claim_outbound_mail(10)`, ALL_DENIED],
  },
  'public.outbound_mail_sent(id)': {
    execute: [`select count(*)::int as n from public.outbound_mail_sent(1)`, ALL_DENIED],
  },
  'public.outbound_mail_failed(id, error)': {
    execute: [`select count(*)::int as n from public.outbound_mail_failed(1, 'x')`, ALL_DENIED],
  },
  // Trip news by double opt-in (decision 0059): anyone holding a link's token may confirm; the addresses,
  // tokens and the functions that confirm or withdraw an address are nobody's in the API.
  'public.confirm_marketing_consent(token)': {
    execute: [
      `select count(*)::int as n from public.confirm_marketing_consent(repeat('f', 64))`,
      [1, 1, 1, 1],
    ],
  },
  'private.confirm_marketing_address(address)': {
    execute: [
      `select count(*)::int as n from private.confirm_marketing_address('x@fixture.test')`,
      ALL_DENIED,
    ],
  },
  'private.request_marketing_confirmation(address)': {
    execute: [
      `select count(*)::int as n from private.request_marketing_confirmation('x@fixture.test')`,
      ALL_DENIED,
    ],
  },
  'private.withdraw_marketing_confirmation(address)': {
    execute: [
      `select count(*)::int as n from private.withdraw_marketing_confirmation('x@fixture.test')`,
      ALL_DENIED,
    ],
  },
  'private.marketing_confirmations': {
    select: [`select count(*)::int as n from private.marketing_confirmations`, ALL_DENIED],
    insert: [`insert into private.marketing_confirmations (email) values ('x@fixture.test')`, ALL_DENIED],
    update: [`update private.marketing_confirmations set confirmed_at = now()`, ALL_DENIED],
    delete: [`delete from private.marketing_confirmations`, ALL_DENIED],
  },
  'private.unsubscribe_tokens': {
    select: [`select count(*)::int as n from private.unsubscribe_tokens`, ALL_DENIED],
    insert: [`insert into private.unsubscribe_tokens (email) values ('x@fixture.test')`, ALL_DENIED],
    update: [`update private.unsubscribe_tokens set email = 'y@fixture.test'`, ALL_DENIED],
    delete: [`delete from private.unsubscribe_tokens`, ALL_DENIED],
  },
  // The company's mail (20261124100002_company_mail_outbox.sql): only the sender, never the API's roles.
  'private.company_settings': {
    select: [`select count(*)::int as n from private.company_settings`, ALL_DENIED],
    insert: [
      `insert into private.company_settings (contact_email, brand_name, site_url) values ('x@fixture.test', 'X', 'https://x.test')`,
      ALL_DENIED,
    ],
    update: [`update private.company_settings set contact_email = 'thief@fixture.test'`, ALL_DENIED],
    delete: [`delete from private.company_settings`, ALL_DENIED],
  },
  'private.outbound_mail': {
    select: [`select count(*)::int as n from private.outbound_mail`, ALL_DENIED],
    insert: [
      `insert into private.outbound_mail (recipient, subject, body) values ('x@fixture.test', 'Hi', 'Spam')`,
      ALL_DENIED,
    ],
    update: [`update private.outbound_mail set recipient = 'thief@fixture.test'`, ALL_DENIED],
    delete: [`delete from private.outbound_mail`, ALL_DENIED],
  },
  // The parts of the data download and account deletion (20261129100002): each takes any member's id, so
  // only export_my_data and delete_my_account (for the caller alone) run them.
  'private.member_data_parts': {
    select: [`select count(*)::int as n from private.member_data_parts`, ALL_DENIED],
    insert: [
      `insert into private.member_data_parts (part, position, member_columns) values ('x', 999, '{}')`,
      ALL_DENIED,
    ],
    update: [`update private.member_data_parts set position = position + 1000`, ALL_DENIED],
    delete: [`delete from private.member_data_parts`, ALL_DENIED],
  },
  'private.export_poll_votes(member)': {
    execute: [`select jsonb_array_length(private.export_poll_votes('${ID.other}')) as n`, ALL_DENIED],
  },
  'private.forget_account(member)': {
    execute: [`select count(*)::int as n from private.forget_account('${ID.other}')`, ALL_DENIED],
  },
  // The parts of send_event_update (20261129100001): addresses and consent, for the send alone.
  'private.event_update_audience()': {
    execute: [
      `select count(*)::int as n from private.event_update_audience('${ID.published}', 'all')`,
      ALL_DENIED,
    ],
  },
  'private.event_update_recipients()': {
    execute: [
      `select count(*)::int as n from private.event_update_recipients('${ID.published}', 'all')`,
      ALL_DENIED,
    ],
  },
  bookings: {
    select: [
      `select count(*)::int as n from public.bookings where id in (${ids(ID.bookingMember, ID.bookingOther)})`,
      ['denied', 1, 1, 2],
    ],
    insert: [
      `insert into public.bookings (event_id, user_id, invoice_number, total_cents) values ('${ID.published}', '${ID.member}', 'FIX-0003', 1000)`,
      ['denied', 'rls', 'rls', 1],
    ],
    update: [
      `update public.bookings set status = 'cancelled' where id = '${ID.bookingMember}'`,
      ['denied', 0, 0, 1],
    ],
    delete: [`delete from public.bookings where id = '${ID.bookingMember}'`, ['denied', 0, 0, 1]],
  },
  booking_installments: {
    select: [
      `select count(*)::int as n from public.booking_installments where id in (${ids(ID.instalmentMember1, ID.instalmentMember2, ID.instalmentOther)})`,
      ['denied', 2, 1, 3],
    ],
    insert: [
      `insert into public.booking_installments (booking_id, due_date, amount_cents) values ('${ID.bookingMember}', '2026-12-01', 100)`,
      ['denied', 'rls', 'rls', 1],
    ],
    update: [
      `update public.booking_installments set paid_at = now() where id = '${ID.instalmentMember2}'`,
      ['denied', 0, 0, 1],
    ],
    delete: [
      `delete from public.booking_installments where id = '${ID.instalmentMember1}'`,
      ['denied', 0, 0, 1],
    ],
  },
  booking_balances: {
    select: [
      `select count(*)::int as n from public.booking_balances where booking_id in (${ids(ID.bookingMember, ID.bookingOther)})`,
      ['denied', 1, 1, 2],
    ],
    insert: [`insert into public.booking_balances (booking_id) values (gen_random_uuid())`, NOT_WRITABLE],
    update: [
      `update public.booking_balances set total_cents = 0 where booking_id = '${ID.bookingMember}'`,
      NOT_WRITABLE,
    ],
    delete: [`delete from public.booking_balances where booking_id = '${ID.bookingMember}'`, NOT_WRITABLE],
  },
  travellers: {
    select: [
      `select count(*)::int as n from public.travellers where id in (${ids(ID.travellerMember, ID.travellerMember2, ID.travellerOther)})`,
      ['denied', 2, 1, 3],
    ],
    // user_id is not granted: a traveller is always the caller's own (its default).
    insert: [`insert into public.travellers (full_name) values ('New Traveller')`, ['denied', 1, 1, 1]],
    update: [
      `update public.travellers set phone = '0400 111 222' where id = '${ID.travellerMember}'`,
      ['denied', 1, 0, 0],
    ],
    delete: [`delete from public.travellers where id = '${ID.travellerMember}'`, ['denied', 1, 0, 0]],
  },
  'travellers (user_id)': {
    select: [`select count(*)::int as n from public.travellers where user_id = $1`, ['denied', 2, 1, 0]],
    insert: [
      `insert into public.travellers (user_id, full_name) values ('${ID.member}', 'Planted')`,
      ALL_DENIED,
    ],
    update: [
      `update public.travellers set user_id = '${ID.other}' where id = '${ID.travellerMember}'`,
      ALL_DENIED,
    ],
    delete: [`delete from public.travellers where user_id = '${ID.other}'`, ['denied', 0, 1, 0]],
  },
  booking_travellers: {
    select: [
      `select count(*)::int as n from public.booking_travellers where booking_id in (${ids(ID.bookingMember, ID.bookingOther)})`,
      ['denied', 1, 1, 2],
    ],
    // The member's own second traveller on the member's booking: the member or an admin.
    insert: [
      `insert into public.booking_travellers (booking_id, traveller_id) values ('${ID.bookingMember}', '${ID.travellerMember2}')`,
      ['denied', 1, 'rls', 1],
    ],
    update: [
      `update public.booking_travellers set traveller_id = '${ID.travellerMember2}' where booking_id = '${ID.bookingMember}'`,
      ALL_DENIED,
    ],
    delete: [
      `delete from public.booking_travellers where booking_id = '${ID.bookingMember}'`,
      ['denied', 1, 0, 1],
    ],
  },
  'booking_travellers (mixed owners)': {
    // Someone else's traveller on the caller's booking, or the caller's traveller on someone else's
    // booking: refused to members; an admin cannot mix owners either.
    select: [
      `select count(*)::int as n from public.booking_travellers where traveller_id = '${ID.travellerOther}'`,
      ['denied', 0, 1, 1],
    ],
    insert: [
      `insert into public.booking_travellers (booking_id, traveller_id) values ('${ID.bookingMember}', '${ID.travellerOther}')`,
      ['denied', 'rls', 'rls', 'rls'],
    ],
    update: [
      `update public.booking_travellers set booking_id = '${ID.bookingOther}' where traveller_id = '${ID.travellerMember}'`,
      ALL_DENIED,
    ],
    delete: [
      `delete from public.booking_travellers where traveller_id = '${ID.travellerOther}'`,
      ['denied', 0, 1, 1],
    ],
  },
  // Members read the updates of events they follow or have booked (both follow and booked the published
  // trip; nobody but the admin reaches the draft's). Only admins write them.
  event_updates: {
    select: [
      `select count(*)::int as n from public.event_updates where id in (${ids(ID.updatePublished, ID.updatePublishedOlder, ID.updateDraft)})`,
      ['denied', 2, 2, 3],
    ],
    insert: [
      `insert into public.event_updates (event_id, title, body) values ('${ID.published}', 'News', 'Body')`,
      ['denied', 'rls', 'rls', 1],
    ],
    update: [
      `update public.event_updates set title = 'Renamed' where id = '${ID.updatePublished}'`,
      ['denied', 0, 0, 1],
    ],
    delete: [`delete from public.event_updates where id = '${ID.updateDraft}'`, ['denied', 0, 0, 1]],
  },
  'event_updates (created_by)': {
    // The author is always the caller (its default): nobody names another.
    insert: [
      `insert into public.event_updates (event_id, title, body, created_by) values ('${ID.published}', 'News', 'Body', '${ID.member}')`,
      ALL_DENIED,
    ],
    update: [
      `update public.event_updates set created_by = '${ID.member}' where id = '${ID.updatePublished}'`,
      ALL_DENIED,
    ],
  },
  // Read markers: each member's own, for updates they can read; never changed or removed.
  event_update_reads: {
    select: [
      `select count(*)::int as n from public.event_update_reads where update_id = '${ID.updatePublished}'`,
      ['denied', 1, 1, 0],
    ],
    insert: [
      `insert into public.event_update_reads (update_id) values ('${ID.updatePublishedOlder}')`,
      ['denied', 1, 1, 1],
    ],
    update: [
      `update public.event_update_reads set read_at = now() where update_id = '${ID.updatePublished}'`,
      ALL_DENIED,
    ],
    delete: [`delete from public.event_update_reads where update_id = '${ID.updatePublished}'`, ALL_DENIED],
  },
  'event_update_reads (unseen update, another member)': {
    insert: [
      `insert into public.event_update_reads (update_id) values ('${ID.updateDraft}')`,
      ['denied', 'rls', 'rls', 1],
    ],
    update: [
      `update public.event_update_reads set user_id = '${ID.other}' where user_id = '${ID.member}'`,
      ALL_DENIED,
    ],
  },
  'event_update_reads (user_id)': {
    insert: [
      `insert into public.event_update_reads (update_id, user_id) values ('${ID.updatePublishedOlder}', '${ID.member}')`,
      ALL_DENIED,
    ],
  },
  // Reports of comments and replies (20261125200002_create_comment_flags.sql): each member's own, never of
  // their own words; admins read and dismiss them all. The member flagged the other's comment.
  comment_flags: {
    select: [
      `select count(*)::int as n from public.comment_flags where id in (${ids(ID.flagMember, ID.flagOther)})`,
      ['denied', 1, 1, 2],
    ],
    insert: [
      `insert into public.comment_flags (comment_id) values ('${ID.commentMember}')`,
      ['denied', 'rls', 1, 1],
    ],
    update: [`update public.comment_flags set reason = 'Spam' where id = '${ID.flagMember}'`, ALL_DENIED],
    delete: [`delete from public.comment_flags where id = '${ID.flagMember}'`, ['denied', 0, 0, 1]],
  },
  'comment_flags (user_id)': {
    insert: [
      `insert into public.comment_flags (user_id, comment_id) values ('${ID.other}', '${ID.commentMember}')`,
      ALL_DENIED,
    ],
  },
  // The posting limit (20261125200001_limit_comment_rate.sql): operators only.
  'private.posting_limits': {
    select: [`select count(*)::int as n from private.posting_limits`, ALL_DENIED],
    insert: [`insert into private.posting_limits (only_row, posts_per_minute) values (true, 9)`, ALL_DENIED],
    update: [`update private.posting_limits set posts_per_minute = 100000`, ALL_DENIED],
    delete: [`delete from private.posting_limits`, ALL_DENIED],
  },
  'storage.objects (event-images)': {
    select: [
      `select count(*)::int as n from storage.objects where id in (${ids(ID.objectMember, ID.objectOther)})`,
      [2, 2, 2, 2],
    ],
    insert: [
      `insert into storage.objects (bucket_id, name, owner_id) values ('event-images', coalesce($1::text, 'anon') || '/new.png', $1::text)`,
      ['rls', 1, 1, 1],
    ],
    update: [`update storage.objects set metadata = '{}' where id = '${ID.objectMember}'`, [0, 1, 0, 0]],
    delete: [`delete from storage.objects where id = '${ID.objectMember}'`, [0, 1, 0, 1]],
  },
};

// Functions the API exposes as RPCs: who may call them at all (each call is rolled back). What they do for
// each caller is tested beside them (account-self-service.test.ts).
const CORE_FUNCTIONS: Record<string, Cell> = {
  'export_my_data()': [`select (public.export_my_data() is not null)::int as n`, ['denied', 1, 1, 1]],
  'delete_my_account()': [`select (public.delete_my_account() is not null)::int as n`, ['denied', 1, 1, 1]],
  // A member who posted on a public event: name, member since and tier, for members.
  'member_public_profile(id)': [
    `select count(*)::int as n from public.member_public_profile('${ID.member}')`,
    ['denied', 1, 1, 1],
  ],
  // The admin wrote only on a draft, so the community has never seen them: not found, but for themselves.
  'member_public_profile(someone the community never saw)': [
    `select count(*)::int as n from public.member_public_profile('${ID.admin}')`,
    ['denied', 0, 0, 1],
  ],
  // The session read of every signed-in page: the caller's own profile, never another's.
  'my_session()': [
    `select (((public.my_session()).profile).id = (select auth.uid()))::int as n`,
    ['denied', 1, 1, 1],
  ],
  // Sets the caller's follow and favourite together; the tables' policies still decide (a draft is refused).
  'set_event_follow(published, true)': [
    `select public.set_event_follow('${ID.published2}', true)::int as n`,
    ['denied', 1, 1, 1],
  ],
  'set_event_follow(draft, true)': [
    `select public.set_event_follow('${ID.draft}', true)::int as n`,
    ['denied', 'rls', 'rls', 'rls'],
  ],
  'set_event_follow(published, false)': [
    `select (not public.set_event_follow('${ID.published}', false))::int as n`,
    ['denied', 1, 1, 1],
  ],
};

const MATRIX: Record<string, Partial<Record<Operation, Cell>>> = Object.assign(
  {},
  CORE_MATRIX,
  ...ADMIN_MATRIX_PARTS.map((part) => part.tables),
);
const FUNCTIONS: Record<string, Cell> = Object.assign(
  {},
  CORE_FUNCTIONS,
  ...ADMIN_MATRIX_PARTS.map((part) => part.functions),
);

describe.each(DATABASE_KINDS)('authorization matrix on $name', (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    for (const part of ADMIN_MATRIX_PARTS) await part.fixtures?.(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  describe.each(Object.entries(MATRIX))('%s', (_table, cells) => {
    const operations = OPERATIONS.filter((operation) => cells[operation]);
    it.each(operations)('%s as visitor, member, other member and admin', async (operation) => {
      const [sql, expected] = cells[operation] as Cell;
      const actual: Outcome[] = [];
      for (const actor of ACTORS) {
        const params = sql.includes('$1') ? [userIdOf(actor as Actor)] : [];
        actual.push(await outcomeOf(testDb.db, actor, sql, params));
      }
      expect(Object.fromEntries(ACTORS.map((actor, i) => [actor, actual[i]]))).toEqual(
        Object.fromEntries(ACTORS.map((actor, i) => [actor, expected[i]])),
      );
    });
  });

  it.each(Object.entries(FUNCTIONS))(
    '%s: execute as visitor, member, other member and admin',
    async (_name, cell) => {
      const [sql, expected] = cell;
      const actual: Outcome[] = [];
      for (const actor of ACTORS) actual.push(await outcomeOf(testDb.db, actor, sql));
      expect(Object.fromEntries(ACTORS.map((actor, i) => [actor, actual[i]]))).toEqual(
        Object.fromEntries(ACTORS.map((actor, i) => [actor, expected[i]])),
      );
    },
  );
});
