import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { confirmTripNews, type ConfirmAnswer } from './confirm.data';
import { confirmationAnswer } from './consent';
import { LinkAnswer, useLinkAction } from './LinkAction';

/**
 * Confirming trip news from the confirmation e-mail's link: as /unsubscribe, opening the page changes
 * nothing (a mail scanner that follows every link must not confirm for the person); the button does, and
 * the answer replaces it. Decision 0059.
 */
export function ConfirmSubscriptionForm() {
  const { token, state, answer, form } = useLinkAction<ConfirmAnswer>(confirmTripNews);
  const shown =
    state === 'ready' || state === 'sending'
      ? null
      : confirmationAnswer(state === 'no-token' ? { outcome: 'invalid', email: null } : state);
  const canSend =
    state === 'ready' || state === 'sending' || (typeof state === 'object' && state.outcome === 'error');
  return (
    <div className="space-y-6">
      <LinkAnswer answer={answer} shown={shown} />
      {canSend && token ? (
        <form onSubmit={form.handleSubmit} aria-label="Confirm trip news" className="max-w-sm">
          <SubmitButton submitting={state === 'sending'} busyLabel="Confirming...">
            Confirm trip news
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
