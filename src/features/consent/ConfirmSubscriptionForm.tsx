import { useEffect, useRef, useState } from 'react';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { formRules } from '../../lib/forms/form-rules';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { confirmTripNews, type ConfirmAnswer } from './confirm.data';
import { confirmationAnswer } from './consent';
import { unsubscribeTokenFrom } from './unsubscribe.data';

/** No fields: the form is one button, the token comes from the link. */
const NO_FIELDS = formRules({});

type State = 'ready' | 'sending' | ConfirmAnswer | 'no-token';

/**
 * Confirming trip news from the confirmation e-mail's link: as /unsubscribe, opening the page changes
 * nothing (a mail scanner that follows every link must not confirm for the person); the button does, and
 * the answer replaces it. Decision 0059.
 */
export function ConfirmSubscriptionForm() {
  // Rendered in the browser only (client:only): the token is in this page's address.
  const [token] = useState(() => unsubscribeTokenFrom(window.location.search));
  const [state, setState] = useState<State>(token ? 'ready' : 'no-token');
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state !== 'ready' && state !== 'sending') answer.current?.focus();
  }, [state]);

  const form = useSubmitForm({
    rules: NO_FIELDS,
    empty: {},
    send: async () => {
      if (!token) return;
      setState('sending');
      setState(await confirmTripNews(token));
    },
  });

  const shown =
    state === 'ready' || state === 'sending'
      ? null
      : confirmationAnswer(state === 'no-token' ? { outcome: 'invalid', email: null } : state);
  const canSend =
    state === 'ready' || state === 'sending' || (typeof state === 'object' && state.outcome === 'error');
  return (
    <div className="space-y-6">
      <div ref={answer} tabIndex={-1} role="status" className="outline-none">
        {shown ? (
          <div className="border-border bg-muted rounded-md border p-4">
            <h2 className="font-semibold">{shown.title}</h2>
            <p className="mt-1 text-sm">{shown.text}</p>
          </div>
        ) : null}
      </div>
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
