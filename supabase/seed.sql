-- Sample data for a first run, so a newcomer sees a living site. LOCAL USE ONLY: the accounts below have
-- published passwords. Runs after the migrations on a new database (the local stack, `supabase db reset`).
--
--   admin@example.com    password123   admin
--   member@example.com   password123   member with two bookings
--   priya@example.com    password123   member
--   tom@example.com      password123   member

-- ---------------------------------------------------------------- accounts (confirmed, bcrypt passwords)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('password123', extensions.gen_salt('bf')), now(),
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}',
  jsonb_build_object('full_name', u.full_name, 'email_verified', true),
  now() - interval '90 days', now() - interval '90 days'
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@example.com', 'Morgan Blackwood'),
  ('a0000000-0000-4000-8000-000000000002'::uuid, 'member@example.com', 'Jamie Harper'),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'priya@example.com', 'Priya Nair'),
  ('a0000000-0000-4000-8000-000000000004'::uuid, 'tom@example.com', 'Tom Ellis')
) as u (id, email, full_name);

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id, u.id::text,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', null, u.created_at, u.created_at
from auth.users u
where u.email like '%@example.com';

-- The profiles came from the sign-up trigger; give them the rest of their details.
update public.profiles set is_admin = true where id = 'a0000000-0000-4000-8000-000000000001';
update public.profiles set membership_tier = 'next_room', phone = '+61 400 000 002'
where id = 'a0000000-0000-4000-8000-000000000002';

-- ---------------------------------------------------------------- events
insert into public.events (
  id, slug, title, description, location, event_type, status, start_date, end_date,
  price_cents, currency, max_registrations, custom_fields
) values
  ('e0000000-0000-4000-8000-000000000001', 'tasmania-paranormal-getaway', 'Tasmania Paranormal Getaway',
   'Four nights among the convict ruins and asylums of Tasmania, with night investigations led by local guides.',
   'Tasmania, Australia', 'paranormal', 'published', '2026-02-12', '2026-02-16', 120000, 'AUD', 15,
   '{"highlights": ["Port Arthur ghost tour", "Asylum investigation", "Gaol exploration", "Penitentiary investigation", "Celebration group dinner"]}'),
  ('e0000000-0000-4000-8000-000000000002', 'usa-paranormal-road-trip', 'USA Paranormal Road Trip',
   'Twelve nights on the road between twelve of America''s most haunted places.',
   'United States', 'paranormal', 'published', '2026-11-06', '2026-11-18', 85000, 'USD', 25,
   '{"haunted_sites": 12}'),
  ('e0000000-0000-4000-8000-000000000003', 'vietnam-battlefield-tour', 'Vietnam Battlefield Tour',
   'Thirteen nights from Hoa Lo Prison to the DMZ, Hoi An, Long Tan and Nui Dat. Detailed itinerary coming in Winter 2025.',
   'Vietnam', 'history', 'published', '2026-10-10', '2026-10-23', null, 'AUD', null,
   '{"highlights": ["Hoa Lo Prison", "DMZ", "Hoi An", "Long Tan", "Nui Dat"]}'),
  ('e0000000-0000-4000-8000-000000000004', 'port-arthur-ghost-night-2025', 'Port Arthur Ghost Night',
   'One night inside the Port Arthur Historic Site with a lantern ghost tour.',
   'Port Arthur, Tasmania', 'paranormal', 'completed', '2025-10-31', '2025-11-01', 35000, 'AUD', 20, '{}');

-- The first three are departures of the Sanity trips of the same name (decision 0035: events.trip_slug).
update public.events set trip_slug = slug
where id in ('e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002',
             'e0000000-0000-4000-8000-000000000003');

