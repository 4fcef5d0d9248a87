import { buttonClass } from '../../components/ui/button-styles';
import { passwordProblem } from '../../lib/rules';
import { updatePassword } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { useValidatedForm } from '../../lib/forms/useFormValues';
import { collectErrors } from '../../lib/forms/validation';
import { SOMETHING_WENT_WRONG } from './auth-texts';
import { weakPasswordMessage } from './login';
import { PasswordField } from './PasswordField';
import { useBusySubmit } from './use-busy-submit';

const FIELDS = ['password'] as const;
const validate = (values: { password: string }) =>
  collectErrors({ password: passwordProblem(values.password) });

export interface NewPasswordFormProps {
  idPrefix: string;
  label: string;
  submitLabel: string;
  onSaved: () => void;
}

/** Sets the signed-in member's password (supabase auth.updateUser), with the server's reasons if refused. */
export function NewPasswordForm({ idPrefix, label, submitLabel, onSaved }: NewPasswordFormProps) {
  const form = useValidatedForm({ password: '' }, FIELDS, validate);
  const { busy, onSubmit } = useBusySubmit(form, validate, async ({ password }) => {
    const result = await updatePassword(password);
    if (!result.error) {
      onSaved();
      return;
    }
    const weak = weakPasswordMessage(result.reasons);
    if (weak) form.setErrors({ password: weak });
    showToast({
      title: 'Password not saved',
      description: result.unexpected ? SOMETHING_WENT_WRONG : result.error,
      variant: 'destructive',
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="space-y-1.5">
        <PasswordField
          id={`${idPrefix}-password`}
          label={label}
          autoComplete="new-password"
          {...form.field('password')}
        />
        <p className="text-muted-foreground text-sm">At least 8 characters with letters and digits.</p>
      </div>
      <button type="submit" aria-disabled={busy} className={buttonClass('primary', 'md', 'w-full')}>
        {busy ? 'Saving...' : submitLabel}
      </button>
    </form>
  );
}
