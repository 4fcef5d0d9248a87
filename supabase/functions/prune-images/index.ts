/**
 * Housekeeping's image half (decision 0083): `supabase functions deploy prune-images`. The scheduler calls
 * it daily through pg_net with the service-role key (verify_jwt stays on); it removes event images no post
 * names a day after upload and answers how many. The local stack runs this same file under Deno.
 */
import { pruneImages } from './pruner.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const url = Deno.env.get('SUPABASE_URL') ?? '';
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

Deno.serve(async (request) => {
  if (request.method !== 'POST') return Response.json({ message: 'Use POST' }, { status: 405 });
  try {
    return Response.json(await pruneImages({ url, serviceRoleKey }));
  } catch (error) {
    return Response.json(
      { message: error instanceof Error ? error.message : String(error) },
      { status: 502 },
    );
  }
});
