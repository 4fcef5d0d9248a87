import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { sendAuthJson } from './errors.ts';

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
  'phone',
];

/** GET /auth/v1/settings: only e-mail sign-in is on. */
export async function settings(req: IncomingMessage, res: ServerResponse, ctx: StackContext): Promise<void> {
  const external: Record<string, boolean> = { email: true };
  for (const provider of EXTERNAL_PROVIDERS) external[provider] = false;
  sendAuthJson(req, res, 200, {
    external,
    disable_signup: !ctx.config.auth.enableSignup,
    mailer_autoconfirm: !ctx.config.auth.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** GET /auth/v1/health */
export async function health(req: IncomingMessage, res: ServerResponse): Promise<void> {
  sendAuthJson(req, res, 200, {
    version: 'supabase-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}
