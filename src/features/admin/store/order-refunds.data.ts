/**
 * An admin's refund of a store order (decision 0097): public.refund_order records it (the admin, the amount
 * against what is left of the order, the reason and the items back are the database's checks); a card
 * order's refund is then made through Stripe by the stripe-refund function with the admin's token. A bank
 * transfer order's refund is made when recorded: the admin has sent the money.
 */
import type { Tables } from '../../../lib/supabase/database.types';
import { sharedClient, unwrap, type LoadClient } from '../../../lib/supabase/data';
import { makeRefundNow, type RefundOutcome } from '../bookings/card-refunds.data';

export type OrderRefund = Tables<'order_refunds'>;

export async function refundOrder(
  orderId: string,
  refund: { amountCents: number; reason: string; returnStock: boolean },
  client: LoadClient = sharedClient,
): Promise<RefundOutcome> {
  const supabase = await client();
  const made = unwrap(
    await supabase.rpc('refund_order', {
      p_order_id: orderId,
      p_amount_cents: refund.amountCents,
      p_reason: refund.reason,
      p_return_stock: refund.returnStock,
    }),
  );
  if (made.state === 'made') return { state: 'made' };
  return makeRefundNow({ order_refund_id: made.id }, client);
}
