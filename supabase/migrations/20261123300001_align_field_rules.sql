-- One rule per field: the same names, e-mail addresses, phone numbers and messages the forms accept
-- (src/lib/rules/fields.ts), and nothing they refuse. supabase/local/test/db/field-rules-agree.test.ts runs
-- every boundary value through both. Values are stored as the forms save them: trimmed, with empty optional
-- fields as null. Lengths are in characters (char_length), as the forms count them.

-- Starts or ends with whitespace, as JavaScript's String.prototype.trim() understands whitespace.
create function private.is_trimmed(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select value !~ '^[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]'
     and value !~ '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]$'
$$;

-- A person's name: trimmed, 1 to 120 characters, no control characters (C0, DEL, C1).
create function private.is_person_name(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 120
     and value !~ '[\u0001-\u001F\u007F-\u009F]'
$$;

-- The address shape Supabase Auth accepts at sign-up, with a dot in the domain; at most 254 characters.
create or replace function private.is_email(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select char_length(value) <= 254
     and value ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
$$;

-- Digits with spaces, brackets, dots and hyphens and an optional leading +; 6 to 30 characters, 6 digits.
create function private.is_phone(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 6 and 30
     and value ~ '^\+?[0-9 ().-]+$'
     and char_length(regexp_replace(value, '[^0-9]', '', 'g')) >= 6
$$;

-- Free text over several lines: trimmed, 1 to 2000 characters, no controls but tab, line feed, return.
create function private.is_message(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.is_trimmed(value) and char_length(value) between 1 and 2000
     and value !~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]'
$$;

grant execute on function private.is_trimmed(text), private.is_person_name(text), private.is_phone(text),
  private.is_message(text) to anon, authenticated, service_role;

alter table public.profiles
  drop constraint profiles_full_name_check,
  add constraint profiles_full_name_check check (full_name is null or private.is_person_name(full_name)),
  drop constraint profiles_phone_check,
  add constraint profiles_phone_check check (phone is null or private.is_phone(phone));

alter table public.waitlist_submissions
  drop constraint waitlist_submissions_full_name_check,
  add constraint waitlist_submissions_full_name_check check (private.is_person_name(full_name)),
  drop constraint waitlist_submissions_phone_check,
  add constraint waitlist_submissions_phone_check check (phone is null or private.is_phone(phone)),
  drop constraint waitlist_submissions_notes_check,
  add constraint waitlist_submissions_notes_check check (notes is null or private.is_message(notes));

alter table public.interest_registrations
  drop constraint interest_registrations_full_name_check,
  add constraint interest_registrations_full_name_check check (private.is_person_name(full_name)),
  drop constraint interest_registrations_phone_check,
  add constraint interest_registrations_phone_check check (phone is null or private.is_phone(phone)),
  drop constraint interest_registrations_message_check,
  add constraint interest_registrations_message_check check (message is null or private.is_message(message));

alter table public.contact_messages
  drop constraint contact_messages_full_name_check,
  add constraint contact_messages_full_name_check check (private.is_person_name(full_name)),
  drop constraint contact_messages_phone_check,
  add constraint contact_messages_phone_check check (phone is null or private.is_phone(phone)),
  drop constraint contact_messages_message_check,
  add constraint contact_messages_message_check check (private.is_message(message));

-- Sign-up must not fail on a profile check (hosted Auth would answer 500), so the name from the sign-up
-- metadata is made to fit the rule: controls removed, trimmed, cut to 120 characters, empty as null.
create function private.fit_person_name(value text) returns text
language sql immutable set search_path = ''
as $$
  with ws(chars) as (
    select '[\u0009-\u000D\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]'
  )
  select nullif(regexp_replace(left(regexp_replace(
           regexp_replace(value, '[\u0001-\u001F\u007F-\u009F]', '', 'g'),
           '^' || chars || '+|' || chars || '+$', '', 'g'), 120), chars || '+$', ''), '')
  from ws
$$;

create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, private.fit_person_name(new.raw_user_meta_data ->> 'full_name'));
  return new;
end
$$;
