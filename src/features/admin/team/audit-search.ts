import * as z from 'zod';
import { listSearchSchema, type ListSearch } from '../search';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/**
 * /admin/management's address: the list's own parameters (q: who or what; filter: the table) plus `from`
 * and `to`, Sydney calendar days of the audit log (both included). Malformed values are dropped.
 */
export const auditSearchSchema = listSearchSchema.extend({ from: isoDate, to: isoDate });
export type AuditSearch = z.infer<typeof auditSearchSchema> & ListSearch;

export const validateAuditSearch = (search: Record<string, unknown>): AuditSearch =>
  auditSearchSchema.parse(search);
