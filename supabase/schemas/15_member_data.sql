-- The member's data download (export_my_data) and account deletion (delete_my_account) as one part per
-- table that holds a member's data (issue 18), made complete (issue 19, Privacy): the download now also
-- holds traveller-form answers, poll votes, update reads, suspensions, staff notes and what the member did
-- as staff; deletion now also removes their form answers, poll votes, reports, update reads and suspension,
-- and takes their id off the polls, updates, reminders and suspensions they made as staff (the audit log,
-- append-only, keeps its entries). What both did before is unchanged (decision 0021): bookings and posts
-- are kept and the account anonymised, or with neither the account is deleted.
--
-- Why a registry: each part is a pair of functions, private.export_<part>(member uuid) returns jsonb (the
-- value of the download's key <part>) and private.forget_<part>(member uuid) (deletes or anonymises), side
-- by side in the part's own section below. private.member_data_parts names every part once, with the
-- member columns it answers for; the two public functions only walk it (dynamic SQL, names quoted with
-- format('%I')). A new table therefore adds its section and one registry row and never restates the public
-- functions, and supabase/tests/database/member-data-parts.test.ts fails while any member column in the
-- catalogue is missing from the registry or a part lacks either function.

-- ---------------------------------------------------------------- the registry

create table private.member_data_parts (
  -- Names the download's key and the functions private.export_<part> and private.forget_<part>.
  part text primary key check (part ~ '^[a-z][a-z_]{0,40}$'),
  -- Deletion runs the parts in this order (the account last: it decides deleted or anonymised).
  position integer not null unique,
  -- The columns (schema.table.column) through which this part finds the member's rows.
  member_columns text[] not null
);
comment on table private.member_data_parts is
  'One row per part of a member''s data: export_my_data and delete_my_account walk it in position order.';
alter table private.member_data_parts enable row level security;
revoke all on table private.member_data_parts from public, anon, authenticated;
grant select on table private.member_data_parts to service_role;

insert into private.member_data_parts (part, position, member_columns) values
  ('waitlist_submissions', 10, array['public.waitlist_submissions.email']),
  ('interest_registrations', 20, array['public.interest_registrations.email']),
  ('contact_messages', 30, array['public.contact_messages.email']),
  ('outbound_mail', 33, array['private.outbound_mail.recipient', 'private.outbound_mail.reply_to']),
  ('trip_news_confirmation', 35, array['private.marketing_confirmations.email']),
  ('unsubscribe_tokens', 36, array['private.unsubscribe_tokens.email']),
  ('reactions', 40, array['public.reactions.user_id']),
  ('event_follows', 50, array['public.event_follows.user_id']),
  ('favorites', 60, array['public.favorites.user_id']),
  ('comment_reactions', 70, array['public.comment_reactions.user_id']),
  ('comment_flags', 80, array['public.comment_flags.user_id']),
  ('poll_votes', 90, array['public.poll_votes.user_id']),
  ('polls_created', 100, array['public.polls.created_by']),
  ('event_update_reads', 110, array['public.event_update_reads.user_id']),
  ('event_updates_sent', 120, array['public.event_updates.created_by']),
  ('comment_suspensions', 130,
    array['public.comment_suspensions.user_id', 'public.comment_suspensions.created_by']),
  ('traveller_form_responses', 140, array['public.traveller_form_responses.user_id']),
  ('traveller_form_reminders_sent', 150, array['public.traveller_form_reminders.sent_by']),
  ('travellers', 160, array['public.travellers.user_id']),
  ('staff_notes', 170,
    array['public.customer_notes.customer_id', 'public.customer_notes.customer_email',
          'public.customer_notes.author_id']),
  ('audit_log', 180, array['public.audit_log.actor_id', 'public.audit_log.actor_email']),
  ('payments_recorded', 185, array['public.payments.recorded_by']),
  ('bookings', 190, array['public.bookings.user_id', 'public.bookings.terms_accepted_by']),
  ('comments', 200, array['public.comments.user_id']),
  ('comment_replies', 210, array['public.comment_replies.user_id']),
  ('profile', 220, array['public.profiles.id']),
  ('account', 230, array['auth.users.id']);

-- ---------------------------------------------------------------- shared questions

-- The member's account address (the enquiry tables know people by it).
create function private.member_email(member uuid) returns text
language sql stable set search_path = ''
as $$ select u.email from auth.users u where u.id = member $$;

-- Whether the company keeps records that need the person to stay, anonymised: bookings and paid orders
-- (financial records) or posts (they hold other members' replies). Without any, the account is deleted outright.
create function private.keeps_member_records(member uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.bookings where user_id = member)
      or exists (select 1 from public.orders where user_id = member and state not in ('awaiting_payment', 'expired'))
      or exists (select 1 from public.comments where user_id = member)
      or exists (select 1 from public.comment_replies where user_id = member)
$$;

-- ---------------------------------------------------------------- enquiries (by the account's address)

create function private.export_waitlist_submissions(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(w) order by w.created_at), '[]'::jsonb)
  from public.waitlist_submissions w where lower(w.email) = lower(private.member_email(member))
$$;
create function private.forget_waitlist_submissions(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.waitlist_submissions where lower(email) = lower(private.member_email(member)) $$;

create function private.export_interest_registrations(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]'::jsonb)
  from public.interest_registrations r where lower(r.email) = lower(private.member_email(member))
$$;
create function private.forget_interest_registrations(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.interest_registrations where lower(email) = lower(private.member_email(member)) $$;

create function private.export_contact_messages(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(m) order by m.created_at), '[]'::jsonb)
  from public.contact_messages m where lower(m.email) = lower(private.member_email(member))
$$;
create function private.forget_contact_messages(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.contact_messages where lower(email) = lower(private.member_email(member)) $$;

-- ---------------------------------------------------------------- mail (by the account's address)

-- The company's outbox keeps every e-mail it sent or will send: to the member (recipient), and the company's
-- own copies of what the member wrote (reply_to, e.g. a contact message). Deletion removes both, sent or not.
create function private.export_outbound_mail(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'recipient', m.recipient, 'reply_to', m.reply_to, 'subject', m.subject, 'body', m.body,
      'created_at', m.created_at, 'sent_at', m.sent_at) order by m.created_at, m.id), '[]'::jsonb)
  from private.outbound_mail m
  where lower(m.recipient) = lower(private.member_email(member))
     or lower(m.reply_to) = lower(private.member_email(member))
$$;
create function private.forget_outbound_mail(member uuid) returns void
language sql volatile set search_path = ''
as $$
  delete from private.outbound_mail m
  where lower(m.recipient) = lower(private.member_email(member))
     or lower(m.reply_to) = lower(private.member_email(member))
$$;

-- The address's unsubscribe link: the download says since when it has one (the token itself is a secret
-- that would work as a link, so it stays out of a file the member may forward).
create function private.export_unsubscribe_tokens(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('email', t.email, 'created_at', t.created_at)), '[]'::jsonb)
  from private.unsubscribe_tokens t where t.email = lower(private.member_email(member))
$$;
create function private.forget_unsubscribe_tokens(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from private.unsubscribe_tokens where email = lower(private.member_email(member)) $$;

-- The address's confirmation of trip news (decision 0059): when it was asked and confirmed, and how; never
-- the link's secret. Deleting the account forgets it, as it forgets the enquiries that asked for it.
create function private.export_trip_news_confirmation(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('email', c.email, 'requested_at', c.requested_at, 'confirmed_at', c.confirmed_at,
    'confirmed_how', c.confirmed_how)
  from private.marketing_confirmations c where c.email = lower(private.member_email(member))
$$;
create function private.forget_trip_news_confirmation(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from private.marketing_confirmations where email = lower(private.member_email(member)) $$;

-- ---------------------------------------------------------------- reactions, follows, favourites

create function private.export_reactions(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(x) order by x.created_at), '[]'::jsonb)
  from public.reactions x where x.user_id = member
$$;
create function private.forget_reactions(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.reactions where user_id = member $$;

create function private.export_event_follows(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(f) order by f.created_at), '[]'::jsonb)
  from public.event_follows f where f.user_id = member
$$;
create function private.forget_event_follows(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.event_follows where user_id = member $$;

create function private.export_favorites(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(f) order by f.created_at), '[]'::jsonb)
  from public.favorites f where f.user_id = member
$$;
create function private.forget_favorites(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.favorites where user_id = member $$;

-- ---------------------------------------------------------------- community: hearts and reports

create function private.export_comment_reactions(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(cr) order by cr.created_at), '[]'::jsonb)
  from public.comment_reactions cr where cr.user_id = member
$$;
create function private.forget_comment_reactions(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.comment_reactions where user_id = member $$;

-- The reports the member sent (not the ones about their words), with their reasons; they go with the
-- account: a report is the member's judgement, and moderators see the words themselves.
create function private.export_comment_flags(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(fl) order by fl.created_at), '[]'::jsonb)
  from public.comment_flags fl where fl.user_id = member
$$;
create function private.forget_comment_flags(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.comment_flags where user_id = member $$;

-- ---------------------------------------------------------------- polls

-- The member's votes; they go with the account (the poll's counts lose them, as when the account is deleted).
create function private.export_poll_votes(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(v) order by v.created_at), '[]'::jsonb)
  from public.poll_votes v where v.user_id = member
$$;
create function private.forget_poll_votes(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.poll_votes where user_id = member $$;

-- Polls an admin created: the company's, kept, without the author (as the key's on delete set null does).
create function private.export_polls_created(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at), '[]'::jsonb)
  from public.polls p where p.created_by = member
$$;
create function private.forget_polls_created(member uuid) returns void
language sql volatile set search_path = ''
as $$ update public.polls set created_by = null where created_by = member $$;

-- ---------------------------------------------------------------- event updates

-- Which updates the member marked read, and when.
create function private.export_event_update_reads(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.read_at), '[]'::jsonb)
  from public.event_update_reads r where r.user_id = member
