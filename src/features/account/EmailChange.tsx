import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { emailChangeRules, linkMessage } from './account';
import { requestEmailChange } from './account.data';
import { Notice } from './Section';

/**
 * The address change. With double_confirm_changes (docs/decisions/0016, point 5) links go to the current
 * and the new address, and the change happens only when both are followed; the first lands here with
 * `#message=…`, which is shown, the second signs the member in with the new address.
 */
export function EmailChange({ user }: { user: User }) {
  const current = user.email ?? '';
  const [landed] = useState(() => linkMessage(window.location.hash));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (email: string) =>
      requestEmailChange(email, new URL('/personal-details', window.location.origin).href),
    onSuccess: (_, email) => setSentTo(email.trim()),
  });
  const rules = useMemo(() => emailChangeRules(current), [current]);
  const { field, handleSubmit } = useSubmitForm({
    rules,
    empty: { email: '' },
    // Resolves true once the links are sent, and the form empties; a refusal shows in the notice above it.
    send: ({ email }) =>
      change.mutateAsync(email).then(
        () => true,
        () => false,
      ),
  });
  const pending = sentTo ?? user.new_email ?? null;

  return (
    <div className="space-y-4">
      <p>
        Your e-mail address is <strong data-testid="current-email">{current}</strong>.
      </p>
      {landed ? <Notice tone={landed.isError ? 'error' : 'info'}>{landed.text}</Notice> : null}
      {pending ? (
        <Notice>
          <p className="font-semibold">Check both inboxes</p>
          <p className="mt-1">
            We sent a confirmation link to {current} and another to {pending}. Your address changes to{' '}
            {pending} only when you have followed both links.
          </p>
        </Notice>
      ) : null}
      {change.error ? <Notice tone="error">{change.error.message}</Notice> : null}
      <form
        noValidate
        onSubmit={handleSubmit}
        className="max-w-md space-y-4"
        aria-label="Change your e-mail address"
      >
        <Field
          id="account-new-email"
          label="New e-mail address"
          type="email"
          required
          autoComplete="email"
          {...field('email')}
        />
        <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
          {change.isPending ? 'Sending links...' : 'Change e-mail address'}
        </button>
      </form>
    </div>
  );
}
