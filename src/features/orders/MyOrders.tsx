import { useQuery } from '@tanstack/react-query';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { formatAudCents } from '../../lib/format/currency';
import { sydneyDate } from '../../lib/format/dates';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { orderHref, orderStateLabel, refundTotals } from './orders';
import { fetchMyOrders } from './orders.data';

/**
 * The member's store orders on the dashboard (decision 0091), newest first, each with its state and a link to
 * its page (how to pay it, or its tax invoice) and what was refunded of it (decision 0097). Nothing is shown
 * to a member who has never ordered.
 */
export function MyOrders() {
  const query = useQuery({ queryKey: ['my-orders'], queryFn: () => fetchMyOrders() });
  if (!query.isSuccess) return <QueryWaiting query={query} what="orders" />;
  if (query.data.length === 0) return null;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="text-xl font-semibold">
        Your Store Orders
      </h2>
      <ul className="divide-border border-border mt-4 divide-y rounded-lg border">
        {query.data.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <a href={orderHref(order.id)} className="text-primary font-medium underline">
                Order {order.number}
              </a>
              <p className="text-muted-foreground text-sm">
                {formatOrdinalDate(sydneyDate(order.placed_at))} · {formatAudCents(order.total_cents)}
              </p>
              <RefundedLine refunds={order.order_refunds} />
            </div>
            <span
              className="border-border rounded-full border px-2.5 py-0.5 text-xs font-semibold"
              data-testid="order-state"
            >
              {orderStateLabel(order.state, order.delivery)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Refunded $x" once a refund is made, and what is still on its way back to the card. */
function RefundedLine({ refunds }: { refunds: { amount_cents: number; state: string }[] }) {
  const { made, waiting } = refundTotals(refunds);
  if (made + waiting === 0) return null;
  return (
    <p className="text-sm" data-testid="order-refunded">
      {made > 0 && `Refunded ${formatAudCents(made)}`}
      {made > 0 && waiting > 0 && ' · '}
      {waiting > 0 && `Refund of ${formatAudCents(waiting)} on its way`}
    </p>
  );
}
