/**
 * The browser tests' way to the local stack that scripts/e2e.mjs started: members made through the Auth
 * admin API (each test its own, so parallel tests never share an account), a page signed in without the
 * login form, and the mailbox read through its Mailpit API.
 */
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mailpitMessagesTo, type MailedMessage } from '../../supabase/local/test/mailpit.ts';
import { storageKeyFor } from '../../src/lib/supabase/storage-key.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run the browser tests through scripts/e2e.mjs`);
  return value;
}

export const supabaseUrl = (): string => env('E2E_SUPABASE_URL');
export const mailUrl = (): string => env('E2E_MAIL_URL');

/** A service-role client: it bypasses row-level security, so tests use it only to arrange and to check. */
export function adminClient(): SupabaseClient {
  return createClient(supabaseUrl(), env('E2E_SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

/** A unique address on example.com (never delivered anywhere). */
export function uniqueEmail(label = 'member'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A confirmed member (or admin) with a password, made through the admin API. */
export async function createMember({
  fullName = 'Test Member',
  admin = false,
  email = uniqueEmail(admin ? 'admin' : 'member'),
  password = 'correct-horse-7',
}: { fullName?: string; admin?: boolean; email?: string; password?: string } = {}): Promise<TestMember> {
  const client = adminClient();
  const { data, error } = await client.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  if (admin) {
    const { error: promote } = await client
      .from('profiles')
      .update({ is_admin: true })
      .eq('id', data.user.id);
    if (promote) throw new Error(`promote failed: ${promote.message}`);
  }
  return { id: data.user.id, email, password, fullName };
}

/** Signs `member` in through the API and returns the session, as supabase-js would store it. */
export async function sessionFor(member: Pick<TestMember, 'email' | 'password'>): Promise<Session> {
  const client = createClient(supabaseUrl(), env('E2E_SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.auth.signInWithPassword(member);
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return data.session;
}

/** supabase-js's storage key for the stack the site talks to. */
export function storageKey(): string {
  return storageKeyFor(supabaseUrl());
}

/** Opens pages of this context already signed in as `member` (the session stored before any script runs). */
export async function signInPage(page: Page, member: Pick<TestMember, 'email' | 'password'>): Promise<void> {
  const session = await sessionFor(member);
  await page.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [storageKey(), JSON.stringify(session)] as const,
  );
}

/**
 * Runs the scheduled job `job` at `at` on the e2e stack, as `npm run jobs -- --at=… --job=…` does (that job
 * only, so other tests' jobs keep their clocks; decision 0079). Returns the endpoint's status and the runs.
 */
export async function runJob(
  job: string,
  at: string,
): Promise<{ status: number; runs: { jobname: string; status: string }[] }> {
  const response = await fetch(`${supabaseUrl()}/local/v1/jobs/run`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env('E2E_SUPABASE_SERVICE_ROLE_KEY')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ at, job }),
  });
  const body = (await response.json()) as { runs?: { jobname: string; status: string }[] };
  return { status: response.status, runs: body.runs ?? [] };
}

export type Mail = MailedMessage;

/** Every message to `address`, newest first (the same Mailpit reader as the stack's own tests). */
export function mailTo(address: string): Promise<Mail[]> {
  return mailpitMessagesTo(mailUrl(), address);
}

/** Waits (up to `timeoutMs`) for a message to `address` whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = (await mailTo(address)).find((mail) => subject.test(mail.subject));
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
