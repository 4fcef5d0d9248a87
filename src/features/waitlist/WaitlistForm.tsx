import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { Field } from '../../components/ui/form/Field';
import { $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { ConsentCheckbox } from '../consent/ConsentCheckbox';
import { asksToConfirm, isConsentTicked } from '../consent/consent';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { EMPTY_WAITLIST, WAITLIST_RULES, waitlistToast } from './waitlist';
import { joinWaitlist } from './waitlist.data';

export interface WaitlistFormProps {
  /** Unique per page: every trip has its own waitlist form. */
  idPrefix: string;
  eventName: string;
}

export function WaitlistForm({ idPrefix, eventName }: WaitlistFormProps) {
  // A signed-in member's address is filled in (the store knows it without loading anything for visitors).
  const memberEmail = useStore($user)?.email ?? '';
  const empty = useMemo(() => ({ ...EMPTY_WAITLIST, email: memberEmail }), [memberEmail]);
  const { field, values, setField, handleSubmit, submitting } = useSubmitForm({
    empty,
    rules: WAITLIST_RULES,
    send: async (entry, form) => {
      const consented = isConsentTicked(entry.marketingConsent);
      const outcome = await joinWaitlist({ ...entry, eventName, marketingConsent: consented });
      showToast(waitlistToast(outcome, asksToConfirm(consented, entry.email, memberEmail)));
      if (outcome !== 'joined') return false;
      form.closest('dialog')?.close();
      return true;
    },
  });
  useEffect(() => {
    if (memberEmail && !values.email) setField('email', memberEmail);
    // Only when the member becomes known: a member who clears the field may type another address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberEmail]);

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label={`Join the waitlist for ${eventName}`}
      aria-busy={submitting}
    >
      <Field id={id('full-name')} label="Full name" required autoComplete="name" {...field('fullName')} />
      <Field id={id('email')} label="Email" type="email" required autoComplete="email" {...field('email')} />
      <Field id={id('phone')} label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <Field id={id('notes')} label="Notes" rows={3} {...field('notes')} />
      <ConsentCheckbox
        id={id('consent')}
        value={values.marketingConsent}
        onChange={field('marketingConsent').onChange}
      />
      <SubmitButton submitting={submitting} busyLabel="Adding...">
        Add Me to the Waitlist
      </SubmitButton>
    </form>
  );
}
