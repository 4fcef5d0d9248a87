import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { OfflineNotice } from '../forms/OfflineNotice';
import { useValidatedForm } from '../forms/useFormValues';
import { EMPTY_WAITLIST, validateWaitlist, WAITLIST_FIELDS } from './waitlist';

export interface WaitlistFormProps {
  /** Unique per page: every trip has its own waitlist form. */
  idPrefix: string;
  eventName: string;
  contactEmail: string;
}

export function WaitlistForm({ idPrefix, eventName, contactEmail }: WaitlistFormProps) {
  // Saving comes with the accounts issue; until then a valid form says it was not sent.
  const { field, handleSubmit, submittedValid } = useValidatedForm(
    EMPTY_WAITLIST,
    WAITLIST_FIELDS,
    validateWaitlist,
  );
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label={`Join the waitlist for ${eventName}`}
    >
      <Field id={id('full-name')} label="Full name" required autoComplete="name" {...field('fullName')} />
      <Field id={id('email')} label="Email" type="email" required autoComplete="email" {...field('email')} />
      <Field id={id('phone')} label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <Field id={id('notes')} label="Notes" rows={3} {...field('notes')} />
      <OfflineNotice
        visible={submittedValid}
        message="We can't take waitlist sign-ups online just yet, so you have not been added."
        contactEmail={contactEmail}
      />
      <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
        Add Me to the Waitlist
      </button>
    </form>
  );
}
