import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { QueryWaiting } from '../../components/ui/QueryStatus';
import { formatAudCents } from '../../lib/format/currency';
import { formRules } from '../../lib/forms/form-rules';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import {
  AU_STATE_NAMES,
  AU_STATES,
  postcodeProblem,
  recipientProblem,
  secondLineProblem,
  stateProblem,
  streetProblem,
  suburbProblem,
} from '../../lib/rules/address';
import { cart } from '../../stores/cart';
import { cartRefusal, priceCart } from '../cart/cart.data';
import { useCardPaymentsEnabled } from '../bookings/PayByCard';
import { AddressState } from './AddressState';
import { ChoiceGroup } from './ChoiceGroup';
import { OrderSummary } from './OrderSummary';
import { orderHref, lineLabel } from './orders';
import {
  fetchShippingCents,
  OrderPaymentError,
  orderRefusal,
  placeOrder,
  startOrderCardPayment,
  type Delivery,
  type PayBy,
} from './orders.data';

type Key = 'method' | 'name' | 'line1' | 'line2' | 'suburb' | 'state' | 'postcode' | 'pay_by';
const EMPTY: Record<Key, string> = {
  method: '',
  name: '',
  line1: '',
  line2: '',
  suburb: '',
  state: '',
  postcode: '',
  pay_by: '',
};
const posted =
  (rule: (value: string) => string | undefined) => (value: string, values: Record<Key, string>) =>
    values.method === 'ship' ? rule(value.trim()) : undefined;

/**
 * /store/checkout (decision 0091): the cart priced by the database, postage or pickup, the address (checked
 * by src/lib/rules/address.ts as Postgres checks it), and card or bank transfer. Placing the order sends the
 * total shown: if the database's differs, or the last item has just gone, its words are shown and the
 * cart is priced again. Card: straight on to Stripe's page; bank transfer: the order's page with the details.
 */
export function Checkout() {
  const lines = useStore(cart.$lines);
  const [placed, setPlaced] = useState(false);
  const priced = useQuery({
    queryKey: ['checkout-price', lines],
    queryFn: () => priceCart(lines),
    enabled: lines.length > 0,
    retry: (count, error) => !cartRefusal(error) && count < 2,
  });
  const shipping = useQuery({ queryKey: ['store-shipping'], queryFn: () => fetchShippingCents() });
  if (placed)
    return (
      <p role="status" className="border-border rounded-lg border p-6">
        Your order is placed. Taking you to it…
      </p>
    );
  if (lines.length === 0)
    return (
      <div className="border-border rounded-lg border border-dashed p-8 text-center">
        <p className="font-medium">Your cart is empty.</p>
        <a href="/store" className={buttonClass('primary', 'md', 'mt-4')}>
          Back to the store
        </a>
      </div>
    );
  const refusal = cartRefusal(priced.error);
  if (refusal)
    return (
      <div role="alert" className="border-destructive rounded-lg border p-6">
        <p className="font-medium">{refusal}</p>
        <p className="text-muted-foreground mt-2 text-sm">
          Open the cart to change it, then check out again.
        </p>
        <a href="/store" className={buttonClass('outline', 'md', 'mt-4')}>
          Back to the store
        </a>
      </div>
    );
  if (!priced.isSuccess) return <QueryWaiting query={priced} what="cart" />;
  if (!shipping.isSuccess) return <QueryWaiting query={shipping} what="postage price" />;
  return (
    <CheckoutForm
      priced={priced.data}
      shippingCents={shipping.data}
      onPlaced={() => setPlaced(true)}
      onRefused={() => void priced.refetch()}
    />
  );
}

