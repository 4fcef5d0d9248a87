// The build reads every departure a visitor may see (the events that are not drafts) once, through PostgREST as
// the anon role, exactly as hosted Supabase serves it: the static pages then carry dates and prices without
// JavaScript. The database must answer during the build (npm start and the test scripts start it first); a build
// that cannot read the departures stops, rather than publishing trip pages without them.
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../supabase/database.types';
import type { Departure } from './departure';

const COLUMNS =
  'id, slug, trip_slug, title, description, location, status, start_date, end_date, price_cents, currency, max_registrations, image_paths';

export interface DepartureSourceOptions {
  /** The Supabase API (PUBLIC_SUPABASE_URL). */
  url: string;
  anonKey: string;
}

export async function readDepartures({ url, anonKey }: DepartureSourceOptions): Promise<Departure[]> {
  const rest = new PostgrestClient<Database>(`${url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  const { data, error } = await rest
    .from('events')
    .select(COLUMNS)
    .neq('status', 'draft')
    .order('start_date')
    .order('id');
  if (error) {
    throw new Error(
      `The build could not read the departures from ${url} (${error.message}). Trip pages take their dates and ` +
        'prices from the database: start it first (npm start does; or npm run stack), or set PUBLIC_SUPABASE_URL ' +
        'and PUBLIC_SUPABASE_ANON_KEY to your Supabase project.',
    );
  }
  return data.map((row) => ({
    id: row.id,
    slug: row.slug,
    tripSlug: row.trip_slug,
    title: row.title,
    description: row.description,
    location: row.location,
    status: row.status as Departure['status'],
    startDate: row.start_date,
    endDate: row.end_date,
    priceCents: row.price_cents,
    currency: row.currency,
    capacity: row.max_registrations,
    imagePaths: row.image_paths,
  }));
}
