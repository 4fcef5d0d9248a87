import { request } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mailpitMessagesTo, type MailedMessage } from '../mailpit.ts';
import type { TestStack } from '../start-test-stack.ts';

export type { MailedMessage };

/** A fresh supabase-js client as a browser would build it, with no shared session storage. */
export function clientFor(stack: TestStack, key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/**
 * A fetch whose connections leave from another loopback address (Linux routes all of 127/8 to lo), so
 * the stack sees another client: how tests stand for two people on two machines.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const target = new Request(input, init);
    const body = target.body ? Buffer.from(await target.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        target.url,
        { method: target.method, headers: Object.fromEntries(target.headers), localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item);
            }
            const status = incoming.statusCode ?? 500;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/** A supabase-js client whose requests come from `localAddress` (another client to the stack). */
export function clientFrom(stack: TestStack, localAddress: string): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(localAddress) },
  });
}

/** Messages for one address, newest first, read through the mailbox's Mailpit API. */
export async function mailTo(stack: TestStack, address: string): Promise<MailedMessage[]> {
  if (!stack.mailUrl) throw new Error('this stack has no mailbox (SMTP_URL is set)');
  return mailpitMessagesTo(stack.mailUrl, address);
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

/**
 * Registers as the site does: signs up, follows the e-mailed link (which signs the member in), then
 * chooses the password, since confirming clears any password set before the address was proven.
 * Returns the session tokens from the link's redirect.
 */
export async function confirmedMember(
  stack: TestStack,
  email: string,
  password = 'correct-horse-7',
  fullName = 'Test Member',
): Promise<{ accessToken: string; refreshToken: string }> {
  const { error } = await clientFor(stack).auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  if (error) throw error;
  const { params } = await followLink(await latestLink(stack, email));
  const accessToken = params.get('access_token') ?? '';
  const chosen = await rawAuth(stack, '/user', { method: 'PUT', token: accessToken, body: { password } });
  if (chosen.status !== 200) throw new Error(`choosing a password answered ${chosen.status}`);
  return { accessToken, refreshToken: params.get('refresh_token') ?? '' };
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
