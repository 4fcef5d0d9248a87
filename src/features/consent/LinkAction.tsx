import { useEffect, useRef, useState, type RefObject } from 'react';
import { formRules } from '../../lib/forms/form-rules';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { unsubscribeTokenFrom } from './unsubscribe.data';

/** No fields: the form is one button, the token comes from the link. */
const NO_FIELDS = formRules({});

/**
 * A page an e-mail's link opens with a token (/unsubscribe, /confirm-subscription): opening it changes
 * nothing, so a mail scanner that follows every link acts for nobody; the person's one button sends the
 * token, and the answer replaces it and takes focus (decisions 0018, 0059). Rendered in the browser only
 * (client:only): the token is in the page's address.
 */
export function useLinkAction<Answer>(act: (token: string) => Promise<Answer>) {
  const [token] = useState(() => unsubscribeTokenFrom(window.location.search));
  const [state, setState] = useState<'ready' | 'sending' | 'no-token' | Answer>(token ? 'ready' : 'no-token');
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
      setState(await act(token));
    },
  });
  return { token, state, answer, form };
}

/** Where the answer appears, announced and focusable. */
export function LinkAnswer({
  answer,
  shown,
}: {
  answer: RefObject<HTMLDivElement | null>;
  shown: { title: string; text: string } | null;
}) {
  return (
    <div ref={answer} tabIndex={-1} role="status" className="outline-none">
      {shown ? (
        <div className="border-border bg-muted rounded-md border p-4">
          <h2 className="font-semibold">{shown.title}</h2>
          <p className="mt-1 text-sm">{shown.text}</p>
        </div>
      ) : null}
    </div>
  );
}
