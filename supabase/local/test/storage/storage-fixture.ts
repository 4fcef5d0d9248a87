import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { objectFilesFor } from '../../src/storage/object-files.ts';
import type { TestStack } from '../start-test-stack.ts';

export const BUCKET = 'event-images';

/** Seeded members (supabase/seed.sql). */
export const MEMBER = { email: 'member@example.com', password: 'password123' };
export const OTHER_MEMBER = { email: 'priya@example.com', password: 'password123' };

export function anonClient(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

export function serviceClient(stack: TestStack): SupabaseClient {
  return createClient(stack.url, stack.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** A client signed in through the stack's own Auth, and the member's id. */
export async function memberClient(
  stack: TestStack,
  credentials: { email: string; password: string },
): Promise<{ client: SupabaseClient; userId: string }> {
  const client = anonClient(stack);
  const { data, error } = await client.auth.signInWithPassword(credentials);
  if (error || !data.user) throw new Error(`sign-in failed for ${credentials.email}: ${error?.message}`);
  return { client, userId: data.user.id };
}

/** Rows for names under a prefix, read directly (no RLS): what is really stored. */
export async function storedNames(stack: TestStack, prefix: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and starts_with(name, $2) order by name`,
    [BUCKET, prefix],
  );
  return rows.map((row) => row.name);
}

/** Files on disk under a folder of the bucket, relative to the bucket. */
export async function filesOnDisk(stack: TestStack, folder: string, bucket = BUCKET): Promise<string[]> {
  const bucketRoot = path.join(objectFilesFor(stack.config).root, bucket);
  try {
    const entries = await readdir(path.join(bucketRoot, folder), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(bucketRoot, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function imageBlob(bytes: Uint8Array, type = 'image/png'): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

/** POSTs bytes with node:http so the path reaches the server exactly as written (no dot-segment removal). */
export function rawUpload(
  url: string,
  token: string,
  body: Uint8Array,
  apikey: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        // The path as written: new URL() above would already have resolved its dot segments.
        path: url.slice(target.origin.length),
        headers: { apikey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
