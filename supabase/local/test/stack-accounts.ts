/**
 * The site's data tests (the *.data.test.ts files under src) meet a test stack through these: the operator's
 * service-role client, a visitor's anon client, and a confirmed account (optionally an admin) signed in
 * with a client of its own, each with the site's Database types.
 */
import { createClient } from '@supabase/supabase-js';
import type { BrowserSupabase } from '../../../src/lib/supabase/browser-client.ts';
import type { Database } from '../../../src/lib/supabase/database.types.ts';
import type { TestStack } from './start-test-stack.ts';

/** Every account's password. */
export const ACCOUNT_PASSWORD = 'correct-horse-7';

/** The service-role client: sets up rows past row-level security, as an operator. */
export function serviceClient(stack: TestStack) {
  return createClient<Database>(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
}

export type ServiceClient = ReturnType<typeof serviceClient>;

/** A fresh anon client, signed out; `fetch` replaces its requests' fetch (to count them). */
export function visitorClient(stack: TestStack, fetch?: typeof globalThis.fetch) {
  return createClient<Database>(stack.url, stack.anonKey, {
    auth: { persistSession: false },
    ...(fetch ? { global: { fetch } } : {}),
  });
}

export type VisitorClient = ReturnType<typeof visitorClient>;

export interface Account {
  email: string;
  /** The profile's name (user_metadata.full_name); none when omitted. */
  fullName?: string;
  /** Made an admin (profiles.is_admin) before signing in. */
  admin?: boolean;
}

/**
 * Creates a confirmed account, makes it an admin if asked, and signs it in on `client` (by default a
 * fresh visitor client; a test passes its own to count requests or to use the browser's client).
 */
export function signedInAccount(
  stack: TestStack,
  account: Account,
): Promise<{ id: string; client: VisitorClient }>;
export function signedInAccount<Client extends Pick<BrowserSupabase, 'auth'>>(
  stack: TestStack,
  account: Account,
  client: Client,
): Promise<{ id: string; client: Client }>;
export async function signedInAccount(
  stack: TestStack,
  { email, fullName, admin = false }: Account,
  client: Pick<BrowserSupabase, 'auth'> = visitorClient(stack),
): Promise<{ id: string; client: Pick<BrowserSupabase, 'auth'> }> {
  const service = serviceClient(stack);
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: ACCOUNT_PASSWORD,
    email_confirm: true,
    ...(fullName === undefined ? {} : { user_metadata: { full_name: fullName } }),
  });
  if (error) throw error;
  if (admin) {
    const promoted = await service.from('profiles').update({ is_admin: true }).eq('id', data.user.id);
    if (promoted.error) throw promoted.error;
  }
  const signIn = await client.auth.signInWithPassword({ email, password: ACCOUNT_PASSWORD });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, client };
}

/** A published event departing in 2030 (so never past), inserted as the operator; resolves to its id. */
export async function publishedEvent(stack: TestStack, slug: string, title: string): Promise<string> {
  const { data, error } = await serviceClient(stack)
    .from('events')
    .insert({ slug, title, status: 'published', start_date: '2030-01-10', end_date: '2030-01-12' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}