$$;
create function private.forget_event_update_reads(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.event_update_reads where user_id = member $$;

-- Updates an admin sent: the company's, kept, without the sender.
create function private.export_event_updates_sent(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(u) order by u.created_at), '[]'::jsonb)
  from public.event_updates u where u.created_by = member
$$;
create function private.forget_event_updates_sent(member uuid) returns void
language sql volatile set search_path = ''
as $$ update public.event_updates set created_by = null where created_by = member $$;

-- ---------------------------------------------------------------- moderation

-- The member's own suspension (with its reason) goes with the account; suspensions they imposed as an
-- admin are about other members and stay, without their name.
create function private.export_comment_suspensions(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(s) order by s.created_at), '[]'::jsonb)
  from public.comment_suspensions s where s.user_id = member
$$;
create function private.forget_comment_suspensions(member uuid) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  delete from public.comment_suspensions where user_id = member;
  update public.comment_suspensions set created_by = null where created_by = member;
end
$$;

-- ---------------------------------------------------------------- traveller forms

-- The member's answers (medical and passport details among them) go with the account.
create function private.export_traveller_form_responses(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.submitted_at), '[]'::jsonb)
  from public.traveller_form_responses r where r.user_id = member
$$;
create function private.forget_traveller_form_responses(member uuid) returns void
language sql volatile set search_path = ''
as $$ delete from public.traveller_form_responses where user_id = member $$;

