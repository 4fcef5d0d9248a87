/**
 * The outbox's sender on hosted Supabase (decision 0080): `supabase functions deploy send-mail`, with the
 * secrets MAIL_FROM and SMTP_URL (`smtp://user:password@host:port`, or `smtps://`) set by
 * `supabase secrets set`. A POST (from the database's trigger through pg_net, or the scheduler's sweep; a
 * JWT is required, as config.toml keeps verify_jwt) delivers everything due and answers how many went out
 * and how many failed. The local stack runs this same file under Deno.
 */
import { createSmtpSender } from '../_shared/smtp.ts';
import { drainOutbox } from './sender.ts';

// Deno's global, declared here so Node's type check reads this file without Deno's types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const url = Deno.env.get('SUPABASE_URL') ?? '';
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
const smtpUrl = Deno.env.get('SMTP_URL');
const from = Deno.env.get('MAIL_FROM');
const transport = smtpUrl && from ? createSmtpSender(smtpUrl, from) : undefined;

Deno.serve(async (request) => {
  if (request.method !== 'POST') return Response.json({ message: 'Use POST' }, { status: 405 });
  if (!transport) {
    return Response.json(
      { message: 'No mail transport: set the secrets SMTP_URL and MAIL_FROM' },
      { status: 503 },
    );
  }
  return Response.json(await drainOutbox({ url, serviceRoleKey, transport }));
});
