import { useMutation } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { PASSWORD_MIN_LENGTH } from '../../lib/rules';
import { showToast } from '../../stores/toasts';
import { PasswordToggle } from '../auth/PasswordToggle';
import { hasErrors } from '../../lib/forms/validation';
import { useValidatedForm } from '../../lib/forms/useFormValues';
import { PASSWORD_FIELDS, validatePasswordChange } from './account';
import { changePassword } from './account.data';
import { Notice } from './Section';

const EMPTY = { password: '', confirm: '' };

/** A new password, checked as the auth server checks it; the server's own reasons show when it refuses. */
export function PasswordChange() {
  const [visible, setVisible] = useState(false);
  const { values, field, setErrors, reset } = useValidatedForm(
    EMPTY,
    PASSWORD_FIELDS,
    validatePasswordChange,
  );
  const change = useMutation({
    mutationFn: () => changePassword(values.password),
    onSuccess: () => {
      reset();
      showToast({
        title: 'Password changed',
        description: 'Use it next time you sign in. Your other devices have been signed out.',
        variant: 'success',
      });
    },
  });

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const errors = validatePasswordChange(values);
    setErrors(errors);
    if (hasErrors(errors)) {
      const first = PASSWORD_FIELDS.find((key) => errors[key]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    change.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4" aria-label="Change your password">
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