-- Reminders an admin sent: the company's, kept, without the sender.
create function private.export_traveller_form_reminders_sent(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.sent_at), '[]'::jsonb)
  from public.traveller_form_reminders r where r.sent_by = member
$$;
create function private.forget_traveller_form_reminders_sent(member uuid) returns void
language sql volatile set search_path = ''
as $$ update public.traveller_form_reminders set sent_by = null where sent_by = member $$;

-- ---------------------------------------------------------------- travellers

-- Each traveller with the bookings it is named on.
create function private.export_travellers(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object(
      'booking_ids', coalesce((select jsonb_agg(bt.booking_id order by bt.created_at)
        from public.booking_travellers bt where bt.traveller_id = t.id), '[]'::jsonb))
      order by t.created_at), '[]'::jsonb)
  from public.travellers t where t.user_id = member
$$;
-- Travellers named on a kept booking keep their name for the company's records; everything else about
-- them (contact, dietary and medical notes) goes, and travellers on no booking go entirely.
create function private.forget_travellers(member uuid) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  delete from public.travellers t
  where t.user_id = member
    and not exists (select 1 from public.booking_travellers bt where bt.traveller_id = t.id);
  update public.travellers
  set date_of_birth = null, phone = null, dietary_notes = null, medical_notes = null,
      emergency_contact_name = null, emergency_contact_phone = null
  where user_id = member;
