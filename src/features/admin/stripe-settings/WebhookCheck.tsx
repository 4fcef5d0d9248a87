import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatDateTime } from '../../../lib/format/dates';
import { fetchLastWebhook, sendTestEvent, StripeSettingsError } from './stripe-settings.data';

const POLL_MS = 1500;
const WAIT_MS = 30_000;

type CheckState =
  | { step: 'idle' }
  | { step: 'waiting' }
  | { step: 'arrived'; at: string }
  | { step: 'missing' }
  | { step: 'failed'; message: string };

/**
 * 'Send a test event': Stripe makes a session that expires at once and sends its event to the webhook; the
 * page waits up to 30 s for it in public.stripe_events. Said plainly what it proves and what it does not.
 */
export function WebhookCheck({ ready }: { ready: boolean }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckState>({ step: 'idle' });

  async function check() {
    setState({ step: 'waiting' });
    try {
      const sessionId = await sendTestEvent();
      const until = Date.now() + WAIT_MS;
      while (Date.now() < until) {
        const found = await fetchLastWebhook(sessionId);
        if (found) {
          setState({ step: 'arrived', at: found.receivedAt });
          await queryClient.invalidateQueries({ queryKey: ['admin', 'stripe-settings', 'last-webhook'] });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      setState({ step: 'missing' });
    } catch (error) {
      setState({
        step: 'failed',
        message:
          error instanceof StripeSettingsError
            ? error.message
            : 'The check could not be run. Please try again.',
      });
    }
  }

  return (
    <div className="max-w-2xl space-y-2">
      <h4 className="font-medium">Check the webhook</h4>
      <p className="text-muted-foreground text-sm">
        Stripe makes a $1.00 payment page that expires straight away (nobody can pay it) and sends its{' '}
        <code>checkout.session.expired</code> event to the webhook. If it arrives, Stripe reaches the URL
        above and the signing secret matches. It does not check that the other events are selected.
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={!ready || state.step === 'waiting'}
        onClick={() => void check()}
      >
        {state.step === 'waiting' ? 'Waiting for Stripe…' : 'Send a test event'}
      </button>
      <div role="status" className="text-sm">
        {state.step === 'arrived' &&
          `Received at ${formatDateTime(state.at)}: Stripe reaches the webhook and the signing secret matches.`}
        {state.step === 'missing' &&
          'Not received within 30 seconds. Check the endpoint URL in Stripe, that checkout.session.expired is selected, and that STRIPE_WEBHOOK_SECRET is that endpoint’s signing secret.'}
      </div>
      {state.step === 'failed' && (
        <p role="alert" className="text-destructive text-sm">
          {state.message}
        </p>
      )}
    </div>
  );
}
