import { useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { OfflineNotice } from '../forms/OfflineNotice';
import { useValidatedForm } from '../forms/useFormValues';
import { PasswordToggle } from './PasswordToggle';
import { EMPTY_REGISTER, REGISTER_FIELDS, validateRegister } from './register';

export interface RegisterFormProps {
  idPrefix: string;
  contactEmail: string;
  /** The id of the VIP dialog that 'Learn more about membership benefits' opens. */
  vipDialogId: string;
}

export function RegisterForm({ idPrefix, contactEmail, vipDialogId }: RegisterFormProps) {
  // Accounts come with a later issue: then sign up here and toast 'Registration Successful!'.
  const { field, handleSubmit, submittedValid } = useValidatedForm(
    EMPTY_REGISTER,
    REGISTER_FIELDS,
    validateRegister,
  );
  const [passwordVisible, setPasswordVisible] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      <Field id={id('full-name')} label="Full name" required autoComplete="name" {...field('fullName')} />
      <Field id={id('email')} label="Email" type="email" required autoComplete="email" {...field('email')} />
      <Field
        id={id('password')}
        label="Password"
        type={passwordVisible ? 'text' : 'password'}
        required
        autoComplete="new-password"
        {...field('password')}
        trailing={
          <PasswordToggle
            visible={passwordVisible}
            controls={id('password')}
            onToggle={() => setPasswordVisible((visible) => !visible)}
          />
        }
      />
      <OfflineNotice
        visible={submittedValid}
        message="Online registration opens soon, so no account has been created yet."
        contactEmail={contactEmail}
      />
      <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
        Create Account
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
