import type { StackConfig } from '../config.ts';
import { signJwt } from '../jwt.ts';
import type { UserJson } from './user-json.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The access token's claims exactly as GoTrue issues them. */
export function accessTokenClaims(config: StackConfig, user: UserJson, sessionId: string, amr: AmrEntry[]) {
  return {
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: typeof user.aud === 'string' && user.aud !== '' ? user.aud : 'authenticated',
    email: user.email,
    phone: typeof user.phone === 'string' ? user.phone : '',
    app_metadata: user.app_metadata ?? {},
    user_metadata: user.user_metadata ?? {},
    role: typeof user.role === 'string' && user.role !== '' ? user.role : 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous === true,
  };
}

export interface SessionBody {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export async function sessionBody(
  config: StackConfig,
  user: UserJson,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
): Promise<SessionBody> {
  const expiresIn = config.auth.jwtExpiry;
  const accessToken = await signJwt(
    accessTokenClaims(config, user, sessionId, amr),
    config.jwtSecret,
    expiresIn,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user,
  };
}
