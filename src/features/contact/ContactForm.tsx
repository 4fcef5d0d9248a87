import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Field } from '../../components/ui/form/Field';
import { $user } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { SubmitButton } from '../../components/ui/form/SubmitButton';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { CONTACT_MESSAGE_ROWS, CONTACT_TOASTS, EMPTY_CONTACT, CONTACT_RULES } from './contact';
import { sendContactMessage } from './contact.data';

export interface ContactFormProps {
  /** Unique per page. */
  idPrefix: string;
}

/** The contact form: saved to contact_messages; the sender is thanked by toast and on the page. */
export function ContactForm({ idPrefix }: ContactFormProps) {
  const memberEmail = useStore($user)?.email ?? '';
  const empty = useMemo(() => ({ ...EMPTY_CONTACT, email: memberEmail }), [memberEmail]);
  const [sentBy, setSentBy] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const { field, values, setField, handleSubmit, submitting } = useSubmitForm({
    empty,
    rules: CONTACT_RULES,
    send: async (message) => {
      const outcome = await sendContactMessage(message);
      showToast(CONTACT_TOASTS[outcome]);
      const sent = outcome === 'sent';
      setSentBy(sent ? message.name.trim() : null);
      return sent;
    },
  });
  useEffect(() => {
    if (memberEmail && !values.email) setField('email', memberEmail);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the member becomes known
  }, [memberEmail]);
  useEffect(() => {
    // The confirmation replaces nothing, so focus moves to it: a screen reader reads it at once.
    if (sentBy) confirmation.current?.focus();
  }, [sentBy]);

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="space-y-6">
      <div ref={confirmation} tabIndex={-1} role="status" className="outline-none">
        {sentBy ? (
          <div className="border-border bg-muted rounded-md border p-4">
            <p className="font-semibold">Thank you, {sentBy}. Your message has been sent.</p>
            <p className="text-muted-foreground mt-1 text-sm">
              We read every message and will reply by e-mail. You can send another below.
            </p>
          </div>
        ) : null}
      </div>
      <form
        noValidate
        onSubmit={handleSubmit}
        className="space-y-4"
        aria-label="Contact us"
        aria-busy={submitting}
      >
        <Field id={id('name')} label="Name" required autoComplete="name" {...field('name')} />
        <Field
          id={id('email')}
          label="Email"
          type="email"
          required
          autoComplete="email"
          {...field('email')}
        />
        <Field id={id('phone')} label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <Field
          id={id('message')}
          label="Message"
          required
          rows={CONTACT_MESSAGE_ROWS}
          {...field('message')}
        />
        <SubmitButton submitting={submitting} busyLabel="Sending...">
          Send Message
        </SubmitButton>
      </form>
    </div>
  );
}
