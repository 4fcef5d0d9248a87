import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { sendEmpty } from '../http.ts';
import { requireUser } from './caller.ts';
import { validationFailed, versionHeaders } from './errors.ts';
import { endSessions } from './sessions.ts';

/** POST /auth/v1/logout?scope=global|local|others → 204. Ending a session stops its refresh tokens. */
export async function logout(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw validationFailed('Unsupported logout scope. Must be one of: global, local, others');
  }
  const { user, sessionId } = await requireUser(req, ctx);
  await ctx.db.transaction(async (tx) => {
    if (scope === 'global' || sessionId === undefined) {
      await endSessions(tx, 'user_id = $1::uuid', [user.id]);
    } else if (scope === 'local') {
      await endSessions(tx, 'id = $1::uuid', [sessionId]);
    } else {
      await endSessions(tx, 'user_id = $1::uuid and id <> $2::uuid', [user.id, sessionId]);
    }
  });
  sendEmpty(res, 204, versionHeaders(req));
}
