import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { OfflineNotice } from '../forms/OfflineNotice';
import { useValidatedForm } from '../forms/useFormValues';
import { EMPTY_INTEREST, INTEREST_FIELDS, validateInterest } from './interest';

export interface InterestFormProps {
  /** Unique per page: several interest forms can share one page. */
  idPrefix: string;
  eventName: string;
  contactEmail: string;
}

export function InterestForm({ idPrefix, eventName, contactEmail }: InterestFormProps) {
  // Saving comes with the accounts issue; until then a valid form says it was not sent.
  const { field, handleSubmit, submittedValid } = useValidatedForm(
    EMPTY_INTEREST,
    INTEREST_FIELDS,
    validateInterest,
  );
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
      aria-label={`Register interest in ${eventName}`}
    >
      <Field id={id('name')} label="Name" required autoComplete="name" {...field('name')} />
      <Field id={id('email')} label="Email" type="email" required autoComplete="email" {...field('email')} />
      <Field id={id('phone')} label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <Field id={id('message')} label="Message" rows={4} {...field('message')} />
      <OfflineNotice
        visible={submittedValid}
        message="We can't take registrations online just yet, so your interest has not been sent."
        contactEmail={contactEmail}
      />
      <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
        Submit Interest
      </button>
    </form>
  );
}
