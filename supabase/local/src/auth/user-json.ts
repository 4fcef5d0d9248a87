// GoTrue's user object, built as JSON by Postgres (so PGlite and PostgreSQL answer alike).

/** A timestamptz as GoTrue prints it: UTC, microseconds, `Z`. */
export function isoUtc(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const IDENTITY_JSON = `json_build_object(
  'identity_id', i.id,
  'id', i.provider_id,
  'user_id', i.user_id,
  'identity_data', i.identity_data,
  'provider', i.provider,
  'last_sign_in_at', ${isoUtc('i.last_sign_in_at')},
  'created_at', ${isoUtc('i.created_at')},
  'updated_at', ${isoUtc('i.updated_at')},
  'email', i.identity_data ->> 'email'
)`;

/** Selects `user` (json) for the auth.users row aliased `u`. */
export const USER_JSON = `json_build_object(
  'id', u.id,
  'aud', coalesce(u.aud, ''),
  'role', coalesce(u.role, ''),
  'email', coalesce(u.email, ''),
  'email_confirmed_at', ${isoUtc('u.email_confirmed_at')},
  'phone', coalesce(u.phone, ''),
  'confirmation_sent_at', ${isoUtc('u.confirmation_sent_at')},
  'confirmed_at', ${isoUtc('u.email_confirmed_at')},
  'recovery_sent_at', ${isoUtc('u.recovery_sent_at')},
  'new_email', nullif(u.email_change, ''),
  'email_change_sent_at', ${isoUtc('u.email_change_sent_at')},
  'last_sign_in_at', ${isoUtc('u.last_sign_in_at')},
  'app_metadata', coalesce(u.raw_app_meta_data, '{}'::jsonb),
  'user_metadata', coalesce(u.raw_user_meta_data, '{}'::jsonb),
  'identities', coalesce(
    (select json_agg(${IDENTITY_JSON} order by i.created_at) from auth.identities i where i.user_id = u.id),
    '[]'::json
  ),
  'created_at', ${isoUtc('u.created_at')},
  'updated_at', ${isoUtc('u.updated_at')},
  'is_anonymous', coalesce(u.is_anonymous, false)
)`;

// Fields GoTrue omits when empty (omitempty in its User struct).
const OMIT_WHEN_NULL = [
  'email_confirmed_at',
  'confirmation_sent_at',
  'confirmed_at',
  'recovery_sent_at',
  'new_email',
  'email_change_sent_at',
  'last_sign_in_at',
];

export type UserJson = Record<string, unknown> & { id: string; email: string };

/** Drops the empty optional fields, as GoTrue's JSON does. */
export function tidyUser(user: Record<string, unknown>): UserJson {
  const tidy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(user)) {
    if (value === null && OMIT_WHEN_NULL.includes(key)) continue;
    tidy[key] = value;
  }
  return tidy as UserJson;
}
