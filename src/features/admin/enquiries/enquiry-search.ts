import * as z from 'zod';
import { listSearchSchema } from '../search';

/**
 * /admin/waitlist's address: the list search (its `filter` is the tab: waitlist, interest or contact) plus
 * the trip shown (`event`, a trip's name as the forms save it) and `show` (open or done; all without it).
 */
export const enquirySearchSchema = listSearchSchema.extend({
  event: z.string().max(200).optional().catch(undefined),
  show: z.enum(['open', 'done']).optional().catch(undefined),
});
export type EnquirySearch = z.infer<typeof enquirySearchSchema>;

export const validateEnquirySearch = (search: Record<string, unknown>): EnquirySearch =>
  enquirySearchSchema.parse(search);
