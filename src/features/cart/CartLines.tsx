import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { formatAudCents } from '../../lib/format/currency';
import { $sessionUser } from '../../stores/session';
import { cart, MAX_QUANTITY, type CartLine } from '../../stores/cart';
import { cartRefusal, priceCart, type PricedCart } from './cart.data';
import { labelCart, type LabelledLine } from './cart-labels';

type Pricing =
  | { state: 'loading' }
  | { state: 'priced'; cart: PricedCart }
  | { state: 'refused'; message: string; lines: LabelledLine[] }
  | { state: 'failed' };

/**
 * The cart sheet's contents: each line with its price as public.price_cart computes it for the caller (one
 * request for the whole cart, again after each change or sign-in), quantities to change or remove, the
 * member's discount, the total and the GST in it. When the database refuses a line (sold out, not enough
 * left, withdrawn), its words are shown and the lines stay editable so the shopper can fix the cart.
 */
export function CartLines() {
  const lines = useStore(cart.$lines);
  const userId = useStore($sessionUser)?.id ?? null;
  // The prices of the cart and caller they were asked for: a change shows the last prices until new ones come.
  const [answer, setAnswer] = useState<{ key: string; pricing: Pricing } | null>(null);
  const key = JSON.stringify([lines, userId]);

  useEffect(() => {
    if (lines.length === 0) return;
    let current = true;
    const settle = (pricing: Pricing) => {
      if (current) setAnswer({ key, pricing });
    };
    priceCart(lines)
      .then((priced) => settle({ state: 'priced', cart: priced }))
      .catch(async (error: unknown) => {
        const message = cartRefusal(error);
        if (!message) return settle({ state: 'failed' });
        const labelled = await labelCart(lines).catch(() => null);
        settle(
          labelled ? { state: 'refused', message: sentence(message), lines: labelled } : { state: 'failed' },
        );
      });
    return () => {
      current = false;
    };
    // The cart's content and who asks (both in key) decide the prices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const pricing: Pricing =
    answer && (answer.key === key || answer.pricing.state === 'priced')
      ? answer.pricing
      : { state: 'loading' };

  if (lines.length === 0) return null;
  if (pricing.state === 'loading')
    return (
      <p role="status" className="text-muted-foreground">
        Working out your prices…
      </p>
    );
  if (pricing.state === 'failed')
    return (
      <p role="alert">Your cart’s prices could not be loaded. Please check your connection and try again.</p>
    );
  if (pricing.state === 'refused')
    return (
      <div className="space-y-4">
        <p role="alert" className="border-destructive rounded-md border p-3 text-sm">
          {pricing.message}
        </p>
        <ul className="divide-border divide-y">
          {pricing.lines.map((line) => (
            <li key={line.variantId} className="py-3">
              <p className="font-medium">{line.label}</p>
              <p className="text-muted-foreground text-sm">{line.problem}</p>
              <QuantityControls line={line} label={line.label} max={line.stock ?? 0} />
            </li>
          ))}
        </ul>
      </div>
    );

  const priced = pricing.cart;
  return (
    <div className="space-y-4" aria-busy={answer?.key !== key}>
      <ul className="divide-border divide-y">
        {priced.lines.map((line) => {
          const label = line.size ? `${line.name} (${line.size})` : line.name;
          return (
            <li key={line.variant_id} className="py-3">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium">{label}</p>
                <p className="font-semibold">{formatAudCents(line.line_total_cents)}</p>
              </div>
              <p className="text-muted-foreground text-sm">
                {formatAudCents(line.unit_price_cents - line.unit_discount_cents)} each
                {line.unit_discount_cents > 0 && <> (was {formatAudCents(line.unit_price_cents)})</>},
                includes {formatAudCents(line.gst_cents)} GST
              </p>
              <QuantityControls
                line={{ variantId: line.variant_id, quantity: line.quantity }}
                label={label}
                max={line.stock}
              />
            </li>
          );
        })}
      </ul>
      <dl className="border-border grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-4 text-sm">
        {priced.discount_cents > 0 && (
          <>
            <dt>Subtotal</dt>
            <dd className="text-end">{formatAudCents(priced.subtotal_cents)}</dd>
            <dt>Member discount ({priced.discount_percent}%)</dt>
            <dd className="text-end">−{formatAudCents(priced.discount_cents)}</dd>
          </>
        )}
        <dt className="text-base font-semibold">Total</dt>
        <dd data-cart-total className="text-end text-base font-semibold">
          {formatAudCents(priced.total_cents)}
        </dd>
        <dt className="text-muted-foreground">Includes GST of</dt>
        <dd className="text-muted-foreground text-end">{formatAudCents(priced.gst_cents)}</dd>
      </dl>
      {priced.discount_cents === 0 && !userId && (
        <p className="text-muted-foreground text-sm">
          Members save on merchandise.{' '}
          <a href="/login" className="text-primary underline">
            Log in
          </a>{' '}
          to see your price.
        </p>
      )}
    </div>
  );
}

/** The database's message as a sentence: capital first, full stop last. */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function QuantityControls({ line, label, max }: { line: CartLine; label: string; max: number }) {
  const limit = Math.min(max, MAX_QUANTITY);
  return (
    <div className="mt-2 flex items-center gap-2">
      <button
        type="button"
        className={buttonClass('outline', 'icon')}
        onClick={() => cart.setQuantity(line.variantId, line.quantity - 1)}
        aria-label={`One fewer ${label}`}
      >
        −
      </button>
      <span className="min-w-8 text-center">
        <span className="sr-only">Quantity of {label}: </span>
        {line.quantity}
      </span>
      <button
        type="button"
        className={buttonClass('outline', 'icon')}
        disabled={line.quantity >= limit}
        onClick={() => cart.setQuantity(line.variantId, line.quantity + 1)}
        aria-label={`One more ${label}`}
      >
        +
      </button>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', 'ms-auto')}
        onClick={() => cart.remove(line.variantId)}
      >
        Remove<span className="sr-only"> {label}</span>
      </button>
    </div>
  );
}
