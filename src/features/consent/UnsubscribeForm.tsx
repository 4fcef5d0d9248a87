import { useEffect, useRef, useState } from 'react';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { formRules } from '../../lib/forms/form-rules';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { unsubscribe, unsubscribeTokenFrom, type UnsubscribeOutcome } from './unsubscribe.data';

/** No fields: the form is one button, the token comes from the link. */
const NO_FIELDS = formRules({});

type State = 'ready' | 'sending' | UnsubscribeOutcome | 'no-token';

const ANSWERS: Record<Exclude<State, 'ready' | 'sending'>, { title: string; text: string }> = {
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
      setState(await unsubscribe(token));
    },
  });

  const shown = state === 'ready' || state === 'sending' ? null : ANSWERS[state];
  const canSend = token !== null && state !== 'unsubscribed' && state !== 'invalid';
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