end
$$;

-- ---------------------------------------------------------------- staff notes (admin customers)

-- Notes staff wrote about the member (on the profile, or under their address from before they joined).
-- They go with the account, as the triggers on auth.users also ensure for deletions through the Auth admin
-- API. Notes the member wrote as staff keep their author id: no foreign key, the note outlives the author
-- (20261126200001), and the id names nobody once the account is gone or anonymised.
create function private.export_staff_notes(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', n.id, 'body', n.body, 'created_at', n.created_at)
                            order by n.created_at), '[]'::jsonb)
  from public.customer_notes n
  where n.customer_id = member or n.customer_email = lower(private.member_email(member))
$$;
create function private.forget_staff_notes(member uuid) returns void
language sql volatile set search_path = ''
as $$
  delete from public.customer_notes n
  where n.customer_id = member or n.customer_email = lower(private.member_email(member))
$$;

-- ---------------------------------------------------------------- the audit log

-- What the member did as an admin. The log is append-only (private.refuse_audit_change) and is the
-- company's record of who changed what, so deletion keeps it as it is.
create function private.export_audit_log(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(l) order by l.at, l.id), '[]'::jsonb)
  from public.audit_log l where l.actor_id = member
$$;
create function private.forget_audit_log(member uuid) returns void
language sql volatile set search_path = ''
as $$ select $$;

-- ---------------------------------------------------------------- payments recorded as staff

-- Payments the member recorded as an admin (record_payment). They are the company's financial records,
-- so deletion keeps them: the id names nobody once the account is anonymised, and goes if it is deleted.
create function private.export_payments_recorded(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at, p.id), '[]'::jsonb)
  from public.payments p where p.recorded_by = member
$$;
create function private.forget_payments_recorded(member uuid) returns void
language sql volatile set search_path = ''
as $$ select $$;

-- ---------------------------------------------------------------- bookings

