import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { AutopayConsent } from './AutopayConsent';
import { CardPaymentError, startCardPayment, type CardPaymentAsk } from './card-payments.data';
import { CardSurchargeNote } from './CardSurchargeNote';
import { usePaymentOptions } from './usePaymentOptions';

/** Whether the company takes cards (false until the database says so), from the page's one payment read. */
export function useCardPaymentsEnabled(): boolean {
  return usePaymentOptions((options) => options.cards.enabled).data === true;
}

/**
 * 'Pay by card' beside the bank transfer details (decision 0087), shown only when the company takes cards.
 * The amount is the database's (the button names it from what the page shows); clicking opens Stripe's
 * hosted Checkout, so no card number touches our pages. A refusal is shown in the function's words.
 * `ask` may be a function, for a page whose amount the member types (it returns null while that is not valid).
 */
export function PayByCard({
  ask,
  label = 'Pay by card',
  hint = true,
  amountCents,
  currency,
  offerAutopay = false,
}: {
  ask: CardPaymentAsk | (() => CardPaymentAsk | null);
  label?: string;
  /** What the button pays, when the page knows it: the surcharge note then names its amount too. */
  amountCents?: number;
  currency?: string;
  /** The line saying the card is entered on Stripe's page (once, where several buttons stand together). */
  hint?: boolean;
  /** The deposit: the member may tick AutoPay, so the card is saved for the instalments (decision 0088). */
  offerAutopay?: boolean;
}) {
  const enabled = useCardPaymentsEnabled();
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({
    busy: false,
    problem: null,
  });
  const [autopay, setAutopay] = useState<number | null>(null);
  if (!enabled) return null;
  const pay = async () => {
    const given = typeof ask === 'function' ? ask() : ask;
    if (!given) return;
    const chosen = autopay ? { ...given, autopayTermsVersion: autopay } : given;
    setState({ busy: true, problem: null });
    try {
      window.location.assign(await startCardPayment(chosen));
    } catch (error) {
      setState({
        busy: false,
        problem:
          error instanceof CardPaymentError
            ? error.message
            : 'Your card payment could not be started. Please try again.',
      });
    }
  };
  return (
    <div className="mt-4 space-y-2">
      {offerAutopay && <AutopayConsent onChange={setAutopay} />}
      <button
        type="button"
        className={buttonClass('primary')}
        disabled={state.busy}
        onClick={() => void pay()}
      >
        {state.busy ? 'Opening the card payment page…' : label}
      </button>
      <CardSurchargeNote amountCents={amountCents} {...(currency ? { currency } : {})} />
      {hint && (
        <p className="text-muted-foreground text-sm">
          You pay on Stripe&apos;s secure page; we never see your card number.
        </p>
      )}
      {state.problem && (
        <p role="alert" className="text-destructive text-sm">
          {state.problem}
        </p>
      )}
    </div>
  );
}