-- The sample trips above carry the product spec's 2026 dates, which time overtakes: they stay as past departures
-- with their bookings and community. So that a fresh start always has bookable trips, each trip also gets next
-- year's departure and the Quarantine Station a night 45 days out, all dated from the day the database is seeded
-- (Sydney's today). Next year's slugs are named from title and start date (events_name_slug). Vietnam's bookings open
-- on 1 March, to show a departure that is announced but not yet on sale.
insert into public.events (
  id, slug, trip_slug, title, description, location, event_type, status, badge, start_date, end_date,
  price_cents, currency, max_registrations, bookings_open_on
)
select d.id::uuid, d.slug, d.trip_slug, d.title, d.description, d.location, d.event_type, 'published', d.badge,
       d.starts, d.starts + d.nights, d.price_cents, 'AUD', d.places, d.opens
from (select extract(year from private.sydney_today())::integer + 1 as next_year, private.sydney_today() as today) t,
lateral (values
  ('e0000000-0000-4000-8000-000000000006', '', 'tasmania-paranormal-getaway', 'Tasmania Paranormal Getaway',
   'Four nights among the convict ruins and asylums of Tasmania, with night investigations led by local guides.',
   'Tasmania, Australia', 'paranormal', 'live', make_date(t.next_year, 2, 12), 4, 120000, 15, null::date),
  ('e0000000-0000-4000-8000-000000000007', '', 'vietnam-battlefield-tour', 'Vietnam Battlefield Tour',
   'Thirteen nights from Hoa Lo Prison to the DMZ, Hoi An, Long Tan and Nui Dat.',
   'Vietnam', 'history', 'eoi', make_date(t.next_year, 10, 10), 13, 495000, 20, make_date(t.next_year, 3, 1)),
  ('e0000000-0000-4000-8000-000000000008', '', 'usa-paranormal-road-trip', 'USA Paranormal Road Trip',
   'Twelve nights on the road between twelve of America''s most haunted places.',
   'United States', 'paranormal', 'live', make_date(t.next_year, 11, 6), 12, 689000, 25, null::date),
  ('e0000000-0000-4000-8000-000000000005', 'quarantine-station-night-investigation', 'quarantine-station-night-investigation',
   'Quarantine Station Night Investigation',
   'A night in the wards and the old hospital of Sydney''s Quarantine Station, with a guided ghost tour.',
   'Manly, New South Wales', 'paranormal', 'live', t.today + 45, 1, 18500, 20, null::date)
) as d (id, slug, trip_slug, title, description, location, event_type, badge, starts, nights, price_cents, places, opens);

-- ---------------------------------------------------------------- bookings like the dashboard's
insert into public.bookings (id, event_id, user_id, invoice_number, travellers, total_cents, deposit_cents, currency, status)
values
  ('b0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000002', 'INV-2025-0001', 1, 240000, 80000, 'AUD', 'confirmed'),
  ('b0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002',
   'a0000000-0000-4000-8000-000000000002', 'INV-2026-0002', 1, 320000, 80000, 'AUD', 'confirmed');

insert into public.booking_installments (booking_id, due_date, amount_cents, paid_at) values
  ('b0000000-0000-4000-8000-000000000001', '2025-08-01', 80000, '2025-08-01 10:00:00+10'),
  ('b0000000-0000-4000-8000-000000000001', '2025-10-01', 80000, null),
  ('b0000000-0000-4000-8000-000000000001', '2025-11-14', 80000, null),
  ('b0000000-0000-4000-8000-000000000002', '2026-03-01', 80000, '2026-03-01 09:30:00+10'),
  ('b0000000-0000-4000-8000-000000000002', '2026-06-01', 120000, null),
  ('b0000000-0000-4000-8000-000000000002', '2026-08-08', 120000, null);

-- The money behind the paid instalments above: the deposits, by bank transfer, received on the days they were
-- marked paid and recorded by the admin. A booking's paid amount is its payments (decision 0073).
insert into public.payments (booking_id, method, amount_cents, reference, received_on, recorded_by) values
  ('b0000000-0000-4000-8000-000000000001', 'bank_transfer', 80000, 'INV-2025-0001 deposit', '2025-08-01',
   'a0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000002', 'bank_transfer', 80000, 'INV-2026-0002 deposit', '2026-03-01',
   'a0000000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------- community activity
insert into public.comments (id, event_id, user_id, content, is_pinned, created_at) values
  ('c0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000001',
   'Welcome, ghost hunters! Bring warm layers: Port Arthur gets cold after midnight.', true, now() - interval '20 days'),
  ('c0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003',
   'Has anyone done the asylum investigation before? How spooky is it really?', false, now() - interval '12 days'),
  ('c0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000002',
   'a0000000-0000-4000-8000-000000000004',
   'Twelve haunted sites in twelve nights. Count me in!', false, now() - interval '5 days');

insert into public.comment_replies (id, event_id, parent_comment_id, user_id, content, created_at) values
  ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002',
   'I went last year. Take a torch and a friend whose hand you can squeeze!', now() - interval '11 days');

insert into public.reactions (user_id, event_id, reaction_type) values
  ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'going'),
  ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'ghost'),
  ('a0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000001', 'heart'),
  ('a0000000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000002', 'flame'),
  ('a0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000003', 'interested');

insert into public.comment_reactions (user_id, comment_id, reply_id) values
  ('a0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', null),
  ('a0000000-0000-4000-8000-000000000003', null, 'd0000000-0000-4000-8000-000000000001');

