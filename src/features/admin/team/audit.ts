/**
 * The audit log read by a person: one sentence per row ("Granted admin to Ada Lovelace", "Updated event
 * 'Ghost tour': title, price") and the changed fields with their values before and after.
 */
import type { Database } from '../../../lib/supabase/database.types';
import type { WithNulls } from '../table/paging';

type Functions = Database['public']['Functions'];

/**
 * One row of the log (public.admin_audit_log): who (gone members leave their name and e-mail null), what
 * (entity_noun: the row's kind in the audit trigger's words, 'staff note'), and the row before and after.
 */
export type AuditRow = Omit<
  WithNulls<
    Functions['admin_audit_log']['Returns'][number],
    'actor_name' | 'actor_email' | 'entity_label' | 'entity_noun'
  >,
  'total_count'
>;

/** One audited table and what the database calls a row of it ('staff note'): the "What changed" choices. */
export type AuditEntity = Functions['admin_audit_entities']['Returns'][number];

/** A noun for a list of them, capitalised: 'staff note' → 'Staff notes', 'waitlist entry' → 'Waitlist entries'. */
export function pluralLabel(noun: string): string {
  const many = /[^aeiou]y$/.test(noun)
    ? `${noun.slice(0, -1)}ies`
    : /(s|x|z|ch|sh)$/.test(noun)
      ? `${noun}es`
      : `${noun}s`;
  return many.charAt(0).toUpperCase() + many.slice(1);
}

// 'send': a booking's history also lists the payment reminders the daily job sent (decision 0081);
// 'charge' and 'charge_failed': AutoPay's charges (decision 0088).
const VERBS: Record<string, string> = {
  insert: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  send: 'Sent',
  charge: 'Made',
  charge_failed: 'Failed',
};

type Fields = Record<string, unknown>;
const asFields = (value: unknown): Fields =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};

/** A column's name as words: price_cents → price, max_registrations → max registrations. */
export function fieldName(column: string): string {
  return column.replace(/_(cents|at|id)$/, '').replaceAll('_', ' ');
}

/** Who did it: their name, else their e-mail, else that the account is gone. */
export function actorOf(row: Pick<AuditRow, 'actor_name' | 'actor_email'>): string {
  return row.actor_name?.trim() || row.actor_email || 'A deleted account';
}

/** The row's one-line summary. */
export function describeAuditRow(row: AuditRow): string {
  const before = asFields(row.before);
  const after = asFields(row.after);
  const label = row.entity_label?.trim() || `#${row.entity_id.slice(0, 8)}`;
  if (row.entity === 'profiles' && row.action === 'update' && 'is_admin' in after) {
    const rest = Object.keys(after).filter((key) => key !== 'is_admin');
    const role = after.is_admin === true ? `Granted admin to ${label}` : `Removed admin from ${label}`;
    return rest.length ? `${role}; also changed ${rest.map(fieldName).join(', ')}` : role;
  }
  const thing = row.entity_noun?.trim() || row.entity.replaceAll('_', ' ');
  const verb = VERBS[row.action] ?? row.action;
  const named = row.entity === 'events' ? `'${label}'` : label;
  const subject = `${verb} ${thing} ${named}`;
  if (row.action !== 'update') return subject;
  const changed = Object.keys({ ...before, ...after });
  return changed.length ? `${subject}: ${changed.map(fieldName).join(', ')}` : subject;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A value as a short text for the before/after table ('—' for none). */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changed fields, in the order the row lists them: each with its value before and after. */
export function fieldChanges(row: Pick<AuditRow, 'before' | 'after'>): FieldChange[] {
  const before = asFields(row.before);
  const after = asFields(row.after);
  return Object.keys({ ...before, ...after }).map((key) => ({
    field: key,
    before: showValue(before[key]),
    after: showValue(after[key]),
  }));
}
