import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDateTime } from '../../../lib/format/dates';
import { addressLines, lineLabel, orderStateLabel, refundTotals } from '../../orders/orders';
import { RecordSection, RecordTable } from '../customers/RecordSection';
import { AdminPage } from '../ui/AdminPage';
import { OrderStepDialog } from './OrderStepDialog';
import { canRefund, orderRefundStateLabel, refundsEndSteps } from './order-refunds';
import { RefundOrderDialog } from './RefundOrderDialog';
import { actionLabel, money, nextAction, payLabel, stepLabel, type OrderAction } from './orders';
import { fetchOrder, orderKey, type OrderRecord } from './orders.data';

/** /admin/store/$orderId: one order, its lines, address and timeline, with the next step as a button. */
export function OrderPage() {
  const { orderId } = useParams({ from: '/admin/store/$orderId' });
  const record = useQuery({ queryKey: orderKey(orderId), queryFn: () => fetchOrder(orderId) });
  const back = (
    <Link to="/admin/store" className="text-primary text-sm underline">
      Back to orders
    </Link>
  );
  if (record.isError || record.data === null) {
    return (
      <AdminPage title="Order" actions={back}>
        <p role="alert" className="text-destructive">
          {record.isError
            ? 'We could not load this order. Please refresh the page to try again.'
            : 'No order has this id.'}
        </p>
      </AdminPage>
    );
  }
  if (!record.data) {
    return (
      <AdminPage title="Order" actions={back}>
        <p role="status">Loading order…</p>
      </AdminPage>
    );
  }
  const { order } = record.data;
  return (
    <AdminPage
      title={`Order ${order.number}`}
      description={`${payLabel(order.pay_by)}, ${order.delivery === 'pickup' ? 'pickup' : 'posted'}: ${orderStateLabel(order.state, order.delivery).toLowerCase()}`}
      actions={back}
    >
      <OrderView record={record.data} />
    </AdminPage>
  );
}

function OrderView({ record }: { record: OrderRecord }) {
  const { order } = record;
  const currency = order.currency;
  const [action, setAction] = useState<OrderAction | null>(null);
  const [refunding, setRefunding] = useState(false);
  const stepsEnded = refundsEndSteps(order, record.refunds);
  const next = stepsEnded ? null : nextAction(order);
  const refunded = refundTotals(record.refunds);
  const address = addressLines(order);
  const facts: [string, React.ReactNode][] = [
    ['State', orderStateLabel(order.state, order.delivery)],
    [
      'Buyer',
      <Link
        key="buyer"
        to="/admin/customers/$customerId"
        params={{ customerId: order.user_id }}
        className="text-primary underline"
      >
        {record.buyer.name ?? 'No name given'}
        {record.buyer.email ? ` (${record.buyer.email})` : ''}
      </Link>,
    ],
    ['Placed', formatDateTime(order.placed_at)],
    ['Pay by', payLabel(order.pay_by)],
    ['Total', money(order.total_cents, currency)],
    ['Includes GST of', money(order.gst_cents, currency)],
  ];
  if (order.state === 'awaiting_payment') facts.push(['Held until', formatDateTime(order.expires_at)]);
  if (refunded.made + refunded.waiting > 0)
    facts.push([
      'Refunded',
      `${money(refunded.made, currency)}${refunded.waiting ? ` (and ${money(refunded.waiting, currency)} waiting for Stripe)` : ''}`,
    ]);
  if (order.tracking_number)
    facts.push(['Tracking number', `${order.tracking_number}${order.carrier ? ` (${order.carrier})` : ''}`]);

  return (
    <div className="space-y-6">
      <RecordSection title="Summary">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-muted-foreground text-sm">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </RecordSection>
      <RecordSection title="Next step">
        {next ? (
          <button type="button" className={buttonClass('primary')} onClick={() => setAction(next)}>
            {actionLabel(next, order.delivery)}…
          </button>
        ) : (
          <p className="text-muted-foreground text-sm">
            {order.state === 'awaiting_payment'
              ? 'Waiting for the buyer to pay by card: Stripe marks it paid.'
              : order.state === 'expired'
                ? 'This order expired unpaid and its items went back on the shelf.'
                : stepsEnded && order.state !== 'shipped'
                  ? 'Refunded: nothing to pack or send.'
                  : 'Nothing left to do: this order is done.'}
          </p>
        )}
        <OrderStepDialog action={action} record={record} onClose={() => setAction(null)} />
      </RecordSection>
      <RecordSection title="Refunds" count={record.refunds.length}>
        <RecordTable
          caption="Refunds"
          rows={record.refunds}
          empty="No refunds."
          rowKey={(row) => row.id}
          columns={[
            { header: 'Asked', cell: (row) => formatDateTime(row.created_at) },
            { header: 'Amount', cell: (row) => money(row.amount_cents, currency) },
            { header: 'Reason', cell: (row) => row.reason },
            { header: 'State', cell: (row) => orderRefundStateLabel(row) },
            { header: 'Items back in stock', cell: (row) => (row.stock_returned ? 'Yes' : 'No') },
          ]}
        />
        {canRefund(order, record.refunds) && (
          <button type="button" className={buttonClass('outline')} onClick={() => setRefunding(true)}>
            Refund…
          </button>
        )}
        <RefundOrderDialog open={refunding} record={record} onClose={() => setRefunding(false)} />
      </RecordSection>
      <RecordSection title="Items" count={record.lines.length}>
        <RecordTable
          caption="Items"
          rows={record.lines}
          empty="No items."
          rowKey={(row) => String(row.position)}
          columns={[
            { header: 'Item', cell: (row) => lineLabel(row) },
            { header: 'Quantity', cell: (row) => String(row.quantity) },
            {
              header: 'Each',
              cell: (row) => money(row.unit_price_cents - row.unit_discount_cents, currency),
            },
            { header: 'Line total', cell: (row) => money(row.line_total_cents, currency) },
          ]}
        />
        <p className="text-sm">
          {order.discount_cents > 0 &&
            `Member discount (${order.discount_percent}%): -${money(order.discount_cents, currency)}. `}
          {order.delivery === 'ship' ? `Postage: ${money(order.shipping_cents, currency)}.` : 'Pickup: free.'}
        </p>
      </RecordSection>
      <RecordSection title={order.delivery === 'ship' ? 'Post to' : 'Delivery'}>
        {address ? (
          <address className="not-italic">
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p>The buyer picks it up from us.</p>
        )}
      </RecordSection>
      <RecordSection title="Timeline" count={record.steps.length}>
        <ol className="space-y-1">
          {record.steps.map((step) => (
            <li key={step.step}>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>: {stepLabel(step.step)}
              {step.by
                ? ` by ${step.by}`
                : step.step === 'placed'
                  ? ' by the buyer'
                  : step.step === 'paid' && order.pay_by === 'card'
                    ? ' by card, through Stripe'
                    : ''}
            </li>
          ))}
        </ol>
      </RecordSection>
    </div>
  );
}
