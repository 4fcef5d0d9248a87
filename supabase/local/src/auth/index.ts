import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { admin } from './admin.ts';
import { AuthError, sendAuthError } from './errors.ts';
import { logout } from './logout.ts';
import { recover, resend } from './recover.ts';
import { health, settings } from './settings.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, updateUser } from './user.ts';
import { verifyLink, verifyOtp } from './verify.ts';

type Route = (req: IncomingMessage, res: ServerResponse, ctx: StackContext, url: URL) => Promise<void>;

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/verify': { GET: verifyLink, POST: verifyOtp },
  '/logout': { POST: logout },
  '/user': { GET: getUser, PUT: updateUser },
  '/recover': { POST: recover },
  '/resend': { POST: resend },
  '/settings': { GET: settings },
  '/health': { GET: health },
};

function routeFor(path: string, method: string): Route | undefined {
  if (path === '/admin/users' || path.startsWith('/admin/users/')) return admin;
  const routes = ROUTES[path];
  if (!routes) throw new AuthError(404, 'not_found', 'Not found');
  const route = routes[method === 'HEAD' ? 'GET' : method];
  if (!route) throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  return route;
}

/** GoTrue at /auth/v1: errors answer in the shape the client's API version asks for. */
export async function handleAuth(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const path = url.pathname.slice('/auth/v1'.length).replace(/\/+$/, '') || '/';
  try {
    const route = routeFor(path, req.method ?? 'GET');
    await route?.(req, res, ctx, url);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    sendAuthError(req, res, error);
  }
}
