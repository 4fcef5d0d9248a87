// npm run admin:create -- --email E --password P [--name "N"]
// Makes a confirmed account with profiles.is_admin = true, on the local stack or a hosted project
// (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY). An existing account is confirmed and promoted instead.
import './env/load.mjs';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';

// The Supabase CLI's well-known local service key: only valid against a local stack.
const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const USAGE =
  'Usage: npm run admin:create -- --email you@example.com --password "a long password" --name "Your Name"';

function fail(message) {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`admin:create: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  const missing = ['email', 'password'].filter((key) => !values[key]?.trim());
  if (missing.length) {
    console.error(`admin:create: missing ${missing.map((key) => `--${key}`).join(' and ')}\n${USAGE}`);
    process.exit(2);
  }
  return {
    email: values.email.trim().toLowerCase(),
    password: values.password,
    name: values.name?.trim() || undefined,
  };
}

async function findUser(admin, email) {
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.listUsers({ page, perPage: 1000 });
    if (error) fail(`could not list users: ${error.message}`);
    const match = data.users.find((user) => user.email?.toLowerCase() === email);
    if (match) return match;
    if (data.users.length < 1000) return undefined;
  }
}

async function main() {
  const { email, password, name } = readOptions();
  const url = process.env.SUPABASE_URL || process.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY || LOCAL_SERVICE_ROLE_KEY;
  const supabase = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const metadata = name ? { full_name: name } : {};

  const created = await supabase.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: metadata,
  });
  let userId = created.data.user?.id;
  if (created.error) {
    if (created.error.code !== 'email_exists' && created.error.status !== 422) {
      const reach = created.error.status === 0 ? ` (is the stack running at ${url}? try npm start)` : '';
      fail(`could not create ${email}: ${created.error.message}${reach}`);
    }
    const existing = await findUser(supabase.auth.admin, email);
    if (!existing) fail(`${email} is registered but could not be found in the user list`);
    userId = existing.id;
    // Anyone can sign up with an address; an unconfirmed account's password was never proven to be the
    // owner's (confirming clears it), so it gets the password given here.
    const unconfirmed = !existing.email_confirmed_at;
    const { error } = await supabase.auth.admin.updateUserById(userId, {
      email_confirm: true,
      user_metadata: metadata,
      ...(unconfirmed ? { password } : {}),
    });
    if (error) fail(`could not confirm ${email}: ${error.message}`);
    console.log(
      unconfirmed
        ? `${email} was registered but unconfirmed (${userId}): confirmed it with the given password.`
        : `${email} already exists (${userId}): confirmed it, password unchanged.`,
    );
  } else {
    console.log(`Created ${email} (${userId}), e-mail confirmed.`);
  }

  const promoted = await supabase
    .from('profiles')
    .update({ is_admin: true, ...(name ? { full_name: name } : {}) })
    .eq('id', userId)
    .select('id');
  if (promoted.error) fail(`could not promote ${email}: ${promoted.error.message}`);
  if (promoted.data.length === 0) {
    // No profile row (e.g. the account predates the sign-up trigger): make one.
    const inserted = await supabase
      .from('profiles')
      .insert({ id: userId, full_name: name ?? null, is_admin: true });
    if (inserted.error) fail(`could not create the profile of ${email}: ${inserted.error.message}`);
  }
  console.log(`${email} is now an admin (profiles.is_admin = true) on ${url}.`);
}

await main();