-- Bookings with their event's title, their travellers and rooms, their instalments, the payments received
-- (with their refunds, a card surcharge given back apart), the member's payment notices, the schedule's changes, the payment reminders sent, the invoice as issued (each version), and any
-- cancellation with its refund and credit. Deletion keeps them: they are financial records (how long, and
-- anonymised how, is issue 19's retention rule).
create function private.export_bookings(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(b) || jsonb_build_object(
      'event_title', e.title,
      'travellers', coalesce((
        select jsonb_agg(jsonb_build_object('traveller_id', bt.traveller_id, 'full_name', t.full_name,
                                            'room', bt.room_label,
                                            'room_supplement_cents', bt.room_supplement_cents)
                         order by t.full_name, t.id)
        from public.booking_travellers bt join public.travellers t on t.id = bt.traveller_id
        where bt.booking_id = b.id), '[]'::jsonb),
      'installments', coalesce((
        select jsonb_agg(to_jsonb(i) order by i.due_date)
        from public.booking_installments i where i.booking_id = b.id), '[]'::jsonb),
      'payments', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', p.amount_cents, 'method', p.method,
                                            'reference', p.reference, 'received_on', p.received_on,
                                            'refunds', coalesce((
                                              select jsonb_agg(jsonb_build_object(
                                                       'amount_cents', r.amount_cents,
                                                       'surcharge_cents', r.surcharge_cents,
                                                       'refunded_at', r.refunded_at)
                                                     order by r.refunded_at, r.id)
                                              from public.payment_refunds r where r.payment_id = p.id),
                                              '[]'::jsonb))
                         order by p.received_on, p.created_at)
        from public.payments p where p.booking_id = b.id), '[]'::jsonb),
      'payment_notices', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', n.amount_cents, 'paid_on', n.paid_on,
                                            'note', n.note, 'matched', n.payment_id is not null,
                                            'created_at', n.created_at)
                         order by n.created_at, n.id)
        from public.payment_notices n where n.booking_id = b.id), '[]'::jsonb),
      'schedule_changes', coalesce((
        select jsonb_agg(jsonb_build_object('kind', c.kind, 'summary', c.summary,
                                            'amount_cents', c.amount_cents, 'reason', c.reason,
                                            'changed_at', c.changed_at)
                         order by c.changed_at, c.id)
        from public.schedule_changes c where c.booking_id = b.id), '[]'::jsonb),
      'payment_reminders', coalesce((
        select jsonb_agg(jsonb_build_object('kind', r.kind, 'sequence', r.sequence, 'due_date', r.due_date,
                                            'amount_cents', r.amount_cents, 'sent_at', r.sent_at)
                         order by r.sent_at, r.id)
        from public.payment_reminders r where r.booking_id = b.id), '[]'::jsonb),
      'invoice_versions', coalesce((
        select jsonb_agg(jsonb_build_object('version', v.version, 'issued_at', v.issued_at,
                                            'invoice_number', v.invoice_number, 'lines', v.lines,
                                            'total_cents', v.total_cents, 'gst_cents', v.gst_cents,
                                            'cancelled', v.cancelled)
                         order by v.version)
        from public.invoice_versions v where v.booking_id = b.id), '[]'::jsonb),
      'cancellation', (
        select jsonb_build_object('cancelled_at', c.created_at, 'paid_cents', c.paid_cents,
                                  'kept_cents', c.kept_cents, 'refund_cents', c.refund_cents,
                                  'credit_cents', c.credit_cents, 'reason', c.reason)
        from public.booking_cancellations c where c.booking_id = b.id),
      'credits', coalesce((
        select jsonb_agg(jsonb_build_object('amount_cents', m.amount_cents, 'currency', m.currency,
                                            'reason', m.reason, 'created_at', m.created_at)
                         order by m.created_at, m.id)
        from public.member_credits m where m.booking_id = b.id), '[]'::jsonb))
      order by b.created_at), '[]'::jsonb)
  from public.bookings b join public.events e on e.id = b.event_id
  where b.user_id = member
$$;
create function private.forget_bookings(member uuid) returns void
language sql volatile set search_path = ''
as $$ select $$;

-- ---------------------------------------------------------------- posts

-- Comments and replies stay: they hold other members' replies, and show 'Anonymous' once the profile
-- loses its name (private.forget_profile).
create function private.export_comments(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(c) order by c.created_at), '[]'::jsonb)
  from public.comments c where c.user_id = member
$$;
create function private.forget_comments(member uuid) returns void
language sql volatile set search_path = ''
as $$ select $$;

create function private.export_comment_replies(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(to_jsonb(r) order by r.created_at), '[]'::jsonb)
  from public.comment_replies r where r.user_id = member
$$;
create function private.forget_comment_replies(member uuid) returns void
language sql volatile set search_path = ''
as $$ select $$;

-- ---------------------------------------------------------------- profile and account