insert into public.event_follows (user_id, event_id) values
  ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001'),
  ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002');
insert into public.favorites (user_id, event_id) values
  ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001'),
  ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002');

-- ---------------------------------------------------------------- news for the member's booked trips
insert into public.event_updates (id, event_id, title, body, created_at, created_by) values
  ('c1000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'Hotel confirmed in Hobart',
   'We stay three nights at the Old Woolstore in Hobart and one near Port Arthur. Room lists go out a month before we leave.',
   now() - interval '3 days', 'a0000000-0000-4000-8000-000000000001'),
  ('c1000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002', 'Route map published',
   'The twelve haunted stops of the road trip are now on the itinerary, from Salem to the Queen Mary.',
   now() - interval '1 day', 'a0000000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------- enquiries
insert into public.waitlist_submissions (event_name, event_id, full_name, email, phone, notes) values
  ('Vietnam Battlefield Tour', 'e0000000-0000-4000-8000-000000000003', 'Alex Turner', 'alex@example.org', null,
   'My grandfather served at Long Tan.');
insert into public.interest_registrations (event_name, event_id, full_name, email, message) values
  ('USA Paranormal Road Trip', 'e0000000-0000-4000-8000-000000000002', 'Casey Nguyen', 'casey@example.org',
   'Are couples rooms available?');
insert into public.contact_messages (full_name, email, message) values
  ('Robin Lee', 'robin@example.org', 'Do you run private group tours for birthdays?');

-- ---------------------------------------------------------------- the member's travellers
insert into public.travellers (id, user_id, full_name, date_of_birth, phone, dietary_notes, emergency_contact_name,
  emergency_contact_phone) values
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'Jamie Harper', '1988-03-14',
   '0491 570 110', null, 'Sam Harper', '0491 570 159'),
  ('d0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 'Riley Harper', '1990-07-02',
   null, 'Vegetarian', 'Sam Harper', '0491 570 159');
insert into public.booking_travellers (booking_id, traveller_id) values
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------- the company's bank details (sample)
-- The Studio's sample account (decision 0077). Hosted: an admin enters the real one at /admin/payment-settings.
insert into private.company_bank_details (account_name, bank_name, bsb, account_number) values
  ('Haunted Horizons Pty Ltd', 'Commonwealth Bank', '062000', '12345678');

-- ---------------------------------------------------------------- the store's merchandise (issue 24)
-- The product spec's T-shirt ($25, sizes S to XL), cap ($20) and sticker pack ($8), GST included; members get
-- store_settings' 10% off. Stock is per size; the pictures are files the site serves.
insert into public.products (id, slug, name, description, image_path, visible, price_cents, position) values
  ('c1000000-0000-4000-8000-000000000001', 'haunted-horizons-t-shirt', 'Haunted Horizons T-shirt',
   'Soft black cotton with the glow-in-the-dark Haunted Horizons lantern on the front.',
   '/images/store/t-shirt.svg', true, 2500, 10),
  ('c1000000-0000-4000-8000-000000000002', 'haunted-horizons-cap', 'Haunted Horizons Cap',
   'A black cap with an embroidered lantern, one size with an adjustable strap.',
   '/images/store/cap.svg', true, 2000, 20),
  ('c1000000-0000-4000-8000-000000000003', 'sticker-pack', 'Sticker Pack',
   'Six weatherproof stickers from our trips: Port Arthur, the Quarantine Station and more.',
   '/images/store/sticker-pack.svg', true, 800, 30);
insert into public.product_variants (id, product_id, size, stock, position) values
  ('c2000000-0000-4000-8000-000000000001', 'c1000000-0000-4000-8000-000000000001', 'S', 12, 1),
  ('c2000000-0000-4000-8000-000000000002', 'c1000000-0000-4000-8000-000000000001', 'M', 20, 2),
  ('c2000000-0000-4000-8000-000000000003', 'c1000000-0000-4000-8000-000000000001', 'L', 15, 3),
  ('c2000000-0000-4000-8000-000000000004', 'c1000000-0000-4000-8000-000000000001', 'XL', 6, 4),
  ('c2000000-0000-4000-8000-000000000005', 'c1000000-0000-4000-8000-000000000002', null, 25, 1),
  ('c2000000-0000-4000-8000-000000000006', 'c1000000-0000-4000-8000-000000000003', null, 40, 1);

-- The sample enquiries above are not news to the company: drop the e-mails their inserts queued
-- (migration 20261124100002_company_mail_outbox.sql), so a first start sends nothing.
delete from private.outbound_mail;
