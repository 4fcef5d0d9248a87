import * as z from 'zod';
import { listSearchSchema } from '../search';

/**
 * /admin/store's address: the list search (its `filter` is the state: awaiting_payment, paid, packed,
 * shipped, expired) plus `pay`, how the orders were paid (card or bank_transfer).
 */
export const orderSearchSchema = listSearchSchema.extend({
  pay: z.enum(['card', 'bank_transfer']).optional().catch(undefined),
});
export type OrderSearch = z.infer<typeof orderSearchSchema>;

export const validateOrderSearch = (search: Record<string, unknown>): OrderSearch =>
  orderSearchSchema.parse(search);
