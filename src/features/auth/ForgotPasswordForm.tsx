import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { requestPasswordReset } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { SOMETHING_WENT_WRONG } from './auth-texts';
import { EMPTY_RESET, RESET_RULES } from './login';

export interface ForgotPasswordFormProps {
  idPrefix: string;
  initialEmail?: string;
  /** Back to the login form; without it (the reset page) there is no way back to offer. */
  onBack?: (() => void) | undefined;
}

/**
 * Asks for a password reset e-mail whose link leads to /reset-password. The answer is the same whether or
 * not the address has an account, so nobody learns who is a member.
 */
export function ForgotPasswordForm({ idPrefix, initialEmail = '', onBack }: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSubmitForm({
    rules: RESET_RULES,
    empty: { ...EMPTY_RESET, email: initialEmail },
    send: async ({ email }) => {
      const result = await requestPasswordReset(email.trim());
      if (!result.error) {
        setSentTo(email.trim());
        showToast({
          title: 'Check your email',
          description: 'We sent a link to reset your password.',
          variant: 'success',
        });
      } else {
        showToast({
          title: 'Reset Failed',
          description: result.unexpected ? SOMETHING_WENT_WRONG : result.error,
          variant: 'destructive',
        });
      }
    },
  });
  const busy = form.submitting;

  return (
    <div className="space-y-4">
      <form
        noValidate
        onSubmit={form.handleSubmit}
        className="space-y-4"
        aria-labelledby={`${idPrefix}-title`}
      >
        <h2 id={`${idPrefix}-title`} className="text-lg font-semibold">
          Reset your password
        </h2>
        <p className="text-muted-foreground text-sm">
          Enter the e-mail address of your account and we&apos;ll send you a link to choose a new password.
        </p>
        <Field
          id={`${idPrefix}-email`}
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...form.field('email')}
        />
        <button type="submit" aria-disabled={busy} className={buttonClass('primary', 'md', 'w-full')}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <div role="status">
        {sentTo ? (
          <p className="bg-muted rounded-md p-3 text-sm">
            If an account exists for {sentTo}, an e-mail with a link to reset your password is on its way. The
            link works once and for a limited time.
          </p>
        ) : null}
      </div>
      {onBack ? (
        <button
          type="button"
          onClick={onBack}
          className={buttonClass('ghost', 'md', 'text-accent w-full underline underline-offset-4')}
        >
          Back to login
        </button>
      ) : null}
    </div>
  );
}
