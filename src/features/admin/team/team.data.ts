/**
 * The team screen's calls: each one RPC (security definer, admins only; a member gets 42501 and nothing
 * else). A refusal the database explains (the last admin, one's own role, an unknown e-mail) comes back as
 * a TeamError carrying its message for the toast; any other failure is a DataError.
 */
import type { Database } from '../../../lib/supabase/database.types';
import {
  DataError,
  sharedClient,
  unwrap,
  type LoadClient,
  type Result,
  type SuccessData,
} from '../../../lib/supabase/data';
import { EXPORT_BATCH, pageOf, pageRange, readAllRows, type WithNulls } from '../table/paging';
import type { AuditEntity, AuditRow } from './audit';

type Functions = Database['public']['Functions'];

/** An admin, with when they became one (null for those made admin before the audit log). */
export type TeamMember = WithNulls<
  Functions['admin_team']['Returns'][number],
  'full_name' | 'admin_since' | 'last_sign_in_at'
>;

/** Who a grant or revoke reached, and whether it changed their role. */
export type RoleChange = WithNulls<Functions['grant_admin']['Returns'][number], 'full_name'>;

/** A refusal with a message meant for the admin (the database's own words). */
export class TeamError extends Error {}

// Messages the database raises for the admin to read: wrong input, unknown member, the role's two rules.
const READABLE = new Set(['22023', 'P0002', '42501']);

/** The data of a result; a refusal the admin can read becomes a TeamError, anything else a DataError. */
function teamResult<R extends Result>(result: R): SuccessData<R> {
  try {
    return unwrap(result);
  } catch (error) {
    if (error instanceof DataError && READABLE.has(error.code ?? '') && /^[A-Z]/.test(error.message)) {
      throw new TeamError(error.message);
    }
    throw error;
  }
}

export async function fetchTeam(client: LoadClient = sharedClient): Promise<TeamMember[]> {
  return teamResult(await (await client()).rpc('admin_team'));
}

export async function grantAdmin(email: string, client: LoadClient = sharedClient): Promise<RoleChange> {
  return teamResult(await (await client()).rpc('grant_admin', { p_email: email }))[0]!;
}

export async function revokeAdmin(memberId: string, client: LoadClient = sharedClient): Promise<RoleChange> {
  return teamResult(await (await client()).rpc('revoke_admin', { p_member_id: memberId }))[0]!;
}

/** The audited tables and their nouns, read from the audit triggers (the "What changed" choices). */
export async function fetchAuditEntities(client: LoadClient = sharedClient): Promise<AuditEntity[]> {
  return teamResult(await (await client()).rpc('admin_audit_entities'));
}

export interface AuditQuery {
  q?: string | undefined;
  /** One table (events, profiles …), or all. */
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: string | undefined;
  dir?: 'asc' | 'desc' | undefined;
}

export interface AuditPage {
  rows: AuditRow[];
  total: number;
}

/** The log's rows from..to in the lists' contract (decision 0052): the entity is its filter. */
async function readAudit(query: AuditQuery, from: number, to: number, client: LoadClient) {
  const records = teamResult(
    await (
      await client()
    ).rpc('admin_audit_log', {
      page_size: to - from + 1,
      page_offset: from,
      ...(query.q ? { search: query.q } : {}),
      ...(query.entity ? { filter: query.entity } : {}),
      ...(query.from ? { from_date: query.from } : {}),
      ...(query.to ? { to_date: query.to } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.dir ? { direction: query.dir } : {}),
    }),
  );
  // An empty page past the end still has a total: 0 is right when the first page is empty.
  return pageOf(records, from);
}

/** One page of the log and how many rows match (one request). */
export async function fetchAuditPage(
  query: AuditQuery,
  page: number,
  client: LoadClient = sharedClient,
): Promise<AuditPage> {
  const { from, to } = pageRange(page);
  const { rows, total } = await readAudit(query, from, to, client);
  return { rows, total: total ?? 0 };
}

/** Every matching row, for the CSV export (batches of EXPORT_BATCH). */
export function fetchAllAudit(query: AuditQuery, client: LoadClient = sharedClient): Promise<AuditRow[]> {
  return readAllRows((from, to) => readAudit(query, from, Math.min(to, from + EXPORT_BATCH - 1), client));
}