-- Every column of the profile, so a column added later is in the download without changing this.
create function private.export_profile(member uuid) returns jsonb
language sql stable set search_path = ''
as $$ select to_jsonb(p) from public.profiles p where p.id = member $$;
-- A kept account's profile loses name, phone and consent; otherwise the account's removal takes it.
create function private.forget_profile(member uuid) returns void
language sql volatile set search_path = ''
as $$
  update public.profiles
  set full_name = null, phone = null, marketing_consent = false
  where id = member and private.keeps_member_records(member)
$$;

create function private.export_account(member uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('id', u.id, 'email', u.email, 'new_email', nullif(u.email_change, ''),
    'created_at', u.created_at, 'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at,
    'sign_up_details', coalesce(u.raw_user_meta_data, '{}'::jsonb))
  from auth.users u where u.id = member
$$;
-- Runs last. With nothing kept, the auth user goes and takes the profile, identities and sessions with it.
-- Otherwise the account is anonymised as GoTrue's own soft delete does: address replaced by an
-- undeliverable one, password, identities, sessions and refresh tokens gone, banned and marked deleted.
create function private.forget_account(member uuid) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if not private.keeps_member_records(member) then
    delete from auth.users where id = member;
    return;
  end if;
  update auth.users
  set email = 'deleted-' || member::text || '@account-deleted.invalid',
      encrypted_password = '',
      email_change = '', email_change_token_new = '', email_change_token_current = '',
      email_change_confirm_status = 0, confirmation_token = '', recovery_token = '',
      reauthentication_token = '', phone = null,
      raw_user_meta_data = '{}'::jsonb,
      -- A finite date, as GoTrue's own bans use: Go cannot read an infinite timestamp into time.Time.
      banned_until = now() + interval '100 years', deleted_at = now(), updated_at = now()
  where id = member;
  delete from auth.identities where user_id = member;
  delete from auth.refresh_tokens where user_id = member::text;
  delete from auth.sessions where user_id = member;
end
$$;

-- ---------------------------------------------------------------- the parts are not API

-- Each part takes any member's id: only the two functions below (security definer, for the caller
-- alone) and the service role run them.
do $$
declare
  fn regprocedure;
begin
  for fn in
    select p.oid::regprocedure from pg_catalog.pg_proc p
    join private.member_data_parts d on p.proname in ('export_' || d.part, 'forget_' || d.part)
    where p.pronamespace = 'private'::regnamespace
    union all
    select to_regprocedure('private.member_email(uuid)')
    union all
    select to_regprocedure('private.keeps_member_records(uuid)')
  loop
    execute format('revoke all on function %s from public, anon, authenticated', fn);
    execute format('grant execute on function %s to service_role', fn);
  end loop;
end
$$;

-- ---------------------------------------------------------------- the download and the deletion

-- Everything about the caller, as one JSON document: when, and each part's value under its name.
create or replace function public.export_my_data() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  result jsonb := jsonb_build_object('exported_at', now());
  part_name text;
  value jsonb;
begin
  if me is null then
    raise exception 'sign in to download your data' using errcode = '42501';
  end if;
  for part_name in select d.part from private.member_data_parts d order by d.position loop
    execute format('select private.%I($1)', 'export_' || part_name) into value using me;
    result := result || jsonb_build_object(part_name, value);
  end loop;
  return result;
end
$$;
revoke all on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated, service_role;

-- What the caller asked us to forget goes; what the company must keep stays, without a person behind it:
-- every part forgets in turn, the account last. Answers 'deleted' when the auth user is gone, else
-- 'anonymised'.
create or replace function public.delete_my_account() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  part_name text;
begin
  if me is null then
    raise exception 'sign in to delete your account' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = me and u.deleted_at is null) then
    raise exception 'this account is already deleted' using errcode = '42501';
  end if;
  -- A token whose session has ended (signed out everywhere) cannot delete the account either.
  perform private.require_live_caller();
  for part_name in select d.part from private.member_data_parts d order by d.position loop
    execute format('select private.%I($1)', 'forget_' || part_name) using me;
  end loop;
  return case when exists (select 1 from auth.users u where u.id = me) then 'anonymised' else 'deleted' end;
end
$$;
revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
