import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useRef } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { showToastOnNextPage } from '../../stores/toasts';
import { deletionConfirmed, deletionRules } from './account';
import { deleteMyAccount, forgetStoredSession } from './account.data';
import { Notice } from './Section';

/**
 * Deleting the account: a native modal dialog (the page behind is inert, Escape closes it, Tab stays in it)
 * that asks for the member's address before delete_my_account() runs. Afterwards this browser forgets the
 * session and the home page says what happened.
 */
export function DeleteAccount({ email }: { email: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), description: useId(), field: useId() };
  const remove = useMutation({
    mutationFn: () => deleteMyAccount(),
    onSuccess: () => {
      showToastOnNextPage({
        title: 'Account deleted',
        description: 'Your account and personal details are gone. Thank you for travelling with us.',
        variant: 'success',
      });
      forgetStoredSession();
      window.location.replace('/');
    },
  });

  const rules = useMemo(() => deletionRules(email), [email]);
  const { field, reset, handleSubmit } = useSubmitForm({
    rules,
    empty: { confirmation: '' },
    // Success leaves the page; a refusal shows in the notice below the field.
    send: () => remove.mutateAsync().then(noop, noop),
  });
  const typed = field('confirmation');
  const errorId = `${ids.field}-error`;

  function open(): void {
    reset();
    remove.reset();
    dialog.current?.showModal();
    input.current?.focus();
  }

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={open}
        className={buttonClass('outline', 'md', 'text-destructive border-destructive')}
      >
        Delete my account
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={ids.title}
        aria-describedby={ids.description}
        className="ui-dialog"
        onCancel={(event) => {
          if (remove.isPending) event.preventDefault();
        }}
      >
        <form noValidate onSubmit={handleSubmit} className="space-y-4 p-6">
          <h2 id={ids.title} className="text-2xl font-semibold">
            Delete your account?
          </h2>
          <div id={ids.description} className="text-muted-foreground space-y-2 text-sm">
            <p>
              This cannot be undone. You will be signed out everywhere and will not be able to sign in again
              with this account.
            </p>
            <p>
              Your name, phone number, e-mail address, reactions, follows, favourites and waitlist entries are
              removed. Bookings stay in the company&apos;s records without your details, and your comments
              stay as &lsquo;Anonymous&rsquo;.
            </p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.field} className="text-sm font-medium">
              Type your e-mail address ({email}) to confirm
            </label>
            <input
              ref={input}
              id={ids.field}
              name={typed.name}
              type="email"
              autoComplete="off"
              value={typed.value}
              onChange={(event) => typed.onChange(event.target.value)}
              aria-invalid={typed.error ? true : undefined}
              aria-describedby={typed.error ? errorId : undefined}
              className="border-border bg-background text-foreground w-full rounded-md border px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-1"
            />
            {typed.error ? (
              <p id={errorId} className="text-destructive text-sm">
                {typed.error}
              </p>
            ) : null}
          </div>
          {remove.error ? (
            <Notice tone="error">Your account was not deleted: {remove.error.message}</Notice>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              disabled={remove.isPending}
              className={buttonClass('outline')}
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={!deletionConfirmed(typed.value, email) || remove.isPending}
              className={buttonClass(
                'primary',
                'md',
                'bg-destructive text-background hover:bg-destructive/90',
              )}
            >
              {remove.isPending ? 'Deleting Account...' : 'Delete my account'}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function noop(): void {}
