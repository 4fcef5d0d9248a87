import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { Field } from '../../components/ui/form/Field';
import { $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { ConsentCheckbox } from '../consent/ConsentCheckbox';
import { asksToConfirm, isConsentTicked } from '../consent/consent';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { EMPTY_INTEREST, INTEREST_RULES, interestToast } from './interest';
import { registerInterest } from './interest.data';

export interface InterestFormProps {
  /** Unique per page: several interest forms can share one page. */
  idPrefix: string;
  eventName: string;
}

export function InterestForm({ idPrefix, eventName }: InterestFormProps) {
  const memberEmail = useStore($user)?.email ?? '';
  const empty = useMemo(() => ({ ...EMPTY_INTEREST, email: memberEmail }), [memberEmail]);
  const { field, values, setField, handleSubmit, submitting } = useSubmitForm({
    empty,
    rules: INTEREST_RULES,
    send: async (registration, form) => {
      const consented = isConsentTicked(registration.marketingConsent);
      const outcome = await registerInterest({ ...registration, eventName, marketingConsent: consented });
      showToast(interestToast(outcome, eventName, asksToConfirm(consented, registration.email, memberEmail)));
      // As the waitlist's dialog: registered, the form is cleared and the dialog closes (the toast thanks);
      // any other answer keeps the dialog open with what was typed (decision 0061).
      if (outcome !== 'registered') return false;
      form.closest('dialog')?.close();
      return true;
    },
  });
  useEffect(() => {
    if (memberEmail && !values.email) setField('email', memberEmail);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the member becomes known
  }, [memberEmail]);

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label={`Register interest in ${eventName}`}
      aria-busy={submitting}
    >
      <Field id={id('name')} label="Name" required autoComplete="name" {...field('name')} />
      <Field id={id('email')} label="Email" type="email" required autoComplete="email" {...field('email')} />
      <Field id={id('phone')} label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <Field id={id('message')} label="Message" rows={4} {...field('message')} />
      <ConsentCheckbox
        id={id('consent')}
        value={values.marketingConsent}
        onChange={field('marketingConsent').onChange}
      />
      <SubmitButton submitting={submitting} busyLabel="Submitting...">
        Submit Interest
      </SubmitButton>
    </form>
  );
}
