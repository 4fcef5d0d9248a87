import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { signUp } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { MARKETING_CONSENT_LABEL, REGISTER, SOMETHING_WENT_WRONG } from './auth-texts';
import { weakPasswordMessage } from './login';
import { PasswordField } from './PasswordField';
import { confirmationRedirect, EMPTY_REGISTER, REGISTER_RULES } from './register';

export interface RegisterFormProps {
  idPrefix: string;
  /** The id of the VIP dialog that 'Learn more about membership benefits' opens. */
  vipDialogId: string;
}

/**
 * The Register tab. The account is confirmed by e-mail; confirming clears the password typed here (anyone
 * could have typed it: decision 0016), so the member chooses it again after following the link.
 */
export function RegisterForm({ idPrefix, vipDialogId }: RegisterFormProps) {
  const [consent, setConsent] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  const form = useSubmitForm({
    rules: REGISTER_RULES,
    empty: EMPTY_REGISTER,
    send: async (values) => {
      const result = await signUp(
        values.email.trim(),
        values.password,
        values.fullName.trim(),
        consent,
        confirmationRedirect(window.location.search, window.location.origin),
      );
      if (!result.error) {
        showToast({
          title: REGISTER.success,
          description: consent ? `${REGISTER.successText} ${REGISTER.successTripNews}` : REGISTER.successText,
          variant: 'success',
        });
        setConsent(false);
        return true;
      }
      const weak = weakPasswordMessage(result.reasons);
      if (weak) form.setErrors({ password: weak });
      showToast({
        title: result.unexpected ? REGISTER.error : REGISTER.failed,
        description: result.unexpected ? SOMETHING_WENT_WRONG : result.error,
        variant: 'destructive',
      });
      return false;
    },
  });
  const busy = form.submitting;

  return (
    <form noValidate onSubmit={form.handleSubmit} className="space-y-4" aria-label="Register">
      <Field
        id={id('full-name')}
        label="Full name"
        required
        autoComplete="name"
        {...form.field('fullName')}
      />
      <Field
        id={id('email')}
        label="Email"
        type="email"
        required
        autoComplete="email"
        {...form.field('email')}
      />
      <div className="space-y-1.5">
        <PasswordField id={id('password')} autoComplete="new-password" {...form.field('password')} />
        <p className="text-muted-foreground text-sm">
          At least 8 characters with letters and digits. For your security you&apos;ll choose it again after
          confirming your e-mail address.
        </p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={id('marketing-consent')}
          name="marketingConsent"
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
          className="accent-primary mt-1 size-5 shrink-0"
        />
        <label htmlFor={id('marketing-consent')} className="text-sm">
          {MARKETING_CONSENT_LABEL}
        </label>
      </div>
      <button type="submit" aria-disabled={busy} className={buttonClass('primary', 'md', 'w-full')}>
        {busy ? REGISTER.busy : REGISTER.submit}
      </button>
      <button
        type="button"
        data-dialog-open={vipDialogId}
        aria-haspopup="dialog"
        className={buttonClass('ghost', 'md', 'text-accent w-full underline underline-offset-4')}
      >
        Learn more about membership benefits
      </button>
    </form>
  );
}
