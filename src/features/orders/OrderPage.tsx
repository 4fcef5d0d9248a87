import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { formatAudCents } from '../../lib/format/currency';
import { formatDateTime, sydneyDate } from '../../lib/format/dates';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { BankTransferDetails } from '../bookings/BankTransferDetails';
import type { Business } from '../invoices/Invoice';
import { OrderSummary } from './OrderSummary';
import { addressLines, isPaid, lineLabel, orderIdFrom, orderStateLabel, refundTotals } from './orders';
import { fetchOrder, OrderPaymentError, startOrderCardPayment, type OrderWithLines } from './orders.data';

/** How often, and how long, the page asks whether Stripe's webhook has marked the order paid. */
const POLL_MS = 1500;
const POLL_FOR_MS = 90_000;

const heldUntil = (at: string) => formatDateTime(at);

/**
 * /store/order?order=<id> (decision 0091): the member's order, its state, how to pay while it awaits payment
 * (the bank details with the order number as reference, or Pay by card), and once paid its tax invoice,
 * ready to print. Back from Stripe (?card=paid) it asks every 1.5 s until the webhook has marked it paid.
 */
export function OrderPage({ business }: { business: Business }) {
  const search = new URLSearchParams(window.location.search);
  const orderId = orderIdFrom(window.location.search);
  const card = search.get('card');
  const [startedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => (orderId ? fetchOrder(orderId) : Promise.resolve(null)),
    refetchInterval: (q) =>
      card === 'paid' && q.state.data && !isPaid(q.state.data) && Date.now() - startedAt < POLL_FOR_MS
        ? POLL_MS
        : false,
  });
  if (!query.isSuccess) return <QueryWaiting query={query} what="order" />;
  const order = query.data;
  if (!order)
    return (
      <div role="alert" className="border-border rounded-lg border p-6">
        <h2 className="text-xl font-semibold">Order not found</h2>
        <p className="text-muted-foreground mt-2">
          We could not find this order in your account. Check the link, or open it from your dashboard.
        </p>
        <a href="/dashboard" className="text-primary mt-4 inline-block underline">
          Back to your dashboard
        </a>
      </div>
    );
  const paid = isPaid(order);
  return (
    <div className="space-y-6">
      <ReturnNote order={order} card={card} problem={search.get('problem')} />
      {order.state === 'awaiting_payment' && order.pay_by === 'bank_transfer' && (
        <section
          aria-labelledby="pay-title"
          className="border-border bg-card rounded-lg border p-5 print:hidden"
        >
          <h2 id="pay-title" className="text-xl font-semibold">
            Pay {formatAudCents(order.total_cents)} by bank transfer
          </h2>
          <p className="text-muted-foreground mt-1 text-sm">
            We hold your items until {heldUntil(order.expires_at)} (Sydney time). If your payment has not
            reached us by then, the order expires and the items go back on the shelf.
          </p>
          <BankTransferDetails reference={order.number} matchTo="order" />
        </section>
      )}
      {order.state === 'awaiting_payment' && order.pay_by === 'card' && <PayOrderByCard order={order} />}
      {order.state === 'expired' && (
        <p role="status" className="border-border rounded-lg border p-4">
          This order expired because its payment did not reach us in time, and its items went back on the
          shelf. Nothing was charged. You are welcome to{' '}
          <a href="/store" className="text-primary underline">
            order again
          </a>
          .
        </p>
      )}
      {paid && (
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <button type="button" className={buttonClass('primary')} onClick={() => window.print()}>
            Print
          </button>
          <span className="text-muted-foreground text-sm">Or save it as a PDF from the print dialog.</span>
        </div>
      )}
      <OrderDocument order={order} business={business} paid={paid} />
      <a href="/dashboard" className={buttonClass('outline', 'md', 'print:hidden')}>
        Back to your dashboard
      </a>
    </div>
  );
}

function ReturnNote({
  order,
  card,
  problem,
}: {
  order: OrderWithLines;
  card: string | null;
  problem: string | null;
}) {
  if (card === 'paid')
    return (
      <p
        role="status"
        data-testid="card-return"
        className="border-border bg-card rounded-lg border p-4 font-medium print:hidden"
      >
        {isPaid(order)
          ? 'Thank you: your card payment is confirmed and your order is on its way to being packed.'
          : 'Thank you: your card payment is being confirmed. This page updates by itself in a moment.'}
      </p>
    );
  if (card === 'cancelled' && order.state === 'awaiting_payment')
    return (
      <p role="status" className="border-border rounded-lg border p-4 print:hidden">
        You left the card payment page, so nothing was charged. You can try again below.
      </p>
    );
  if (card === 'failed' && order.state === 'awaiting_payment')
    return (
      <p role="alert" className="border-destructive rounded-lg border p-4 print:hidden">
        Your order is placed, but the card payment page could not be opened{problem ? `: ${problem}` : '.'}{' '}
        Please try again below.
      </p>
    );
  return null;
}

