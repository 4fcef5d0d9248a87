import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { formatOrdinalDate } from '../../lib/format/date-words';
import { AUTOPAY_TERMS } from '../../lib/rules/autopay';
import { AutopayConsent } from './AutopayConsent';
import { autopayKey, fetchAutopay, turnAutopayOff, turnAutopayOn } from './autopay.data';
import { CardPaymentError, startCardPayment } from './card-payments.data';
import { useCardPaymentsEnabled } from './PayByCard';

/**
 * AutoPay on /manage-payment-plan (decision 0088): whether it is on, the last charge that did not go through,
 * and turning it on (ticking the terms; a card is saved on Stripe's page unless one is already saved),
 * changing the card, or turning it off. Shown only when the company takes cards.
 */
export function AutopaySection({
  bookingId,
  format,
}: {
  bookingId: string;
  format: (cents: number) => string;
}) {
  const enabled = useCardPaymentsEnabled();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: autopayKey(bookingId),
    queryFn: () => fetchAutopay(bookingId),
    enabled,
  });
  const [consent, setConsent] = useState<number | null>(null);
  const [state, setState] = useState<{ busy: boolean; problem: string | null }>({
    busy: false,
    problem: null,
  });
  if (!enabled || status.isPending) return null;
  const current = status.data ?? null;
  const on = current?.state === 'active';

  const act = async (work: () => Promise<void>) => {
    setState({ busy: true, problem: null });
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: autopayKey(bookingId) });
      setState({ busy: false, problem: null });
    } catch (error) {
      setState({
        busy: false,
        problem:
          error instanceof CardPaymentError || error instanceof Error
            ? error.message
            : 'That did not work. Please try again.',
      });
    }
  };
  const saveCard = (version: number) =>
    act(async () => {
      window.location.assign(
        await startCardPayment({
          bookingId,
          purpose: 'autopay_card',
          autopayTermsVersion: version,
          returnTo: '/manage-payment-plan',
        }),
      );
    });
  const turnOn = () => {
    if (!consent) {
      setState({ busy: false, problem: 'Please tick the box to agree to the AutoPay terms.' });
      return;
    }
    if (current?.hasCard) void act(() => turnAutopayOn(bookingId, consent));
    else void saveCard(consent);
  };

  return (
    <section
      aria-labelledby="autopay-title"
      className="border-border bg-card space-y-3 rounded-lg border p-5"
    >
      <h2 id="autopay-title" className="text-xl font-semibold">
        AutoPay
      </h2>
      {current?.lastFailure && (
        <p role="alert" className="text-destructive" data-testid="autopay-failure">
          Your AutoPay payment of {format(current.lastFailure.amountCents)} due{' '}
          {formatOrdinalDate(current.lastFailure.dueDate)} did not go through
          {current.lastFailure.reason ? ` (${current.lastFailure.reason.replace(/\.$/, '')})` : ''}. Nothing
          has changed on your booking. Please pay it below, by card or bank transfer.
        </p>
      )}
      {on ? (
        <>
          <p data-testid="autopay-state">
            AutoPay is on: we charge each instalment to your saved card on its due date, and e-mail you a few
            days before.
          </p>
          <details className="text-muted-foreground text-sm">
            <summary>The AutoPay terms you agreed to</summary>
            <p className="mt-1">{AUTOPAY_TERMS.text}</p>
          </details>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonClass('outline')}
              disabled={state.busy}
              onClick={() => void saveCard(AUTOPAY_TERMS.version)}
            >
              Change card
            </button>
            <button
              type="button"
              className={buttonClass('outline')}
              disabled={state.busy}
              onClick={() => void act(() => turnAutopayOff(bookingId))}
            >
              Turn off AutoPay
            </button>
          </div>
        </>
      ) : (
        <>
          <p data-testid="autopay-state">
            {current?.state === 'awaiting_card'
              ? 'AutoPay is waiting for a card: save one and we charge each instalment to it on its due date.'
              : 'AutoPay is off. Turn it on and we charge each instalment to your card on its due date.'}
          </p>
          <AutopayConsent onChange={setConsent} />
          <button type="button" className={buttonClass('primary')} disabled={state.busy} onClick={turnOn}>
            {current?.hasCard ? 'Turn on AutoPay' : 'Turn on AutoPay and save a card'}
          </button>
        </>
      )}
      {state.problem && (
        <p role="alert" className="text-destructive text-sm">
          {state.problem}
        </p>
      )}
    </section>
  );
}
