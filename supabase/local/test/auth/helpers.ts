import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { extractLinks } from '../../src/mail/links.ts';
import type { TestStack } from '../start-test-stack.ts';

/** A fresh supabase-js client as a browser would build it, with no shared session storage. */
export function clientFor(stack: TestStack, key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export interface MailedMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

async function mailboxJson(stack: TestStack, path: string): Promise<unknown> {
  if (!stack.mailUrl) throw new Error('this stack has no mailbox (SMTP_URL is set)');
  const response = await fetch(`${stack.mailUrl}${path}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return response.json();
}

/** Messages for one address, newest first, read through the mailbox's Mailpit API as tools for the CLI do. */
export async function mailTo(stack: TestStack, address: string): Promise<MailedMessage[]> {
  const found = (await mailboxJson(
    stack,
    `/api/v1/search?limit=1000&query=${encodeURIComponent(`to:"${address}"`)}`,
  )) as {
    messages: { ID: string; To: { Address: string }[] }[];
  };
  const exact = found.messages.filter((summary) =>
    summary.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
  );
  return Promise.all(
    exact.map(async ({ ID }) => {
      const message = (await mailboxJson(stack, `/api/v1/message/${ID}`)) as {
        To: { Address: string }[];
        Subject: string;
        Text: string;
        HTML: string;
      };
      return {
        id: ID,
        to: message.To[0]?.Address ?? '',
        subject: message.Subject,
        text: message.Text,
        html: message.HTML,
        links: extractLinks(message.Text, message.HTML),
      };
    }),
  );
}

/** The verify link of the newest e-mail to an address. */
export async function latestLink(stack: TestStack, address: string): Promise<string> {
  const [latest] = await mailTo(stack, address);
  const link = latest?.links.find((candidate) => candidate.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link mailed to ${address}`);
  return link;
}

/** Follows an e-mail link like a browser's first hop and returns the fragment parameters of the redirect. */
export async function followLink(
  link: string,
): Promise<{ status: number; target: string; params: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const [target = '', fragment = ''] = location.split('#');
  return { status: response.status, target, params: new URLSearchParams(fragment) };
}

/** A raw call to the auth API, for what supabase-js hides (statuses, headers, the older error shape). */
export async function rawAuth(
  stack: TestStack,
  path: string,
  init: { method?: string; body?: unknown; token?: string; version?: boolean } = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const headers: Record<string, string> = { apikey: stack.anonKey, 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.version !== false) headers['x-supabase-api-version'] = '2024-01-01';
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

/** Signs up and confirms through the e-mailed link; returns the session tokens from the redirect. */
export async function confirmedMember(
  stack: TestStack,
  email: string,
  password = 'correct-horse',
  fullName = 'Test Member',
): Promise<{ accessToken: string; refreshToken: string }> {
  const { error } = await clientFor(stack).auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  if (error) throw error;
  const { params } = await followLink(await latestLink(stack, email));
  return { accessToken: params.get('access_token') ?? '', refreshToken: params.get('refresh_token') ?? '' };
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
