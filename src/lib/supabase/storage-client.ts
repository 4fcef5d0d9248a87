/**
 * The browser's Storage client: `@supabase/storage-js` 2.119.0 as supabase-js 2.119 builds it
 * (`new StorageClient(<url>/storage/v1, headers, fetchWithAuth)`), sending the signed-in member's access
 * token, so the bucket's policies decide for the member. Only ./client.ts imports this module, with a
 * dynamic import(), so storage-js is downloaded when a member picks an image and never otherwise
 * (docs/decisions/0022 and 0028).
 */
import type { GoTrueClient } from '@supabase/auth-js';
import { StorageClient } from '@supabase/storage-js';
import { fetchWithAuth } from './fetch-with-auth';

export function createStorageClient(
  supabaseUrl: string,
  anonKey: string,
  auth: Pick<GoTrueClient, 'getSession'>,
): StorageClient {
  const base = supabaseUrl.replace(/\/+$/, '');
  return new StorageClient(`${base}/storage/v1`, {}, fetchWithAuth(anonKey, auth));
}
