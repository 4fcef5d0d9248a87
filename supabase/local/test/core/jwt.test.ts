import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY, loadConfig } from '../../src/config.ts';
import { JwtError, resolveCaller, signJwt, verifyJwt } from '../../src/jwt.ts';

const config = loadConfig({}, {});

function request(headers: Record<string, string>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('jwt', () => {
  it('verifies the Supabase CLI well-known keys with the local secret', async () => {
    expect((await verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET)).role).toBe('anon');
    expect((await verifyJwt(LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET)).role).toBe('service_role');
  });

  it('round-trips claims and sets iat and exp', async () => {
    const token = await signJwt({ sub: 'u1', role: 'authenticated' }, LOCAL_JWT_SECRET, 60);
    const claims = await verifyJwt(token, LOCAL_JWT_SECRET);
    expect(claims.sub).toBe('u1');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
  });

  it('tells an expired token from a forged one', async () => {
    const expired = await signJwt({ role: 'authenticated', exp: 1 }, LOCAL_JWT_SECRET);
    await expect(verifyJwt(expired, LOCAL_JWT_SECRET)).rejects.toMatchObject({ kind: 'expired' });
    const forged = await signJwt({ role: 'service_role' }, 'another-secret-that-is-at-least-32-chars');
    await expect(verifyJwt(forged, LOCAL_JWT_SECRET)).rejects.toBeInstanceOf(JwtError);
    await expect(verifyJwt('not.a.jwt', LOCAL_JWT_SECRET)).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('resolveCaller', () => {
  it('is anon without any token', async () => {
    expect(await resolveCaller(request({}), config)).toMatchObject({ role: 'anon', token: undefined });
  });

  it('prefers Authorization over apikey, as the gateway does', async () => {
    const user = await signJwt({ sub: 'u1', role: 'authenticated' }, LOCAL_JWT_SECRET, 60);
    const caller = await resolveCaller(
      request({ authorization: `Bearer ${user}`, apikey: LOCAL_SERVICE_ROLE_KEY }),
      config,
    );
    expect(caller.role).toBe('authenticated');
    expect(caller.claims.sub).toBe('u1');
  });

  it('falls back to apikey', async () => {
    const caller = await resolveCaller(request({ apikey: LOCAL_SERVICE_ROLE_KEY }), config);
    expect(caller.role).toBe('service_role');
  });

  it('refuses a bad token instead of downgrading it to anon', async () => {
    await expect(resolveCaller(request({ authorization: 'Bearer nope' }), config)).rejects.toBeInstanceOf(
      JwtError,
    );
  });
});
