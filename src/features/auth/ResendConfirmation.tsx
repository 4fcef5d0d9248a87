import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { resendConfirmation } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { SOMETHING_WENT_WRONG } from './auth-texts';

/** Shown when sign-in says the address is not confirmed yet: sends the confirmation e-mail again. */
export function ResendConfirmation({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function resend(): Promise<void> {
    if (busy) return;
    setBusy(true);
    const result = await resendConfirmation(email);
    setBusy(false);
    if (!result.error) {
      setSent(true);
      showToast({
        title: 'Confirmation email sent',
        description: `Please check the inbox of ${email}.`,
        variant: 'success',
      });
    } else {
      showToast({
        title: 'Could not send the email',
        description: result.unexpected ? SOMETHING_WENT_WRONG : result.error,
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="bg-muted space-y-3 rounded-md p-4 text-sm">
      <p>
        Your e-mail address is not confirmed yet. Follow the link in the e-mail we sent to {email}, or ask for
        a new one.
      </p>
      <button
        type="button"
        aria-disabled={busy}
        onClick={() => void resend()}
        className={buttonClass('outline', 'md', 'w-full')}
      >
        {busy ? 'Sending...' : 'Resend Confirmation Email'}
      </button>
      <p role="status">{sent ? 'A new confirmation e-mail is on its way.' : null}</p>
    </div>
  );
}
