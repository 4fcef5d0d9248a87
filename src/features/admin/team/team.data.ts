/**
 * The team screen's calls: each one RPC (security definer, admins only; a member gets 42501 and nothing
 * else). A refusal the database explains (the last admin, one's own role, an unknown e-mail) comes back as
 * a TeamError carrying its message for the toast.
 */
import { getSupabase, type BrowserSupabase } from '../../../lib/supabase/client';
import { EXPORT_BATCH, pageRange, readAllRows } from '../table/paging';
import type { AuditEntity, AuditRow } from './audit';

export interface TeamMember {
  id: string;
  full_name: string | null;
  email: string;
  admin_since: string | null;
  last_sign_in_at: string | null;
}

export interface RoleChange {
  id: string;
  full_name: string | null;
  email: string;
  changed: boolean;
}

/** A refusal with a message meant for the admin (the database's own words). */
export class TeamError extends Error {}

// Messages the database raises for the admin to read: wrong input, unknown member, the role's two rules.
const READABLE = new Set(['22023', 'P0002', '42501']);

function failure(error: { code?: string; message: string }): Error {
  return READABLE.has(error.code ?? '') && /^[A-Z]/.test(error.message)
    ? new TeamError(error.message)
    : new Error(error.message);
}

const clientOr = async (client?: BrowserSupabase) => client ?? (await getSupabase());

export async function fetchTeam(client?: BrowserSupabase): Promise<TeamMember[]> {
  const { data, error } = await (await clientOr(client)).rpc('admin_team');
  if (error) throw failure(error);
  return data as TeamMember[];
}

export async function grantAdmin(email: string, client?: BrowserSupabase): Promise<RoleChange> {
  const { data, error } = await (await clientOr(client)).rpc('grant_admin', { p_email: email });
  if (error) throw failure(error);
  return (data as RoleChange[])[0]!;
}

export async function revokeAdmin(memberId: string, client?: BrowserSupabase): Promise<RoleChange> {
  const { data, error } = await (await clientOr(client)).rpc('revoke_admin', { p_member_id: memberId });
  if (error) throw failure(error);
  return (data as RoleChange[])[0]!;
}

/** The audited tables and their nouns, read from the audit triggers (the "What changed" choices). */
export async function fetchAuditEntities(client?: BrowserSupabase): Promise<AuditEntity[]> {
  const { data, error } = await (await clientOr(client)).rpc('admin_audit_entities');
  if (error) throw failure(error);
  return data as AuditEntity[];
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

type AuditRecord = AuditRow & { total_count: number };

async function readAudit(query: AuditQuery, from: number, to: number, client?: BrowserSupabase) {
  const args: Record<string, string | number> = { p_limit: to - from + 1, p_offset: from };
  if (query.q) args.p_search = query.q;
  if (query.entity) args.p_entity = query.entity;
  if (query.from) args.p_from = query.from;
  if (query.to) args.p_to = query.to;
  if (query.sort) args.p_sort = query.sort;
  if (query.dir) args.p_dir = query.dir;
  const { data, error } = await (await clientOr(client)).rpc('admin_audit_log', args);
  if (error) throw failure(error);
  const records = data as AuditRecord[];
  return {
    rows: records.map(({ total_count: _total, ...row }) => row),
    // An empty page past the end still has a total: 0 is right when the first page is empty.
    total: records[0]?.total_count ?? (from === 0 ? 0 : null),
  };
}

/** One page of the log and how many rows match (one request). */
export async function fetchAuditPage(
  query: AuditQuery,
  page: number,
  client?: BrowserSupabase,
): Promise<AuditPage> {
  const { from, to } = pageRange(page);
  const { rows, total } = await readAudit(query, from, to, client);
  return { rows, total: total ?? 0 };
}

/** Every matching row, for the CSV export (batches of EXPORT_BATCH). */
export function fetchAllAudit(query: AuditQuery, client?: BrowserSupabase): Promise<AuditRow[]> {
  return readAllRows((from, to) => readAudit(query, from, Math.min(to, from + EXPORT_BATCH - 1), client));
}
