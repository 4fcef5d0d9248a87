import { buttonClass } from '../../components/ui/button-styles';
import { passwordProblem } from '../../lib/rules';
import { formRules } from '../../lib/forms/form-rules';
import { updatePassword } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { SOMETHING_WENT_WRONG } from './auth-texts';
import { weakPasswordMessage } from './login';
import { PasswordField } from './PasswordField';

const RULES = formRules({ password: passwordProblem });

export interface NewPasswordFormProps {
  idPrefix: string;
  label: string;
  submitLabel: string;
  onSaved: () => void;
}

/** Sets the signed-in member's password (supabase auth.updateUser), with the server's reasons if refused. */
export function NewPasswordForm({ idPrefix, label, submitLabel, onSaved }: NewPasswordFormProps) {
  const form = useSubmitForm({
    rules: RULES,
    empty: { password: '' },
    send: async ({ password }) => {
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
    },
  });
  const busy = form.submitting;
  return (
    <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
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
