import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { LinkAnswer, useLinkAction } from './LinkAction';
import { unsubscribe, type UnsubscribeOutcome } from './unsubscribe.data';

const ANSWERS: Record<UnsubscribeOutcome | 'no-token', { title: string; text: string }> = {
  unsubscribed: {
    title: "You're unsubscribed",
    text: "We won't send you news about trips and offers any more. E-mails about your bookings still come.",
  },
  invalid: {
    title: 'This link is not valid',
    text: 'It may be incomplete. Use the link from the e-mail as it is, or contact us and we will unsubscribe you.',
  },
  'no-token': {
    title: 'This link is not valid',
    text: 'It has no unsubscribe code. Use the link from the e-mail as it is, or contact us and we will unsubscribe you.',
  },
  error: {
    title: 'Something went wrong',
    text: 'We could not unsubscribe you just now. Please try again.',
  },
};

/**
 * One clear action: the link only opens this page (a mail scanner that follows links changes nothing); the
 * person presses the button, and the answer replaces it. Decision 0018 explains the choice.
 */
export function UnsubscribeForm() {
  const { token, state, answer, form } = useLinkAction<UnsubscribeOutcome>(unsubscribe);
  const shown = state === 'ready' || state === 'sending' ? null : ANSWERS[state];
  const canSend = token !== null && state !== 'unsubscribed' && state !== 'invalid';
  return (
    <div className="space-y-6">
      <LinkAnswer answer={answer} shown={shown} />
      {canSend ? (
        <form onSubmit={form.handleSubmit} aria-label="Unsubscribe" className="max-w-sm">
          <SubmitButton submitting={state === 'sending'} busyLabel="Unsubscribing...">
            Unsubscribe from trip news
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
