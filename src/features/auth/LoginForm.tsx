import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { signIn } from '../../stores/session';
import { showToastAcrossNavigation } from '../../components/site/carried-toast';
import { showToast } from '../../stores/toasts';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { LOGIN, SOMETHING_WENT_WRONG } from './auth-texts';
import { EMPTY_LOGIN, LOGIN_RULES } from './login';
import { PasswordField } from './PasswordField';

// Needed only after a click (forgot) or a refusal (unconfirmed): loaded then, keeping /login's first load small.
const ForgotPasswordForm = lazy(() =>
  import('./ForgotPasswordForm').then((module) => ({ default: module.ForgotPasswordForm })),
);
const ResendConfirmation = lazy(() =>
  import('./ResendConfirmation').then((module) => ({ default: module.ResendConfirmation })),
);

export interface LoginFormProps {
  idPrefix: string;
  /** After a successful sign-in (the page decides where the member goes). */
  onSignedIn?: (() => void) | undefined;
}

/** The Login tab: e-mail and password; from here a reset e-mail or a new confirmation e-mail. */
export function LoginForm({ idPrefix, onSignedIn }: LoginFormProps) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  const form = useSubmitForm({
    rules: LOGIN_RULES,
    empty: EMPTY_LOGIN,
    send: async ({ email, password }) => {
      const result = await signIn(email.trim(), password);
      setUnconfirmed(result.code === 'email_not_confirmed' ? email.trim() : null);
      if (!result.error) {
        // The page moves on after signing in (go-on.ts): the welcome shows there too.
        showToastAcrossNavigation({
          title: LOGIN.welcome,
          description: LOGIN.welcomeText,
          variant: 'success',
        });
        onSignedIn?.();
      } else if (result.unexpected) {
        showToast({ title: LOGIN.error, description: SOMETHING_WENT_WRONG, variant: 'destructive' });
      } else {
        showToast({ title: LOGIN.failed, description: result.error, variant: 'destructive' });
      }
    },
  });
  const busy = form.submitting;

  if (view === 'forgot')
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <ForgotPasswordForm
          idPrefix={id('forgot')}
          initialEmail={form.values.email}
          onBack={() => setView('login')}
        />
      </Suspense>
    );

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4" aria-label="Login">
        <Field
          id={id('email')}
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...form.field('email')}
        />
        <PasswordField id={id('password')} autoComplete="current-password" {...form.field('password')} />
        <button type="submit" aria-disabled={busy} className={buttonClass('primary', 'md', 'w-full')}>
          {busy ? LOGIN.busy : LOGIN.submit}
        </button>
      </form>
      {unconfirmed ? (
        <Suspense fallback={null}>
          <ResendConfirmation email={unconfirmed} />
        </Suspense>
      ) : null}
      <button
        type="button"
        onClick={() => setView('forgot')}
        className={buttonClass('ghost', 'md', 'text-accent w-full underline underline-offset-4')}
      >
        Forgot your password?
      </button>
    </div>
  );
}
