import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { replyBodyProblem, replySubjectProblem } from './reply-rules';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { ruleString } from '../../../lib/forms/rule-schema';
import { EnquiryGoneError, replyToEnquiry, type AnyEnquiryRow, type EnquiryKind } from './enquiries.data';

const replySchema = z.object({
  subject: ruleString(replySubjectProblem),
  body: ruleString(replyBodyProblem),
});
type Reply = z.infer<typeof replySchema>;

/** The subject a reply starts with: it names the trip, or answers the message. */
function firstSubject(kind: EnquiryKind, row: AnyEnquiryRow): string {
  const trip = 'event_name' in row ? row.event_name : '';
  if (kind === 'waitlist') return `Your place on the ${trip} waitlist`;
  if (kind === 'interest') return `Your interest in ${trip}`;
  return 'Re: your message';
}

/**
 * Answers an enquiry by e-mail from the screen. The message goes to the address the enquirer gave (the
 * database looks it up; the screen cannot name another), replies come back to the company's address, and
 * the enquiry is marked answered.
 */
export function ReplyDialog({
  open,
  kind,
  row,
  onClose,
  onSent,
}: {
  open: boolean;
  kind: EnquiryKind;
  row: AnyEnquiryRow;
  onClose: () => void;
  onSent: () => void;
}) {
  const form = useForm<Reply>({
    resolver: zodResolver(replySchema),
    defaultValues: { subject: firstSubject(kind, row), body: `Dear ${row.full_name},\n\n` },
  });
  const original = 'notes' in row ? row.notes : 'message' in row ? row.message : null;

  async function send(reply: Reply) {
    try {
      const sentTo = await replyToEnquiry(kind, row.id, reply);
      showToast({
        title: 'Reply sent',
        description: `Your reply is on its way to ${sentTo}.`,
        variant: 'success',
      });
      onSent();
    } catch (error) {
      if (error instanceof EnquiryGoneError)
        showToast({ title: 'Not sent', description: error.message, variant: 'destructive' });
      else showErrorToast();
    }
  }

  return (
    <ModalDialog open={open} title={`Reply to ${row.full_name}`} onClose={onClose}>
      <p className="text-muted-foreground mt-2 text-sm">
        To {row.full_name} &lt;{row.email}&gt;. Their replies come back to the company&apos;s address.
      </p>
      {original && (
        <blockquote className="border-border text-muted-foreground mt-3 max-h-32 overflow-y-auto border-l-4 pl-3 text-sm whitespace-pre-line">
          {original}
        </blockquote>
      )}
      <FormProvider {...form}>
        <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void form.handleSubmit(send)(event)}>
          <FormField<Reply> name="subject" label="Subject" required />
          <FormField<Reply> name="body" label="Message" required rows={8} />
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass('outline')} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Sending…' : 'Send reply'}
            </button>
          </div>
        </form>
      </FormProvider>
    </ModalDialog>
  );
}
