import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { USER_JSON, tidyUser, type UserJson } from './user-json.ts';
import type { JsonObject } from './request.ts';

/** What the auth routes decide on; times are epoch seconds (null when unset). */
export interface UserRecord {
  id: string;
  email: string;
  encryptedPassword: string;
  emailConfirmedAt: number | null;
  confirmationSentAt: number | null;
  recoverySentAt: number | null;
  emailChange: string;
  emailChangeSentAt: number | null;
  /** 1 once one side of a double-confirmed address change was confirmed. */
  emailChangeConfirmStatus: number;
  bannedUntil: number | null;
  deletedAt: number | null;
  userMetadata: JsonObject;
}

const RECORD_COLUMNS = `u.id::text as id, coalesce(u.email, '') as email,
  coalesce(u.encrypted_password, '') as "encryptedPassword",
  extract(epoch from u.email_confirmed_at)::float8 as "emailConfirmedAt",
  extract(epoch from u.confirmation_sent_at)::float8 as "confirmationSentAt",
  extract(epoch from u.recovery_sent_at)::float8 as "recoverySentAt",
  coalesce(u.email_change, '') as "emailChange",
  extract(epoch from u.email_change_sent_at)::float8 as "emailChangeSentAt",
  coalesce(u.email_change_confirm_status, 0)::int as "emailChangeConfirmStatus",
  coalesce(u.raw_user_meta_data, '{}'::jsonb) as "userMetadata",
  extract(epoch from u.banned_until)::float8 as "bannedUntil",
  extract(epoch from u.deleted_at)::float8 as "deletedAt"`;

/** The one-time token columns a link or code can match. */
export type TokenColumn =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

const SENT_AT: Record<TokenColumn, string> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
};

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRecord | undefined> {
  const { rows } = await q.query<UserRecord>(
    `select ${RECORD_COLUMNS} from auth.users u where lower(u.email) = lower($1) and u.deleted_at is null
     order by u.created_at limit 1`,
    [email],
  );
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRecord | undefined> {
  const { rows } = await q.query<UserRecord>(
    `select ${RECORD_COLUMNS} from auth.users u where u.id = $1::uuid`,
    [id],
  );
  return rows[0];
}

export async function findUserByToken(
  q: Queryable,
  column: TokenColumn,
  hash: string,
): Promise<(UserRecord & { tokenSentAt: number | null }) | undefined> {
  const sentAt = SENT_AT[column];
  const { rows } = await q.query<UserRecord & { tokenSentAt: number | null }>(
    `select ${RECORD_COLUMNS}, extract(epoch from u.${sentAt})::float8 as "tokenSentAt"
     from auth.users u where u.${column} = $1 and u.${column} <> '' and u.deleted_at is null limit 1`,
    [hash],
  );
  return rows[0];
}

/** The user as GoTrue answers it. */
export async function loadUserJson(q: Queryable, id: string): Promise<UserJson | undefined> {
  const { rows } = await q.query<{ user: Record<string, unknown> }>(
    `select ${USER_JSON} as "user" from auth.users u where u.id = $1::uuid`,
    [id],
  );
  return rows[0] ? tidyUser(rows[0].user) : undefined;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  userMetadata: JsonObject;
  appMetadata: JsonObject;
  confirmed: boolean;
  role?: string;
}

/**
 * Inserts the user and its e-mail identity. Metadata carries the identity's claims (sub, email,
 * email_verified, phone_verified) beside the sign-up data, as GoTrue's does.
 */
export async function insertUser(q: Queryable, user: NewUser): Promise<string> {
  const id = randomUUID();
  const identityData = {
    sub: id,
    email: user.email,
    email_verified: user.confirmed,
    phone_verified: false,
  };
  await q.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, confirmation_sent_at, recovery_token, email_change, email_change_token_new,
       raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
     values ($1::uuid, 'authenticated', $2, $3, $4,
       case when $5::boolean then now() end, '', null, '', '', '',
       $6::jsonb, $7::jsonb, false, now(), now())`,
    [
      id,
      user.role ?? 'authenticated',
      user.email,
      user.passwordHash,
      user.confirmed,
      JSON.stringify({ provider: 'email', providers: ['email'], ...user.appMetadata }),
      JSON.stringify({ ...user.userMetadata, ...identityData }),
    ],
  );
  await q.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::uuid, $2::text, $2::text::uuid, $3::jsonb, 'email', now(), now())`,
    [randomUUID(), id, JSON.stringify(identityData)],
  );
  return id;
}

export async function setToken(
  q: Queryable,
  id: string,
  column: 'confirmation_token' | 'recovery_token',
  hash: string,
): Promise<void> {
  const sentAt = SENT_AT[column];
  await q.query(
    `update auth.users set ${column} = $2, ${sentAt} = now(), updated_at = now() where id = $1::uuid`,
    [id, hash],
  );
}

/** Marks the address verified: confirmed_at, and email_verified in the metadata and the identity. */
export async function confirmEmail(q: Queryable, id: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1::uuid`,
    [id],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1::uuid and provider = 'email'`,
    [id],
  );
}

export async function clearRecoveryToken(q: Queryable, id: string): Promise<void> {
  await q.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1::uuid`, [id]);
}

/** Completes an e-mail change: the new address replaces the old one everywhere GoTrue keeps it. */
export async function applyEmailChange(q: Queryable, id: string): Promise<void> {
  await q.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', email_change),
       updated_at = now()
     where id = $1::uuid and email_change <> ''`,
    [id],
  );
  await q.query(
    `update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email),
       updated_at = now()
     from auth.users u where u.id = $1::uuid and i.user_id = u.id and i.provider = 'email'`,
    [id],
  );
}

/** A pending address change: the new address, the token for it and ('' when single) for the current one. */
export async function storeEmailChange(
  q: Queryable,
  id: string,
  newEmail: string,
  hashNew: string,
  hashCurrent: string,
): Promise<void> {
  await q.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
     where id = $1::uuid`,
    [id, newEmail, hashNew, hashCurrent],
  );
}

/** One side of a double-confirmed change followed its link: that token is spent, the other still waits. */
export async function confirmEmailChangeSide(
  q: Queryable,
  id: string,
  column: 'email_change_token_new' | 'email_change_token_current',
): Promise<void> {
  await q.query(
    `update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now()
     where id = $1::uuid`,
    [id],
  );
}

/**
 * A new password, and, as GoTrue's UpdatePassword does, every e-mailed token voided: links sent before
 * the change (reset, confirmation, address change) no longer work.
 */
export async function setPassword(q: Queryable, id: string, passwordHash: string): Promise<void> {
  await q.query(
    `update auth.users set encrypted_password = $2,
       confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
       email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1::uuid`,
    [id, passwordHash],
  );
}

/** Merges keys into user metadata; a key set to null is removed, as GoTrue does. */
export async function mergeUserMetadata(q: Queryable, id: string, data: JsonObject): Promise<void> {
  const removed = Object.keys(data).filter((key) => data[key] === null);
  await q.query(
    `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
       updated_at = now() where id = $1::uuid`,
    [id, JSON.stringify(data), removed],
  );
}

export async function mergeAppMetadata(q: Queryable, id: string, data: JsonObject): Promise<void> {
  const removed = Object.keys(data).filter((key) => data[key] === null);
  await q.query(
    `update auth.users set raw_app_meta_data = (coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb) - $3::text[],
       updated_at = now() where id = $1::uuid`,
    [id, JSON.stringify(data), removed],
  );
}

export async function recordSignIn(q: Queryable, id: string): Promise<void> {
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid`, [
    id,
  ]);
  await q.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1::uuid`,
    [id],
  );
}
