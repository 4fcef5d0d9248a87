import { useStore } from '@nanostores/react';
import { IslandRoot } from '../../components/ui/IslandRoot';
import { $linkError, $loading, $passwordRecovery, $user } from '../../stores/session';
import { showToastAcrossNavigation } from '../../components/site/carried-toast';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SIGNED_IN_REDIRECT_DELAY_MS } from './go-on';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * /reset-password: the password reset e-mail's link lands here signed in, and supabase-js says
 * PASSWORD_RECOVERY; the member sets a new password and goes on to the dashboard. A spent or expired link,
 * or a visit without one, gets a clear message and a way to ask for a new link.
 */
function ResetPassword() {
  const loading = useStore($loading);
  const user = useStore($user);
  const recovery = useStore($passwordRecovery);
  const linkError = useStore($linkError);

  if (linkError)
    return (
      <div className="space-y-6">
        <div role="alert" className="border-destructive rounded-md border-2 p-4">
          <p className="font-semibold">This reset link did not work</p>
          <p className="mt-1 text-sm">{linkError}</p>
        </div>
        <ForgotPasswordForm idPrefix="reset-again" />
      </div>
    );
  if (loading) return <p role="status">Checking your reset link…</p>;
  if (recovery && user)
    return (
      <div className="space-y-4">
        <p>
          Choose a new password for <strong className="break-all">{user.email}</strong>.
        </p>
        <NewPasswordForm
          idPrefix="reset"
          label="New password"
          submitLabel="Set New Password"
          onSaved={() => {
            showToastAcrossNavigation({
              title: 'Password updated',
              description: 'Your new password is saved.',
              variant: 'success',
            });
            window.setTimeout(() => window.location.assign('/dashboard'), SIGNED_IN_REDIRECT_DELAY_MS);
          }}
        />
      </div>
    );
  return (
    <div className="space-y-6">
      <p role="status">
        Open the link in your password reset e-mail to choose a new password here. No e-mail, or the link has
        expired? Ask for a new one.
      </p>
      <ForgotPasswordForm idPrefix="reset-again" />
    </div>
  );
}

export default function ResetPasswordIsland() {
  return (
    <IslandRoot>
      <ResetPassword />
    </IslandRoot>
  );
}
