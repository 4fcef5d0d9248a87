import { isIPv4, isIPv6 } from 'node:net';
import { LOCAL_JWT_SECRET, type StackConfig } from './config.ts';

/** True for names and addresses that only this machine can reach: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIPv4(bare)) return bare.startsWith('127.');
  if (isIPv6(bare)) {
    if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
    return mapped !== undefined && mapped.startsWith('127.');
  }
  return false;
}

/**
 * The CLI's JWT secret is public: with it anyone can sign a service_role token. Listening beyond loopback
 * with it would hand the whole database to the network, so the stack refuses to start.
 */
export function assertSafeBind(config: Pick<StackConfig, 'host' | 'jwtSecret'>): void {
  if (isLoopbackHost(config.host) || config.jwtSecret !== LOCAL_JWT_SECRET) return;
  throw new Error(
    `Refusing to listen on ${config.host}: JWT_SECRET is the Supabase CLI's public default, so anyone who ` +
      'can reach this address could sign a service_role token and bypass row-level security. Either keep ' +
      'SUPABASE_LOCAL_HOST on a loopback address (127.0.0.1, ::1 or localhost), or set your own JWT_SECRET ' +
      '(at least 32 characters) with SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY signed by it.',
  );
}
