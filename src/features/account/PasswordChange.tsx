import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { PASSWORD_MIN_LENGTH } from '../../lib/rules';
import { showToast } from '../../stores/toasts';
import { PasswordToggle } from '../auth/PasswordToggle';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { PASSWORD_RULES } from './account';
import { changePassword } from './account.data';
import { Notice } from './Section';

const EMPTY = { password: '', confirm: '' };

/** A new password, checked as the auth server checks it; the server's own reasons show when it refuses. */
export function PasswordChange() {
  const [visible, setVisible] = useState(false);
  const change = useMutation({
    mutationFn: (password: string) => changePassword(password),
    onSuccess: () => {
      showToast({
        title: 'Password changed',
        description: 'Use it next time you sign in. Your other devices have been signed out.',
        variant: 'success',
      });
    },
  });

  const { field, handleSubmit } = useSubmitForm({
    rules: PASSWORD_RULES,
    empty: EMPTY,
    // Resolves true once changed, and the form empties; a refusal shows in the notice under the fields.
    send: ({ password }) =>
      change.mutateAsync(password).then(
        () => true,
        () => false,
      ),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="max-w-md space-y-4" aria-label="Change your password">
      <p className="text-muted-foreground text-sm">
        At least {PASSWORD_MIN_LENGTH} characters, with letters and digits.
      </p>
      <Field
        id="settings-new-password"
        label="New password"
        type={visible ? 'text' : 'password'}
        required
        autoComplete="new-password"
        trailing={
          <PasswordToggle
            visible={visible}
            onToggle={() => setVisible((shown) => !shown)}
            controls="settings-new-password settings-confirm-password"
          />
        }
        {...field('password')}
      />
      <Field
        id="settings-confirm-password"
        label="Confirm new password"
        type={visible ? 'text' : 'password'}
        required
        autoComplete="new-password"
        {...field('confirm')}
      />
      {change.error ? (
        <Notice tone="error">Your password was not changed: {change.error.message}</Notice>
      ) : null}
      <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
        {change.isPending ? 'Changing Password...' : 'Change password'}
      </button>
    </form>
  );
}
