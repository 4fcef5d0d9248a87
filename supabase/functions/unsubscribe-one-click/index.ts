/**
 * The Edge Function (Deno): `supabase functions deploy unsubscribe-one-click` (config.toml sets
 * verify_jwt = false: mail clients send no key). The local stack runs this same file under Deno; the rules
 * are in handler.ts, web-standard, so its unit test runs it in Node too.
 */
import { handleOneClick } from './handler.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const url = Deno.env.get('SUPABASE_URL') ?? '';
const anonKey = Deno.env.get('SUPABASE_ANON_KEY') ?? '';

Deno.serve((request) => handleOneClick(request, { url, anonKey }));