function PayOrderByCard({ order }: { order: OrderWithLines }) {
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({
    busy: false,
    problem: null,
  });
  const pay = async () => {
    setState({ busy: true, problem: null });
    try {
      window.location.assign(await startOrderCardPayment(order.id));
    } catch (error) {
      setState({
        busy: false,
        problem:
          error instanceof OrderPaymentError
            ? error.message
            : 'Your card payment could not be started. Please try again.',
      });
    }
  };
  return (
    <section
      aria-labelledby="card-title"
      className="border-border bg-card rounded-lg border p-5 print:hidden"
    >
      <h2 id="card-title" className="text-xl font-semibold">
        Pay {formatAudCents(order.total_cents)} by card
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">
        We hold your items until {heldUntil(order.expires_at)} (Sydney time). You pay on Stripe&apos;s secure
        page; we never see your card number.
      </p>
      <button
        type="button"
        className={buttonClass('primary', 'md', 'mt-4')}
        disabled={state.busy}
        onClick={() => void pay()}
      >
        {state.busy ? 'Opening the card payment page…' : 'Pay by card'}
      </button>
      {state.problem && (
        <p role="alert" className="text-destructive mt-2 text-sm">
          {state.problem}
        </p>
      )}
    </section>
  );
}

/** The order as a document: a tax invoice once paid (the company, its ABN, the order number), else a summary. */
function OrderDocument({
  order,
  business,
  paid,
}: {
  order: OrderWithLines;
  business: Business;
  paid: boolean;
}) {
  const address = addressLines(order);
  return (
    <article
      aria-labelledby="order-title"
      className="invoice-document border-border bg-card rounded-lg border p-6 print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap justify-between gap-6">
        <div>
          <p className="text-lg font-semibold">{business.legalName}</p>
          <p className="text-sm">ABN {business.abn}</p>
          <p className="text-sm whitespace-pre-line">{business.address}</p>
          <p className="text-sm">
            {business.contactEmail} · {business.contactPhone}
          </p>
        </div>
        <div className="sm:text-end">
          <h2 id="order-title" className="text-2xl font-bold tracking-wide uppercase">
            {paid ? 'Tax invoice' : 'Order'}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 text-sm sm:justify-end">
            <dt className="font-medium">{paid ? 'Invoice number' : 'Order number'}</dt>
            <dd data-testid="order-number">{order.number}</dd>
            <dt className="font-medium">{paid ? 'Issue date' : 'Placed'}</dt>
            <dd>{formatOrdinalDate(sydneyDate(order.paid_at ?? order.placed_at))}</dd>
            <dt className="font-medium">Status</dt>
            <dd data-testid="order-state">{orderStateLabel(order.state, order.delivery)}</dd>
            {order.tracking_number && (
              <>
                <dt className="font-medium">Tracking number</dt>
                <dd data-testid="order-tracking">
                  {order.tracking_number}
                  {order.carrier ? ` (${order.carrier})` : ''}
                </dd>
              </>
            )}
            {refundTotals(order.order_refunds).made > 0 && (
              <>
                <dt className="font-medium">Refunded</dt>
                <dd data-testid="order-refunded">{formatAudCents(refundTotals(order.order_refunds).made)}</dd>
              </>
            )}
          </dl>
        </div>
      </header>
      <section aria-labelledby="deliver-to" className="mt-6">
        <h3 id="deliver-to" className="text-sm font-semibold uppercase">
          {address ? 'Post to' : 'Pickup'}
        </h3>
        {address ? (
          address.map((line) => <p key={line}>{line}</p>)
        ) : (
          <p>We will e-mail you when your order is ready to collect.</p>
        )}
      </section>
      <div className="mt-6">
        <OrderSummary
          lines={order.order_lines.map((line) => ({
            key: String(line.position),
            label: lineLabel(line),
            quantity: line.quantity,
            eachCents: line.unit_price_cents - line.unit_discount_cents,
            totalCents: line.line_total_cents,
            gstCents: line.gst_cents,
          }))}
          figures={{
            discountPercent: order.discount_percent,
            discountCents: order.discount_cents,
            shippingCents: order.shipping_cents,
            delivery: order.delivery === 'ship' ? 'ship' : 'pickup',
            totalCents: order.total_cents,
            gstCents: order.gst_cents,
          }}
        />
      </div>
      {paid && (
        <p className="mt-4 text-sm">
          Paid by {order.pay_by === 'card' ? 'card' : 'bank transfer'} on{' '}
          {formatOrdinalDate(sydneyDate(order.paid_at!))}. Thank you.
        </p>
      )}
    </article>
  );
}
