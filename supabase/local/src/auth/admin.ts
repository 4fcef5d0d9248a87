import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { isUuid, requireAdmin } from './caller.ts';
import { AuthError, sendAuthJson, validationFailed } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { optionalBoolean, optionalObject, optionalString, readAuthBody, type JsonObject } from './request.ts';
import { endSessions } from './sessions.ts';
import { USER_JSON, tidyUser } from './user-json.ts';
import { emailExists } from './user.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  loadUserJson,
  mergeAppMetadata,
  mergeUserMetadata,
  setPassword,
} from './users.ts';
import { checkPasswordStrength, normaliseEmail } from './validation.ts';

const userNotFound = (): AuthError => new AuthError(404, 'user_not_found', 'User not found');

/** /auth/v1/admin/users[/<id>] with the service_role key. */
export async function admin(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  await requireAdmin(req, ctx);
  const rest = url.pathname.slice('/auth/v1/admin/users'.length).replace(/^\/+|\/+$/g, '');
  const method = req.method ?? 'GET';
  if (rest === '') {
    if (method === 'POST') return sendAuthJson(req, res, 200, await createUser(ctx, await readAuthBody(req)));
    if (method === 'GET') return listUsers(req, res, ctx, url);
    throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  }
  if (!isUuid(rest)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  if (!(await findUserById(ctx.db, rest))) throw userNotFound();
  if (method === 'GET') return sendAuthJson(req, res, 200, await loadUserJson(ctx.db, rest));
  if (method === 'PUT')
    return sendAuthJson(req, res, 200, await updateUser(ctx, rest, await readAuthBody(req)));
  if (method === 'DELETE') {
    await deleteUser(ctx, rest);
    return sendAuthJson(req, res, 200, {});
  }
  throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
}

async function createUser(ctx: StackContext, body: JsonObject) {
  const email = normaliseEmail(optionalString(body, 'email'));
  const password = optionalString(body, 'password');
  if (password !== undefined) checkPasswordStrength(password, ctx.config.auth);
  if (await findUserByEmail(ctx.db, email)) throw emailExists();
  const passwordHash = password === undefined ? '' : await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    try {
      return await insertUser(tx, {
        email,
        passwordHash,
        userMetadata: optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data') ?? {},
        appMetadata: optionalObject(body, 'app_metadata') ?? {},
        confirmed: optionalBoolean(body, 'email_confirm') === true,
        role: optionalString(body, 'role') || 'authenticated',
      });
    } catch (error) {
      console.error('[supabase-local] admin create user failed:', error);
      throw new AuthError(500, 'unexpected_failure', 'Database error creating new user');
    }
  });
  return loadUserJson(ctx.db, userId);
}

async function updateUser(ctx: StackContext, id: string, body: JsonObject) {
  const password = optionalString(body, 'password');
  if (password !== undefined) checkPasswordStrength(password, ctx.config.auth);
  const rawEmail = optionalString(body, 'email');
  const email = rawEmail === undefined ? undefined : normaliseEmail(rawEmail);
  if (email !== undefined) {
    const owner = await findUserByEmail(ctx.db, email);
    if (owner && owner.id !== id) throw emailExists();
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const userMetadata = optionalObject(body, 'user_metadata');
  const appMetadata = optionalObject(body, 'app_metadata');
  const role = optionalString(body, 'role');
  const confirm = optionalBoolean(body, 'email_confirm');
  await ctx.db.transaction(async (tx) => {
    if (email !== undefined) await setEmail(tx, id, email);
    // Confirm before the new password, as GoTrue orders it: confirming clears a password nobody proved.
    if (confirm === true) await confirmEmail(tx, id);
    if (passwordHash !== undefined) {
      await setPassword(tx, id, passwordHash);
      await endSessions(tx, 'user_id = $1::uuid', [id]);
    }
    if (userMetadata !== undefined) await mergeUserMetadata(tx, id, userMetadata);
    if (appMetadata !== undefined) await mergeAppMetadata(tx, id, appMetadata);
    if (role)
      await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1::uuid`, [id, role]);
  });
  return loadUserJson(ctx.db, id);
}

async function setEmail(tx: Queryable, id: string, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2::text,
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text),
       updated_at = now() where id = $1::uuid`,
    [id, email],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
       updated_at = now() where user_id = $1::uuid and provider = 'email'`,
    [id, email],
  );
}

async function deleteUser(ctx: StackContext, id: string): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      await endSessions(tx, 'user_id = $1::uuid', [id]);
      await tx.query(`delete from auth.identities where user_id = $1::uuid`, [id]);
      await tx.query(`delete from auth.users where id = $1::uuid`, [id]);
    });
  } catch (error) {
    console.error('[supabase-local] admin delete user failed:', error);
    throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
  }
}

/** GET /admin/users?page&per_page → {users, aud} with x-total-count and GoTrue's link header. */
async function listUsers(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StackContext,
  url: URL,
): Promise<void> {
  const page = positiveInt(url.searchParams.get('page'), 1);
  const perPage = Math.min(positiveInt(url.searchParams.get('per_page'), 50), 1000);
  const { rows } = await ctx.db.query<{ user: Record<string, unknown> }>(
    `select ${USER_JSON} as "user" from auth.users u order by u.created_at, u.id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const counted = await ctx.db.query<{ total: number }>(`select count(*)::int as total from auth.users`);
  const total = Number(counted.rows[0]?.total ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  sendAuthJson(
    req,
    res,
    200,
    { users: rows.map((row) => tidyUser(row.user)), aud: 'authenticated' },
    { 'x-total-count': String(total), link: links.join(', ') },
  );
}

function positiveInt(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw validationFailed(`Invalid page parameter: ${value}`);
  return Math.min(Number(value), 1_000_000);
}