function CheckoutForm({
  priced,
  shippingCents,
  onPlaced,
  onRefused,
}: {
  priced: Awaited<ReturnType<typeof priceCart>>;
  shippingCents: number;
  onPlaced: () => void;
  onRefused: () => void;
}) {
  const cardsOn = useCardPaymentsEnabled();
  const [problem, setProblem] = useState<string | null>(null);
  const rules = formRules<Key>({
    method: (value) =>
      value === 'ship' || value === 'pickup' ? undefined : 'Please choose postage or pickup.',
    name: posted(recipientProblem),
    line1: posted(streetProblem),
    line2: posted(secondLineProblem),
    suburb: posted(suburbProblem),
    state: posted(stateProblem),
    postcode: (value, values) =>
      values.method === 'ship' ? postcodeProblem(values.state, value.trim()) : undefined,
    pay_by: (value) =>
      value === 'bank_transfer' || (value === 'card' && cardsOn) ? undefined : 'Please choose how to pay.',
  });
  const { values, field, submitting, handleSubmit } = useSubmitForm({
    rules,
    empty: EMPTY,
    send: async (chosen) => {
      setProblem(null);
      const delivery: Delivery =
        chosen.method === 'ship'
          ? {
              method: 'ship',
              name: chosen.name.trim(),
              line1: chosen.line1.trim(),
              line2: chosen.line2.trim(),
              suburb: chosen.suburb.trim(),
              state: chosen.state,
              postcode: chosen.postcode.trim(),
            }
          : { method: 'pickup' };
      let orderId: string;
      try {
        orderId = (await placeOrder(cart.$lines.get(), delivery, chosen.pay_by as PayBy, totalCents)).id;
      } catch (error) {
        setProblem(
          orderRefusal(error) ??
            'Your order could not be placed. Please check your connection and try again.',
        );
        onRefused();
        return false;
      }
      // The database emptied the member's kept cart; this device's goes too (without saving it again).
      cart.clear();
      onPlaced();
      if (chosen.pay_by === 'card') {
        try {
          window.location.assign(await startOrderCardPayment(orderId));
          return true;
        } catch (error) {
          const words = error instanceof OrderPaymentError ? error.message : '';
          window.location.assign(`${orderHref(orderId)}&card=failed&problem=${encodeURIComponent(words)}`);
          return true;
        }
      }
      window.location.assign(orderHref(orderId));
      return true;
    },
  });
  const shipped = values.method === 'ship';
  const postage = shipped ? shippingCents : values.method === 'pickup' ? 0 : null;
  const totalCents = priced.total_cents + (postage ?? 0);
  const gstCents = Math.round(totalCents / 11);
  const summaryLines = priced.lines.map((line) => ({
    key: line.variant_id,
    label: lineLabel(line),
    quantity: line.quantity,
    eachCents: line.unit_price_cents - line.unit_discount_cents,
    totalCents: line.line_total_cents,
    gstCents: line.gst_cents,
  }));
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-6">
        <ChoiceGroup
          legend="Delivery"
          {...field('method')}
          choices={[
            {
              value: 'ship',
              label: `Post it to me (${formatAudCents(shippingCents)})`,
              hint: 'Anywhere in Australia, by Australia Post.',
            },
            {
              value: 'pickup',
              label: 'Pick it up (free)',
              hint: 'We will e-mail you when it is ready to collect.',
            },
          ]}
        />
        {shipped && (
          <fieldset className="border-border space-y-4 rounded-lg border p-5">
            <legend className="px-1 font-semibold">Postal address</legend>
            <Field id="ship-name" label="Name" required autoComplete="name" {...field('name')} />
            <Field
              id="ship-line1"
              label="Street address"
              required
              autoComplete="address-line1"
              {...field('line1')}
            />
            <Field
              id="ship-line2"
              label="Unit, building or PO box"
              autoComplete="address-line2"
              {...field('line2')}
            />
            <Field
              id="ship-suburb"
              label="Suburb or town"
              required
              autoComplete="address-level2"
              {...field('suburb')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <AddressState id="ship-state" states={AU_STATES} names={AU_STATE_NAMES} {...field('state')} />
              <Field
                id="ship-postcode"
                label="Postcode"
                required
                autoComplete="postal-code"
                maxLength={4}
                {...field('postcode')}
              />
            </div>
          </fieldset>
        )}
        <ChoiceGroup
          legend="Payment"
          {...field('pay_by')}
          choices={[
            ...(cardsOn
              ? [
                  {
                    value: 'card',
                    label: 'Card',
                    hint: 'On Stripe’s secure page; we never see your card number.',
                  },
                ]
              : []),
            {
              value: 'bank_transfer',
              label: 'Bank transfer',
              hint: 'We hold your items for a week while your payment reaches us.',
            },
          ]}
        />
      </div>
      <aside
        aria-labelledby="order-summary-title"
        className="border-border bg-card h-fit rounded-lg border p-5"
      >
        <h2 id="order-summary-title" className="text-xl font-semibold">
          Your order
        </h2>
        <div className="mt-4">
          <OrderSummary
            lines={summaryLines}
            figures={{
              discountPercent: priced.discount_percent,
              discountCents: priced.discount_cents,
              shippingCents: postage,
              delivery: shipped ? 'ship' : 'pickup',
              totalCents,
              gstCents,
            }}
          />
        </div>
        {problem && (
          <p role="alert" className="text-destructive mt-4 font-medium">
            {problem}
          </p>
        )}
        <div className="mt-4">
          <SubmitButton submitting={submitting} busyLabel="Placing your order…">
            Place order
          </SubmitButton>
        </div>
      </aside>
    </form>
  );
}
