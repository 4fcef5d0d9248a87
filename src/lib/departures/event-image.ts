// A departure's own picture, uploaded by an admin to the public event-images bucket.
import { SUPABASE_URL } from '../supabase/config';

export function eventImageUrl(path: string, supabaseUrl: string = SUPABASE_URL): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/event-images/${encoded}`;
}
