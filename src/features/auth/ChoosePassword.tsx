import { useStore } from '@nanostores/react';
import { $profile, $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * The step before any member page while the account has no password: confirming the address cleared the
 * one typed at registration, since anyone could have typed it (docs/decisions/0016). The member checks
 * the details the account was registered with (a squatter may have typed them) and chooses a password.
 */
export function ChoosePassword({ onDone }: { onDone: () => void }) {
  const user = useStore($user);
  const profile = useStore($profile);
  const name = profile?.full_name?.trim() || 'not given';
  return (
    <section aria-labelledby="choose-password-title" className="mx-auto max-w-md space-y-5 py-8">
      <h2 id="choose-password-title" className="text-2xl font-semibold">
        Choose your password
      </h2>
      <p>
        Your e-mail address is confirmed. Before you go on, please check the details this account was
        registered with, then choose the password you will sign in with.
      </p>
      <dl className="bg-muted grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md p-4 text-sm">
        <dt className="font-semibold">Name</dt>
        <dd>{name}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd className="break-all">{user?.email}</dd>
      </dl>
      <p className="text-muted-foreground text-sm">
        Not what you registered? You can change your name in Personal Details after this step. If you did not
        register at all, do not choose a password: sign out and tell us.
      </p>
      <NewPasswordForm
        idPrefix="choose-password"
        label="New password"
        submitLabel="Save Password"
        onSaved={() => {
          showToast({
            title: 'Password saved',
            description: 'From now on, sign in with your e-mail address and this password.',
            variant: 'success',
          });
          onDone();
        }}
      />
    </section>
  );
}
